// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

import Foundation
import Nuke
import NukeLoopback

/// The demo's requests — every image through every chain, each pair asked several times at
/// different priorities, interleaved — and one pass of them through a pipeline.
struct DemoWorkload: Sendable {
    /// One request and the (image, chain) pair it belongs to.
    struct Entry: Sendable {
        let request: ImageRequest
        let pair: [Int]
    }

    /// What one pass did.
    struct Pass: Sendable {
        /// The pipeline's counters for the pass.
        let statistics: RunStatistics.Snapshot
        /// Requests the server received during the pass.
        let serverRequests: Int
        /// The wall time of the pass.
        let elapsed: Duration
        /// One processed image per (image, chain) pair.
        let images: [[Int]: Bitmap]
    }

    let requests: [Entry]
    let distinctCount: Int

    init(urls: [URL], chains: [[any ImageProcessing]], repeats: Int) {
        let priorities: [ImageRequest.Priority] = [.veryLow, .low, .normal, .high, .veryHigh]
        var requests: [Entry] = []
        for round in 0..<repeats {
            for (image, url) in urls.enumerated() {
                for (chain, processors) in chains.enumerated() {
                    let priority = priorities[(round + image + chain) % priorities.count]
                    requests.append(
                        Entry(
                            request: ImageRequest(url: url, processors: processors, priority: priority),
                            pair: [image, chain]
                        )
                    )
                }
            }
        }
        self.requests = requests
        self.distinctCount = urls.count * chains.count
    }

    /// Starts every request at once and waits for all of them.
    ///
    /// - Throws: ``CommandLineError`` if any request fails (the demo's server never fails).
    func run(on pipeline: CommandLinePipeline, server: HTTPTestServer) async throws(CommandLineError) -> Pass {
        pipeline.statistics.reset()
        let serverRequestsBefore = server.requests.count
        let start = ContinuousClock.now
        let results = await withTaskGroup(of: ([Int], Result<Bitmap, ImagePipeline.Error>).self) { group in
            for entry in requests {
                group.addTask {
                    let result = await pipeline.result(for: entry.request, isRemote: true)
                    return (entry.pair, result.map(\.image))
                }
            }
            return await group.reduce(into: [([Int], Result<Bitmap, ImagePipeline.Error>)]()) { $0.append($1) }
        }
        let elapsed = ContinuousClock.now - start
        var images: [[Int]: Bitmap] = [:]
        for (pair, result) in results {
            switch result {
            case .success(let image): images[pair] = image
            case .failure(let error): throw CommandLineError("demo request failed: \(error)")
            }
        }
        return Pass(
            statistics: pipeline.statistics.snapshot,
            serverRequests: server.requests.count - serverRequestsBefore,
            elapsed: elapsed,
            images: images
        )
    }
}
