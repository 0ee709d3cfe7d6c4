// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

internal import NukeCore
internal import Synchronization

#if canImport(FoundationEssentials)
    internal import FoundationEssentials
#else
    internal import Foundation
#endif

/// Checks of what a loader delivers: chunks, responses, redirects, statuses, cancellation.
extension DataLoaderContractContext {
    func streamsChunksWithResponse() async throws {
        let body = sampleBody(512 * 1024)
        server.route("/image") { _ in
            HTTPTestResponse(
                headers: ["Content-Type": "image/jpeg"],
                body: .bytes(body),
                pacing: .init(chunkSize: 32 * 1024, delay: .milliseconds(5))
            )
        }
        let record = try await load(request("/image"), with: loader())
        try require(record.completions.count == 1, "completion called \(record.completions.count) times")
        try require(record.error == nil, "failed: \(String(describing: record.error))")
        try require(record.chunks.count > 1, "the body arrived in \(record.chunks.count) chunk(s), not streamed")
        try require(record.body == body, "the body differs (\(record.body.count) of \(body.count) bytes)")
        let response = try record.response.unwrapped("no response")
        try require(response.statusCode == 200, "status \(String(describing: response.statusCode))")
        try require(
            response.expectedContentLength == Int64(body.count),
            "expected length \(response.expectedContentLength)"
        )
        try require(response.mimeType == "image/jpeg", "MIME type \(String(describing: response.mimeType))")
        try require(Set(record.responses).count == 1, "chunks came with different responses")
    }

    func streamsChunkedBody() async throws {
        let body = sampleBody(200_000)
        server.route("/chunked") { _ in
            HTTPTestResponse(
                body: .bytes(body),
                framing: .chunked,
                pacing: .init(chunkSize: 10_000, delay: .milliseconds(2))
            )
        }
        let record = try await load(request("/chunked"), with: loader())
        try require(record.succeeded, "failed: \(String(describing: record.error))")
        try require(record.body == body, "the chunked body differs (\(record.body.count) bytes)")
        try require(record.response?.expectedContentLength == -1, "a chunked body has no expected length")
    }

    func deliversEmptyBody() async throws {
        server.route("/empty") { _ in .ok(Data()) }
        let record = try await load(request("/empty"), with: loader())
        try require(record.succeeded, "failed: \(String(describing: record.error))")
        try require(record.response?.statusCode == 200, "an empty body must still deliver its response")
        try require(record.body.isEmpty, "body of \(record.body.count) bytes")
    }

    func cancellationClosesConnection() async throws {
        // A body that never ends: however late a busy machine gets round to cancelling, the load
        // cannot have finished on its own.
        server.route("/slow") { _ in
            HTTPTestResponse(body: .endless, pacing: .init(chunkSize: 16_384, delay: .milliseconds(50)))
        }
        let recorder = LoadRecorder()
        let loader = loader()
        let task = recorder.start(request("/slow"), on: loader)
        try require(await waitUntil(recorder) { !recorder.current.chunks.isEmpty }, "no chunk before cancelling")
        task.cancel()
        task.cancel()  // Idempotent.
        // The body never ends, so completing at all proves the cancellation took effect.
        let record = try await recorder.finished()
        try require(record.completions.count == 1, "completion called \(record.completions.count) times")
        try require(record.error != nil, "a cancelled load must not complete successfully")
        withExtendedLifetime(loader) {}
        // Polls: the server sees the close on its own thread, which reports nothing.
        let closed = await waitUntil { server.abandonedResponseCount == 1 }
        try require(closed, "the server did not see the connection closed")
    }

    func idleTimeout(response: HTTPTestResponse) async throws {
        server.route("/stall") { _ in response }
        // The server stalls for ever: only the 1 s timeout can end the load, with `timedOut`.
        let record = try await load(request("/stall", timeout: 1), with: loader())
        try require(
            record.error.isNetworkError { if case .timedOut = $0 { true } else { false } },
            "error \(String(describing: record.error)), expected timedOut"
        )
    }

    func stalledResponse(after bytes: Int) -> HTTPTestResponse {
        HTTPTestResponse(body: .bytes(sampleBody(100_000)), fault: .stallAfter(bytes: bytes))
    }

    func followsRedirects() async throws {
        let body = sampleBody(10_000)
        server.route("/first") { _ in .redirect(to: "/second") }
        server.route("/second") { _ in .redirect(to: "/final") }
        server.route("/final") { _ in .ok(body) }
        let record = try await load(request("/first"), with: loader())
        try require(record.succeeded, "failed: \(String(describing: record.error))")
        try require(record.body == body, "wrong body after redirects")
        try require(record.response?.url?.path == "/final", "response URL \(String(describing: record.response?.url))")
    }

