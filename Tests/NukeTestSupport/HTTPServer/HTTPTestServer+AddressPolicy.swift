// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

internal import NukeCore
public import NukeHTTP

extension HTTPTestServer {
    /// The block the address-policy redirect routes send their first redirect into.
    public static let deniedRedirectNetwork = IPNetwork("127.0.0.2/32")!

    /// Routes for address-policy tests: `/start` redirects to ``deniedRedirectNetwork`` (another
    /// loopback address, same port), `/elsewhere` redirects to `/image` on this server, and
    /// `/image` serves 1,000 bytes.
    public func routeAddressPolicyRedirects() {
        let port = self.port
        route("/start") { _ in .redirect(to: "http://127.0.0.2:\(port)/internal") }
        route("/elsewhere") { _ in .redirect(to: "/image") }
        route("/image") { _ in .ok(sampleBody(1_000)) }
    }
}
