// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

import HTTPTypes
import Hummingbird
import HummingbirdTesting
import InMemoryTracing
import NukeHummingbird
import NukeProxyTestSupport
import NukeTestSupport
import Testing
import Tracing

@Suite("Request spans from the router's middleware, for an embedded proxy's tracer")
struct RequestTracingTests {
    /// A caller's trace context as the in-memory tracer's propagation writes it.
    private static let callerContext: HTTPFields = [
        .init(InMemoryTracer.traceIDKey)!: "caller-trace",
        .init(InMemoryTracer.spanIDKey)!: "caller-span",
    ]

    @Test("A server span per image request: route, path without its signature, status; a 5xx marks it failed")
    func spanPerRequest() async throws {
        let fixture = try ProxyFixture()
        fixture.origin.route("/broken.jpg") { _ in .status(500) }
        let tracer = InMemoryTracer()
        let proxy = fixture.proxy(tracer: tracer)
        let found = fixture.path("w:100", "/photo.jpg")
        let signature = String(found.dropFirst().prefix { $0 != "/" })
        try await Application(router: proxy.router()).test(.router) { client in
            try await client.execute(uri: found, method: .get, headers: Self.callerContext) {
                #expect($0.status == .ok)
            }
            try await client.execute(uri: fixture.path("w:100", "/broken.jpg"), method: .get) {
                #expect($0.status == .badGateway)
            }
            try await client.execute(uri: "/health", method: .get) { #expect($0.status == .ok) }
        }
        let spans = tracer.finishedSpans.filter { $0.kind == .server }
        try #require(spans.count == 2, "/health has no span: \(spans.map(\.operationName))")
        let (span, failed) = (spans[0], spans[1])
        #expect(span.operationName == "GET /**")
        #expect(span.parentSpanID == nil, "a client's trace context is not continued by default")
        #expect(span.traceID != "caller-trace")
        #expect(span.attributes["http.response.status_code"]?.toSpanAttribute() == .int64(200))
        #expect(span.attributes["http.route"]?.toSpanAttribute() == .string("/**"))
        let path = try #require(span.attributes["url.path"]?.toSpanAttribute())
        #expect(path == .string("/-/w:100/plain/" + fixture.origin.url("/photo.jpg").absoluteString))
        #expect(!"\(path)".contains(signature))
        #expect(span.status == nil)
        #expect(failed.attributes["http.response.status_code"]?.toSpanAttribute() == .int64(502))
        #expect(failed.status?.code == .error)
    }

    @Test("With continuesIncomingTraces, the request's trace context is the span's parent")
    func continuesIncomingTraces() async throws {
        let fixture = try ProxyFixture()
        let tracer = InMemoryTracer()
        let proxy = fixture.proxy(tracer: tracer) { $0.continuesIncomingTraces = true }
        try await Application(router: proxy.router()).test(.router) { client in
            try await client.execute(
                uri: fixture.path("w:100", "/photo.jpg"),
                method: .get,
                headers: Self.callerContext
            ) { #expect($0.status == .ok) }
        }
        let span = try #require(tracer.finishedSpans.first { $0.kind == .server })
        #expect(span.traceID == "caller-trace" && span.parentSpanID == "caller-span")
    }
}
