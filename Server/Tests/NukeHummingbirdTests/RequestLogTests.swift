// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

import Foundation
import Hummingbird
import HummingbirdTesting
import Logging
import NukeHummingbird
import NukeProxyTestSupport
import NukeTestSupport
import Testing

@Suite("Request log lines, from the router's middleware")
struct RequestLogTests {
    /// The lines the middleware logged: those that start with a method.
    private static func requestLines(_ log: LogRecorder) -> [LogRecorder.Entry] {
        log.logged.filter { $0.message.hasPrefix("GET ") || $0.message.hasPrefix("HEAD ") }
    }

    @Test(
        "One line per image request once answered: method, path without its signature, status, time, size; /health is not logged"
    )
    func linePerRequest() async throws {
        let fixture = try ProxyFixture()
        let log = LogRecorder()
        let proxy = fixture.proxy(logger: log.logger)
        let found = fixture.path("w:100", "/photo.jpg")
        let missing = fixture.path("w:100", "/missing.jpg")
        let size = try await Application(router: proxy.router()).test(.router) { client in
            let size = try await client.execute(uri: found, method: .get) { response in
                #expect(response.status == .ok)
                return response.body.readableBytes
            }
            try await client.execute(uri: missing, method: .get) { response in
                #expect(response.status == .notFound)
            }
            try await client.execute(uri: "/health", method: .get) { response in
                #expect(response.status == .ok)
            }
            return size
        }
        let lines = Self.requestLines(log)
        try #require(lines.count == 2, "\(log.messages)")
        let path = "/-/w:100/plain/" + fixture.origin.url("/photo.jpg").absoluteString
        #expect(lines[0].message.hasPrefix("GET \(path) 200 "))
        #expect(lines[0].message.hasSuffix(" ms \(size) B image/jpeg"))
        #expect(lines[0].level == .info)
        #expect(lines[0].metadata["status"]?.description == "200")
        #expect(lines[0].metadata["bytes"]?.description == "\(size)")
        #expect(lines[0].metadata["content_type"]?.description == "image/jpeg")
        #expect(lines[0].metadata["path"]?.description == path)
        #expect(lines[0].metadata["source_host"]?.description == "127.0.0.1")
        #expect(Double(lines[0].metadata["duration_ms"]?.description ?? "") != nil)
        #expect(lines[0].metadata["request_id"]?.description.isEmpty == false)
        let missingPath = "/-/w:100/plain/" + fixture.origin.url("/missing.jpg").absoluteString
        #expect(
            lines[1].message.hasPrefix("GET \(missingPath) 404 ") && lines[1].metadata["status"]?.description == "404"
        )
        let signature = String(found.dropFirst().prefix { $0 != "/" })
        #expect(!log.messages.contains { $0.contains(signature) })
        // Why it was 404 is the proxy's own line, logged before the request line.
        let cause = try #require(log.messages.firstIndex { $0.hasPrefix("404 ") })
        #expect(cause < log.messages.firstIndex(of: lines[1].message)!)
    }

    @Test("At another level, or none")
    func levels() async throws {
        let fixture = try ProxyFixture()
        for level in [Logger.Level.notice, nil] {
            let log = LogRecorder()
            let proxy = fixture.proxy(logger: log.logger) { $0.requestLogLevel = level }
            try await Application(router: proxy.router()).test(.router) { client in
                try await client.execute(uri: fixture.path("w:100", "/photo.jpg"), method: .get) { response in
                    #expect(response.status == .ok)
                }
            }
            #expect(Self.requestLines(log).map(\.level) == (level.map { [$0] } ?? []))
        }
    }
}
