// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

internal import NukeCore
internal import NukeHTTP

#if canImport(FoundationEssentials)
    internal import FoundationEssentials
#else
    internal import Foundation
#endif

/// Checks of how a loader fails: refused and reset connections, lying lengths, limits, retries.
extension DataLoaderContractContext {
    func connectionRefused() async throws {
        let closed = try RefusingPort()
        let record = try await load(DataRequest(url: closed.url("/image")), with: loader())
        try require(
            record.error.isNetworkError { if case .cannotConnect = $0 { true } else { false } },
            "error \(String(describing: record.error)), expected cannotConnect"
        )
    }

    func connectionResetMidBody() async throws {
        server.route("/reset") { _ in
            HTTPTestResponse(body: .bytes(sampleBody(100_000)), fault: .resetAfter(bytes: 10_000))
        }
        let record = try await load(request("/reset"), with: loader())
        try require(record.completions.count == 1, "completion called \(record.completions.count) times")
        try require(
            record.error.isNetworkError { if case .connectionLost = $0 { true } else { false } },
            "error \(String(describing: record.error)), expected connectionLost"
        )
    }

    func bodyShorterThanContentLength() async throws {
        let body = sampleBody(50_000)
        server.route("/short") { _ in HTTPTestResponse(body: .bytes(body), framing: .declaredLength(60_000)) }
        let record = try await load(request("/short"), with: loader())
        try require(
            record.error.isNetworkError { if case .connectionLost = $0 { true } else { false } },
            "error \(String(describing: record.error)), expected connectionLost for a truncated body"
        )
    }

    func bodyLongerThanContentLength() async throws {
        let body = sampleBody(50_000)
        server.route("/long") { _ in HTTPTestResponse(body: .bytes(body), framing: .declaredLength(40_000)) }
        let record = try await load(request("/long"), with: loader())
        try require(record.succeeded, "failed: \(String(describing: record.error))")
        try require(record.body == body.prefix(40_000), "read \(record.body.count) bytes; Content-Length said 40000")
    }

    func endlessBodyStopsAtLimit() async throws {
        // About 16 MB/s, a fast real link. At loopback speed (GB/s) corelibs-foundation's
        // URLSession, which has no back-pressure, buffers gigabytes before a cancel takes effect.
        server.route("/endless") { _ in
            HTTPTestResponse(body: .endless, pacing: .init(chunkSize: 16_384, delay: .milliseconds(1)))
        }
        let limit = 1_000_000
        let record = try await load(request("/endless"), with: loader(maximumResponseSize: limit))
        try require(
            record.error as? NetworkError == .responseTooLarge(limit: limit),
            "error \(String(describing: record.error)), expected responseTooLarge"
        )
        try require(record.body.count <= limit, "delivered \(record.body.count) bytes past the \(limit)-byte limit")
    }

    func contentLengthOverLimit() async throws {
        let body = sampleBody(3_000_000)
        server.route("/huge") { _ in .ok(body) }
        let limit = 1_000_000
        let record = try await load(request("/huge"), with: loader(maximumResponseSize: limit))
        try require(
            record.error as? NetworkError == .responseTooLarge(limit: limit),
            "error \(String(describing: record.error)), expected responseTooLarge"
        )
        try require(record.body.count <= limit, "delivered \(record.body.count) bytes past the limit")
    }

    func requestLimitBelowLoaderLimit() async throws {
        server.route("/endless-request-limit") { _ in
            HTTPTestResponse(body: .endless, pacing: .init(chunkSize: 16_384, delay: .milliseconds(1)))
        }
        let limit = 300_000
        var request = request("/endless-request-limit")
        request.maximumResponseSize = limit
        let record = try await load(request, with: loader(maximumResponseSize: 50_000_000))
        try require(
            record.error as? NetworkError == .responseTooLarge(limit: limit),
            "error \(String(describing: record.error)), expected responseTooLarge(limit: \(limit))"
        )
        try require(record.body.count <= limit, "delivered \(record.body.count) bytes past the request's limit")

        let body = sampleBody(400_000)
        server.route("/declared-over-request-limit") { _ in .ok(body) }
        var declared = self.request("/declared-over-request-limit")
        declared.maximumResponseSize = limit
        let refused = try await load(declared, with: loader(maximumResponseSize: 50_000_000))
        try require(
            refused.error as? NetworkError == .responseTooLarge(limit: limit),
            "error \(String(describing: refused.error)) for a Content-Length over the request's limit"
        )
    }

