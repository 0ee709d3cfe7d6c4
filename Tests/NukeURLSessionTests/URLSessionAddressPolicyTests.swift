// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

import Foundation
import NukeCore
import NukeHTTP
import NukeTestSupport
import NukeURLSession
import Testing

/// What `URLSession`'s API lets the address policy check: the host of the request and of each
/// redirect, when it is an address literal or `localhost`.
@Suite struct URLSessionAddressPolicyTests {
    func makeLoader(_ policy: AddressPolicy) -> URLSessionDataLoader {
        var configuration = URLSessionDataLoader.Configuration()
        configuration.retryPolicy = .disabled
        configuration.addressPolicy = policy
        return URLSessionDataLoader(configuration: configuration)
    }

    @Test("The loader does not report an address policy: it checks names, not addresses")
    func reportsNoPolicy() {
        let loader: any DataLoading = makeLoader(.publicInternetOnly)
        #expect(!(loader is any AddressPolicyReporting))
    }

    @Test("A denied address literal or localhost is refused before any request")
    func deniedHosts() async throws {
        let server = try HTTPTestServer()
        defer { server.stop() }
        server.route("/image") { _ in .ok(sampleBody(1_000)) }
        let loader = makeLoader(.publicInternetOnly)
        for host in ["127.0.0.1", "localhost", "[::ffff:127.0.0.1]"] {
            let url = try #require(URL(string: "http://\(host):\(server.port)/image"))
            let record = try await load(DataRequest(url: url), with: loader)
            let error = try #require(record.error as? NetworkError, "\(host)")
            guard case .addressNotAllowed = error else {
                Issue.record("error \(error) for \(host), expected addressNotAllowed")
                continue
            }
        }
        #expect(server.acceptedConnectionCount == 0)
    }

    @Test("A redirect to a denied address literal is not followed")
    func redirectToDeniedHost() async throws {
        let server = try HTTPTestServer()
        defer { server.stop() }
        server.routeAddressPolicyRedirects()
        let loader = makeLoader(AddressPolicy(deniedNetworks: [HTTPTestServer.deniedRedirectNetwork]))
        let record = try await load(DataRequest(url: server.url("/start")), with: loader)
        #expect(record.error as? NetworkError == .addressNotAllowed(address: "127.0.0.2"))
        #expect(server.requests(to: "/start").count == 1)
        #expect(try await load(DataRequest(url: server.url("/elsewhere")), with: loader).succeeded)
    }
}
