// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

public import NukeCore

#if canImport(FoundationEssentials)
    internal import FoundationEssentials
#else
    internal import Foundation
#endif

/// Starts `count` slow loads on `loader` and cancels them at staggered moments (before the
/// request is sent, while waiting for headers, mid-body); every load must complete promptly, and
/// the loader must still work afterwards.
public func runCancelStorm(on loader: any DataLoading, count: Int = 200) async throws {
    let server = try HTTPTestServer()
    defer { server.stop() }
    let body = sampleBody(300_000)
    server.route("/slow") { _ in
        HTTPTestResponse(body: .bytes(body), pacing: .init(chunkSize: 8192, delay: .milliseconds(20)))
    }
    server.route("/late") { _ in HTTPTestResponse(body: .bytes(body), headDelay: .milliseconds(300)) }
    let recorders = (0..<count).map { _ in LoadRecorder() }
    let tasks = recorders.enumerated().map { index, recorder in
        recorder.start(DataRequest(url: server.url(index.isMultiple(of: 2) ? "/slow" : "/late")), on: loader)
    }
    for (index, task) in tasks.enumerated() {
        // Spreads the cancellations over the transfers' stages (connecting, headers, body). Not a
        // settle: the checks below hold whatever stage each load reached.
        if index % 10 == 0 { try await Task.sleep(for: .milliseconds(index % 30)) }
        task.cancel()
    }
    for (index, recorder) in recorders.enumerated() {
        let record = try await recorder.finished()
        try require(record.completions.count == 1, "load \(index) completed \(record.completions.count) times")
    }
    let after = try await load(DataRequest(url: server.url("/late")), with: loader)
    try require(
        after.succeeded && after.body == body,
        "the loader failed after the storm: \(String(describing: after.error))"
    )
}
