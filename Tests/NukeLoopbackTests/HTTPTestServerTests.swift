// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

import Foundation
import NukeCore
import NukeLoopback
import Testing

@Suite struct HTTPTestServerTests {
    /// Sends `request` over a fresh connection and reads until the server closes it.
    private func exchange(_ request: String, port: UInt16) throws -> String {
        let socket = try #require(Socket.connect(toPort: port))
        defer { socket.close() }
        #expect(socket.write(Array(request.utf8)))
        var received: [UInt8] = []
        while let chunk = socket.read(upTo: 64 << 10) { received += chunk }
        return String(decoding: received, as: UTF8.self)
    }

    @Test func servesAResourceWithItsValidators() throws {
        let server = try HTTPTestServer()
        defer { server.stop() }
        server.serve(
            HTTPTestResource(body: Data("pixels".utf8), contentType: "image/png", etag: "\"v1\""),
            at: "/a.png"
        )

        let response = try exchange("GET /a.png HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n", port: server.port)

        #expect(response.hasPrefix("HTTP/1.1 200"))
        #expect(response.contains("Content-Type: image/png"))
        #expect(response.contains("ETag: \"v1\""))
        #expect(response.hasSuffix("\r\n\r\npixels"))
        #expect(server.requests(to: "/a.png").map(\.method) == ["GET"])
    }

    @Test func answersAMatchingConditionalRequestWith304() throws {
        let server = try HTTPTestServer()
        defer { server.stop() }
        server.serve(HTTPTestResource(body: Data("pixels".utf8), etag: "\"v1\""), at: "/a.jpg")

        let response = try exchange(
            "GET /a.jpg HTTP/1.1\r\nHost: x\r\nIf-None-Match: \"v1\"\r\nConnection: close\r\n\r\n",
            port: server.port
        )

        #expect(response.hasPrefix("HTTP/1.1 304"))
        #expect(!response.contains("pixels"))
    }

    @Test func servesByteRanges() throws {
        let server = try HTTPTestServer()
        defer { server.stop() }
        server.serve(HTTPTestResource(body: Data("0123456789".utf8)), at: "/r")

        let response = try exchange(
            "GET /r HTTP/1.1\r\nHost: x\r\nRange: bytes=4-\r\nConnection: close\r\n\r\n",
            port: server.port
        )

        #expect(response.hasPrefix("HTTP/1.1 206"))
        #expect(response.contains("Content-Range: bytes 4-9/10"))
        #expect(response.hasSuffix("\r\n\r\n456789"))
    }

    @Test func answersAnUnknownPathWith404() throws {
        let server = try HTTPTestServer()
        defer { server.stop() }

        let response = try exchange("GET /missing HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n", port: server.port)

        #expect(response.hasPrefix("HTTP/1.1 404"))
    }

    @Test func refusesConnectionsOnceStopped() throws {
        let server = try HTTPTestServer()
        let port = server.port
        server.stop()

        #expect(Socket.connect(toPort: port) == nil)
    }
}
