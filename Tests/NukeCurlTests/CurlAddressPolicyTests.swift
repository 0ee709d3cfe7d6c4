// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

import Foundation
import NukeCore
import NukeCurl
import NukeHTTP
import NukeTestSupport
import Testing

/// The address policy against real connections on loopback: the address checked is the one
/// libcurl connects to, on every connection, redirects included.
@Suite struct CurlAddressPolicyTests {
    func makeLoader(_ policy: AddressPolicy) -> CurlDataLoader {
        var configuration = CurlDataLoader.Configuration()
        configuration.proxy = .none
        configuration.retryPolicy = .disabled
        configuration.addressPolicy = policy
        return CurlDataLoader(configuration: configuration)
    }

    func expectDenied(_ record: LoadRecord, address: String) {
        #expect(
            record.error as? NetworkError == .addressNotAllowed(address: address),
            "\(String(describing: record.error))"
        )
        #expect(record.chunks.isEmpty)
    }

    @Test("The loader reports its configuration's policy to whoever holds it as any DataLoading")
    func reportsPolicy() {
        var policy = AddressPolicy.publicInternetOnly
        policy.allowedNetworks = [IPNetwork("10.20.0.0/16")!]
        let loader: any DataLoading = makeLoader(policy)
        #expect((loader as? any AddressPolicyReporting)?.addressPolicy == policy)
    }

    @Test("A denied address is refused before connecting; an allowed network overrides the denial")
    func deniedAddress() async throws {
        let server = try HTTPTestServer()
        defer { server.stop() }
        server.route("/image") { _ in .ok(sampleBody(1_000)) }
        let denied = try await load(DataRequest(url: server.url("/image")), with: makeLoader(.publicInternetOnly))
        expectDenied(denied, address: "127.0.0.1")
        #expect(server.acceptedConnectionCount == 0)

        var exception = AddressPolicy.publicInternetOnly
        exception.allowedNetworks = [try #require(IPNetwork("127.0.0.1/32"))]
        #expect(try await load(DataRequest(url: server.url("/image")), with: makeLoader(exception)).succeeded)
    }

    @Test("A redirect from an allowed address to a denied one is refused at the second hop")
    func redirectToDeniedAddress() async throws {
        let server = try HTTPTestServer()
        defer { server.stop() }
        server.routeAddressPolicyRedirects()
        let policy = AddressPolicy(deniedNetworks: [HTTPTestServer.deniedRedirectNetwork])
        let loader = makeLoader(policy)
        expectDenied(try await load(DataRequest(url: server.url("/start")), with: loader), address: "127.0.0.2")
        #expect(server.requests(to: "/start").count == 1)
        // The same policy follows a redirect to an allowed address.
        #expect(try await load(DataRequest(url: server.url("/elsewhere")), with: loader).succeeded)
    }

    @Test("An IPv4-mapped IPv6 address is judged by the IPv4 address inside it")
    func ipv4MappedAddress() async throws {
        let server = try HTTPTestServer()
        defer { server.stop() }
        let url = try #require(URL(string: "http://[::ffff:127.0.0.1]:\(server.port)/image"))
        expectDenied(
            try await load(DataRequest(url: url), with: makeLoader(.publicInternetOnly)),
            address: "::ffff:127.0.0.1"
        )
        #expect(server.acceptedConnectionCount == 0)
    }

    @Test("A host name is judged by the addresses it resolves to")
    func hostNameResolvingToDeniedAddress() async throws {
        let server = try HTTPTestServer()
        defer { server.stop() }
        server.route("/image") { _ in .ok(sampleBody(1_000)) }
        let url = try #require(URL(string: "http://localhost:\(server.port)/image"))
        let denied = try await load(DataRequest(url: url), with: makeLoader(.publicInternetOnly))
        let error = try #require(denied.error as? NetworkError)
        guard case .addressNotAllowed(let address) = error else {
            Issue.record("error \(error), expected addressNotAllowed")
            return
        }
        #expect(IPAddress(address).map { !AddressPolicy(denying: .loopback).allows($0) } == true, "\(address)")
        #expect(server.acceptedConnectionCount == 0)
        // Allowed, the same name reaches the server.
        #expect(try await load(DataRequest(url: url), with: makeLoader(.allowAll)).succeeded)
    }
}
