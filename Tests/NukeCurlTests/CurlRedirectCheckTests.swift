// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

import Foundation
import NukeCore
import NukeCurl
import NukeHTTP
import NukeTestSupport
import Testing

/// `isRedirectAllowed` on real redirects: every hop's target is asked before it is followed.
@Suite struct CurlRedirectCheckTests {
    func makeLoader(allowing isAllowed: @escaping @Sendable (URL) -> Bool) -> CurlDataLoader {
        var configuration = CurlDataLoader.Configuration()
        configuration.proxy = .none
        configuration.retryPolicy = .disabled
        configuration.isRedirectAllowed = isAllowed
        return CurlDataLoader(configuration: configuration)
    }

    @Test("A redirect outside the allowed paths is refused before it is followed, at any hop")
    func refusedRedirect() async throws {
        let server = try HTTPTestServer()
        defer { server.stop() }
        server.route("/public/a") { _ in .redirect(to: "/public/b") }  // Relative, allowed.
        server.route("/public/b") { _ in .redirect(to: "/private/secret") }  // Refused at the second hop.
        server.route("/private/secret") { _ in .ok(sampleBody(1_000)) }
        server.route("/public/image") { _ in .ok(sampleBody(1_000)) }
        server.route("/public/moved") { _ in .redirect(to: "/public/image") }
        let asked = Collector<String>()
        let loader = makeLoader { url in
            asked.append(url.path)
            return url.path.hasPrefix("/public/")
        }

        let refused = try await load(DataRequest(url: server.url("/public/a")), with: loader)
        #expect(refused.error as? NetworkError == .redirectNotAllowed(url: "/private/secret"))
        #expect(refused.chunks.isEmpty)
        #expect(server.requests(to: "/private/secret").isEmpty, "the refused target is never requested")
        #expect(asked.all == ["/public/b", "/private/secret"])

        let followed = try await load(DataRequest(url: server.url("/public/moved")), with: loader)
        #expect(followed.succeeded)
        #expect(followed.body.count == 1_000)
    }

    @Test("An absolute redirect to another host is judged by its whole URL")
    func absoluteRedirect() async throws {
        let server = try HTTPTestServer()
        defer { server.stop() }
        let port = server.port
        server.route("/start") { _ in .redirect(to: "http://127.0.0.2:\(port)/image") }
        let loader = makeLoader { $0.host == "127.0.0.1" }
        let refused = try await load(DataRequest(url: server.url("/start")), with: loader)
        #expect(refused.error as? NetworkError == .redirectNotAllowed(url: "http://127.0.0.2:\(port)/image"))
        #expect(server.acceptedConnectionCount == 1)
    }
}
