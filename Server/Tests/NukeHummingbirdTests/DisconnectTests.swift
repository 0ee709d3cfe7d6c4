// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

import Foundation
import Hummingbird
import HummingbirdTesting
import NukeProxyTestSupport
import Testing

@testable import NukeHummingbird
@testable import NukeProxy

#if canImport(Glibc)
    import Glibc
#endif

@Suite("A client that disconnects cancels its request's work")
struct DisconnectTests {
    @Test("The origin sees the download end when the client goes away", .timeLimit(.minutes(1)))
    func disconnectCancelsDownload() async throws {
        let fixture = try ProxyFixture()
        let proxy = fixture.proxy()
        let app = Application(router: proxy.router(), server: proxy.httpServer())
        let path = fixture.path("w:10", "/slow.jpg")
        try await app.test(.live) { client in
            let port = try #require(client.port)
            let socket = try RawClient(port: port)
            socket.send("GET \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
            while fixture.origin.requests(to: "/slow.jpg").isEmpty { await Task.yield() }
            socket.close()
            while fixture.origin.abandonedResponseCount == 0 { await Task.yield() }
            while proxy.requestsInFlight > 0 { await Task.yield() }
        }
        #expect(fixture.origin.abandonedResponseCount == 1)
    }

    @Test("Entries live only while requests are in flight; a client going away cancels only its own")
    func stateMachine() {
        var state = DisconnectCancellationState()
        let connections = (NSObject(), NSObject())
        let (a, b) = (ObjectIdentifier(connections.0), ObjectIdentifier(connections.1))
        let first = state.register(a) {}
        _ = state.register(a) {}
        _ = state.register(b) {}
        state.unregister(a, token: first)
        #expect(state.connectionCount == 2)
        #expect(state.closed(a).count == 1)
        #expect(state.closed(a).isEmpty)
        let last = state.register(b) {}
        #expect(state.connectionCount == 1)
        state.unregister(b, token: last)
        #expect(state.closed(b).count == 1)
        #expect(state.connectionCount == 0)
        withExtendedLifetime(connections) {}
    }
}

/// A blocking TCP client on loopback that can hang up mid-request.
private final class RawClient: @unchecked Sendable {  // Used from one test task at a time.
    private var descriptor: Int32

    init(port: Int) throws {
        descriptor = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                Glibc.connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard descriptor >= 0, connected == 0 else { throw POSIXError(.ECONNREFUSED) }
    }

    func send(_ text: String) {
        let bytes = Array(text.utf8)
        _ = bytes.withUnsafeBytes { Glibc.send(descriptor, $0.baseAddress, $0.count, 0) }
    }

    func close() {
        _ = Glibc.close(descriptor)
        descriptor = -1
    }
}
