// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

public import NukeCore

#if canImport(FoundationEssentials)
    internal import FoundationEssentials
#else
    internal import Foundation
#endif

/// Resumable downloads end to end through a pipeline over `loader` and a real server: a
/// download cut off mid-body resumes with `Range` + `If-Range`, a 206 appends, a 200 (the
/// resource changed) starts over, and progress continues from the resumed offset.
public struct ResumableDownloadCheck: Sendable {
    private let loader: any DataLoading

    /// Creates the check for `loader`.
    public init(loader: any DataLoading) {
        self.loader = loader
    }

    /// A 206 appends to the bytes received before the connection was reset.
    public func checkResumesWith206() async throws {
        let server = try HTTPTestServer()
        defer { server.stop() }
        let body = sampleBody(200_000)
        let resource = HTTPTestResource(body: body, etag: "\"r1\"")
        routeCuttingFirstAttempt(on: server, first: resource, then: resource)

        let pipeline = makePipeline()
        let url = server.url("/image")
        try await requireFailure { try await pipeline.data(for: url) }
        let progress = Collector<ProgressEvent>()
        let data = try await loadData(url, with: pipeline, progress: progress)
        try require(data == body, "the resumed download is \(data.count) bytes, not the original \(body.count)")

        let requests = server.requests(to: "/image")
        try require(requests.count == 2, "\(requests.count) requests")
        let range = try requests[1].headers["Range"].unwrapped("the second request has no Range")
        let offset = try Int(range.dropFirst(6).dropLast()).unwrapped("Range \(range)")
        try require(offset > 0 && range == "bytes=\(offset)-", "Range \(range)")
        try require(
            requests[1].headers["If-Range"] == "\"r1\"",
            "If-Range \(String(describing: requests[1].headers["If-Range"]))"
        )
        let first = try progress.all.first.unwrapped("no progress")
        try require(
            first.completed > Int64(offset) && first.total == Int64(body.count),
            "first progress \(first) after resuming at \(offset)"
        )
    }

    /// A 200 to the resumed request (the resource changed) replaces the partial bytes.
    public func checkStartsOverOn200() async throws {
        let server = try HTTPTestServer()
        defer { server.stop() }
        let old = HTTPTestResource(body: sampleBody(200_000, seed: 1), etag: "\"old\"")
        let new = HTTPTestResource(body: sampleBody(150_000, seed: 2), etag: "\"new\"")
        routeCuttingFirstAttempt(on: server, first: old, then: new)

        let pipeline = makePipeline()
        try await requireFailure { try await pipeline.data(for: server.url("/image")) }
        let data = try await pipeline.data(for: server.url("/image")).data
        try require(data == new.body, "after a 200 the download must hold only the new body (\(data.count) bytes)")
        try require(server.requests(to: "/image").last?.headers["If-Range"] == "\"old\"", "no If-Range sent")
    }

    private func routeCuttingFirstAttempt(
        on server: HTTPTestServer,
        first: HTTPTestResource,
        then next: HTTPTestResource
    ) {
        let attempts = CallCounter()
        server.route("/image") { request in
            let attempt = attempts.next()
            guard attempt == 0 else { return next.response(to: request) }
            var response = first.response(to: request)
            response.pacing = .init(chunkSize: 20_000, delay: .milliseconds(20))
            response.fault = .resetAfter(bytes: 80_000)
            return response
        }
    }

    private func makePipeline() -> ImagePipeline {
        ImagePipeline {
            $0.dataLoader = loader
            $0.httpCache = nil
            $0.imageCache = nil
            $0.isRateLimiterEnabled = false
        }
    }

    private func requireFailure(_ operation: () async throws -> (data: Data, response: DataResponse?)) async throws {
        do {
            _ = try await operation()
        } catch {
            return
        }
        throw LoaderContractViolation("the cut-off download succeeded")
    }

    struct ProgressEvent: Sendable {
        var completed: Int64
        var total: Int64
    }

    private func loadData(_ url: URL, with pipeline: ImagePipeline, progress: Collector<ProgressEvent>) async throws
        -> Data
    {
        try await withCheckedThrowingContinuation { continuation in
            _ = pipeline.loadData(
                with: ImageRequest(url: url),
                progress: { completed, total in progress.append(ProgressEvent(completed: completed, total: total)) },
                completion: { result in continuation.resume(with: result.map(\.data)) }
            )
        }
    }
}
