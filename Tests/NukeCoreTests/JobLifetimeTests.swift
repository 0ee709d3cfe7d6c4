// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

import Foundation
import NukeTestSupport
import Testing

@testable import NukeCore

/// No job outlives its requests, on every path that hands work to the worker threads: a job kept
/// alive keeps its download, its decoded images and its loader state for good (nuke-server grew
/// by one source image per request when a finished worker item kept its work).
@Suite(.timeLimit(.minutes(10)))
struct JobLifetimeTests {
    let loader = MockDataLoader()

    /// A delegate with a `didLoadData` hook (run on a worker) that leaves the data as it is.
    final class PassThroughDelegate: ImagePipeline.Delegate {
        func didLoadData(_ data: Data, response: DataResponse?, for request: ImageRequest, pipeline: ImagePipeline)
            throws -> Data
        { data }
    }

    /// Runs `body` with the census on, then waits until every job it made is gone.
    private func expectNoJobOutlives(
        _ pipeline: ImagePipeline,
        _ body: () async throws -> Void,
        sourceLocation: SourceLocation = #_sourceLocation
    ) async rethrows {
        await pipeline.jobCensus.enable()
        try await body()
        // Polls: jobs end on the actor after the last task lets go, which nothing announces.
        let isClear = await waitUntil { await pipeline.jobCensus.liveCount == 0 }
        let alive = await pipeline.jobCensus.liveCount
        #expect(isClear, "jobs alive: \(alive)", sourceLocation: sourceLocation)
    }

    @Test("A download through the delegate's didLoadData hook")
    func downloadThroughHook() async throws {
        let pipeline = ImagePipeline.makeTestPipeline(loader: loader, delegate: PassThroughDelegate()) {
            $0.imageCache = nil
        }
        try await expectNoJobOutlives(pipeline) {
            _ = try await pipeline.image(for: ImageRequest(url: .test, processors: [MockImageProcessor(id: "a")]))
        }
    }

    @Test("Disk-cache lookups, of processed images and of original data")
    func diskCacheHits() async throws {
        let dataCache = MockDataCache()
        let pipeline = ImagePipeline.makeTestPipeline(loader: loader) {
            $0.imageCache = nil
            $0.dataCache = dataCache
            $0.dataCachePolicy = .storeAll
        }
        let request = ImageRequest(url: .test, processors: [MockImageProcessor(id: "a")])
        _ = try await pipeline.image(for: request)
        await pipeline.flush()
        try await expectNoJobOutlives(pipeline) {
            _ = try await pipeline.image(for: request)
            _ = try await pipeline.data(for: ImageRequest(url: .test))
        }
        #expect(loader.createdTaskCount == 1)
    }

    @Test("A local file read on a worker")
    func localFile() async throws {
        let directory = try TemporaryDirectory()
        let file = directory.appending("image.test")
        try MockDataLoader.defaultData.write(to: file)
        let pipeline = ImagePipeline.makeTestPipeline(loader: loader) { $0.imageCache = nil }
        try await expectNoJobOutlives(pipeline) {
            _ = try await pipeline.image(for: ImageRequest(url: file))
        }
    }

    @Test("A cancelled request")
    func cancelled() async throws {
        loader.isSuspended = true
        let pipeline = ImagePipeline.makeTestPipeline(loader: loader, delegate: PassThroughDelegate())
        await expectNoJobOutlives(pipeline) {
            let task = pipeline.imageTask(with: ImageRequest(url: .test))
            await waitUntil(loader) { loader.createdTaskCount == 1 }
            task.cancel()
            _ = await task.result
        }
    }
}