    func asksRedirectDecision() async throws {
        let body = sampleBody(1000)
        server.route("/first") { _ in .redirect(to: "/second") }
        server.route("/second") { _ in .ok(body) }
        server.route("/leaving") { _ in .redirect(to: "/forbidden") }
        server.route("/forbidden") { _ in .ok(body) }
        let seen = Mutex<[Redirect]>([])
        let decision: RedirectDecision = { redirect in
            seen.withLock { $0.append(redirect) }
            return redirect.target.path != "/forbidden"
        }
        let allowed = try await load(request("/first"), with: loader(), redirectDecision: decision)
        try require(allowed.succeeded && allowed.body == body, "failed: \(String(describing: allowed.error))")
        let first = try seen.withLock { $0.first }.unwrapped("the decision was not asked")
        try require(
            first.source.path == "/first" && first.target == server.url("/second")
                && first.response.statusCode == 302 && first.response.headers["Location"] == "/second",
            "asked about \(first)"
        )
        let refused = try await load(request("/leaving"), with: loader(), redirectDecision: decision)
        try require(
            refused.error.isNetworkError { if case .redirectNotAllowed = $0 { true } else { false } },
            "error \(String(describing: refused.error)), expected redirectNotAllowed"
        )
        try require(server.requests(to: "/forbidden").isEmpty, "the refused target was requested")
        try require(seen.withLock { $0.count } == 2, "asked \(seen.withLock { $0.count }) times")
    }

    func sendsMethodAndBody() async throws {
        server.route("/render") { request in
            .ok(Data((request.method + " ").utf8) + request.body)
        }
        let body = Data((0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 7) })
        for method in ["POST", "PUT"] {
            var render = request("/render")
            render.httpMethod = method
            render.httpBody = body
            render.setValue("application/octet-stream", forHTTPHeaderField: "Content-Type")
            let record = try await load(render, with: loader())
            try require(record.succeeded, "\(method) failed: \(String(describing: record.error))")
            try require(record.body == Data((method + " ").utf8) + body, "\(method): the server saw another request")
        }
        let received = server.requests(to: "/render")
        try require(received.count == 2, "\(received.count) requests")
        try require(received.allSatisfy { $0.headers["Expect"] == nil }, "sent Expect: 100-continue")
    }

    func redirectLoopFails() async throws {
        server.route("/loop") { _ in .redirect(to: "/loop") }
        let record = try await load(request("/loop"), with: loader())
        try require(
            record.error.isNetworkError { if case .tooManyRedirects = $0 { true } else { false } },
            "error \(String(describing: record.error)), expected tooManyRedirects"
        )
        try require(
            server.requests(to: "/loop").count <= 12,
            "followed \(server.requests(to: "/loop").count) redirects"
        )
    }

    func rejectsUnacceptableStatus() async throws {
        server.route("/missing") { _ in HTTPTestResponse(status: 404, body: .bytes(Data("not here".utf8))) }
        server.route("/broken") { _ in HTTPTestResponse(status: 500, body: .bytes(Data("oops".utf8))) }
        for (path, status) in [("/missing", 404), ("/broken", 500)] {
            let record = try await load(request(path), with: loader())
            try require(record.completions.count == 1, "completion called \(record.completions.count) times")
            try require(
                (record.error as? DataLoadingError) == .statusCodeUnacceptable(status),
                "\(path): error \(String(describing: record.error)), expected statusCodeUnacceptable(\(status))"
            )
            try require(record.chunks.isEmpty, "\(path): the error page's body was delivered")
        }
    }

    func deliversNotModified() async throws {
        server.serve(HTTPTestResource(body: sampleBody(1000), etag: "\"v1\""), at: "/image")
        var conditional = request("/image")
        conditional.setValue("\"v1\"", forHTTPHeaderField: "If-None-Match")
        let record = try await load(conditional, with: loader())
        try require(
            record.succeeded,
            "a 304 answering a conditional request failed: \(String(describing: record.error))"
        )
        try require(record.response?.statusCode == 304, "status \(String(describing: record.response?.statusCode))")
        try require(record.body.isEmpty, "a 304 has no body")
    }
}

extension Optional {
    /// The value, or a ``LoaderContractViolation`` saying `message`.
    func unwrapped(_ message: String) throws -> Wrapped {
        guard let self else { throw LoaderContractViolation(message) }
        return self
    }
}

extension Optional where Wrapped == any Error {
    /// `true` if this is a `NetworkError` matching `predicate`.
    func isNetworkError(_ predicate: (NetworkError) -> Bool) -> Bool {
        (self as? NetworkError).map(predicate) ?? false
    }
}