    // MARK: Retries

    /// Answers with `failures` in turn, then with `body`.
    func routeFailing(_ path: String, with failures: [HTTPTestResponse], then body: Data) {
        let attempts = CallCounter()
        server.route(path) { _ in
            let attempt = attempts.next()
            return attempt < failures.count ? failures[attempt] : .ok(body)
        }
    }

    var fastRetries: RetryPolicy { RetryPolicy(baseDelay: 0.02) }

    func retriesServiceUnavailable() async throws {
        let body = sampleBody(5000)
        routeFailing("/flaky", with: [.status(503)], then: body)
        let record = try await load(request("/flaky"), with: loader(retryPolicy: fastRetries))
        try require(record.succeeded, "not retried: \(String(describing: record.error))")
        try require(record.body == body, "wrong body after the retry")
        try require(
            server.requests(to: "/flaky").count == 2,
            "\(server.requests(to: "/flaky").count) requests, expected 2"
        )
    }

    func honoursRetryAfter() async throws {
        routeFailing("/busy", with: [.status(429, headers: ["Retry-After": "7"])], then: sampleBody(100))
        let clock = ManualClock()
        let recorder = LoadRecorder()
        let loader = loader(retryPolicy: fastRetries, clock: clock)
        let transfer = recorder.start(request("/busy"), on: loader)
        defer { transfer.cancel() }
        await clock.waitForSleepers()
        try require(
            clock.sleepingDeadlines == [.seconds(7)],
            "back-off \(clock.sleepingDeadlines); Retry-After asked for 7 s"
        )
        try require(server.requests(to: "/busy").count == 1, "retried before the back-off ended")
        clock.advance(by: .seconds(7))
        let record = try await recorder.finished()
        withExtendedLifetime(loader) {}
        try require(record.succeeded, "not retried: \(String(describing: record.error))")
        try require(
            server.requests(to: "/busy").count == 2,
            "\(server.requests(to: "/busy").count) requests, expected 2"
        )
    }

    func retriesConnectionFailure() async throws {
        let failure = HTTPTestResponse(body: .bytes(sampleBody(1000)), fault: .resetAfter(bytes: 0))
        routeFailing("/drop", with: [failure], then: sampleBody(2000))
        let record = try await load(request("/drop"), with: loader(retryPolicy: fastRetries))
        try require(
            record.succeeded,
            "a connection failure before any byte was not retried: \(String(describing: record.error))"
        )
        try require(server.requests(to: "/drop").count == 2, "\(server.requests(to: "/drop").count) requests")
    }

    func givesUpAfterRetries() async throws {
        server.route("/down") { _ in .status(503) }
        let record = try await load(request("/down"), with: loader(retryPolicy: fastRetries))
        try require(
            (record.error as? DataLoadingError) == .statusCodeUnacceptable(503),
            "error \(String(describing: record.error))"
        )
        try require(
            server.requests(to: "/down").count == 3,
            "\(server.requests(to: "/down").count) requests; expected 1 + 2 retries"
        )
    }

    func doesNotRetryPost() async throws {
        server.route("/post") { _ in .status(503) }
        let record = try await load(request("/post", method: "POST"), with: loader(retryPolicy: fastRetries))
        try require(
            (record.error as? DataLoadingError) == .statusCodeUnacceptable(503),
            "error \(String(describing: record.error))"
        )
        try require(server.requests(to: "/post").count == 1, "a POST was retried")
    }

    // MARK: Load

    func concurrentRequests(count: Int) async throws {
        let bodies = (0..<count).map { sampleBody(20_000, seed: UInt32($0 + 1)) }
        for (index, body) in bodies.enumerated() {
            server.route("/image/\(index)") { _ in .ok(body) }
        }
        let loader = loader()
        let requests = (0..<count).map { request("/image/\($0)") }
        for (index, record) in try await loadConcurrently(requests, with: loader).enumerated() {
            try require(record.succeeded, "request \(index) failed: \(String(describing: record.error))")
            try require(record.body == bodies[index], "request \(index) got the wrong body")
        }
    }
}
