// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

import NukeDiskCache
import NukeTestSupport
import Testing

@testable import NukeCore

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A loader that records whether the pipeline shut it down.
private final class ShutdownRecordingLoader: DataLoading {
    let base = MockDataLoader()
    let shutdowns = CallCounter()

    func loadData(
        with request: DataRequest,
        didReceiveData: @escaping @Sendable (Data, DataResponse) -> Void,
        completion: @escaping @Sendable ((any Error)?) -> Void
    ) -> any Cancellable {
        base.loadData(with: request, didReceiveData: didReceiveData, completion: completion)
    }

    func shutdown() async { _ = shutdowns.next() }
}

@Suite struct PipelineLifecycleTests {
    @Test func shutdownCancelsRunningTasksRejectsNewOnesAndShutsTheLoaderDown() async throws {
        let loader = ShutdownRecordingLoader()
        loader.base.isSuspended = true
        let pipeline = ImagePipeline.makeTestPipeline(loader: loader)
        let running = pipeline.imageTask(with: URL.test)
        #expect(await waitUntil(loader.base) { loader.base.createdTaskCount == 1 })
        await pipeline.shutdown()
        guard case .failure(.cancelled) = await running.result else {
            Issue.record("a running task must be cancelled")
            return
        }
        #expect(await pipeline.taskCount == 0)
        #expect(loader.shutdowns.next() == 1)
        guard case .failure(.pipelineInvalidated) = await pipeline.imageTask(with: URL.test).result else {
            Issue.record("a task made after shutdown must fail with pipelineInvalidated")
            return
        }
    }

    @Test func shutdownWithoutCancellingWaitsForRunningTasks() async throws {
        let loader = MockDataLoader()
        loader.isSuspended = true
        let pipeline = ImagePipeline.makeTestPipeline(loader: loader)
        let running = pipeline.imageTask(with: URL.test)
        #expect(await waitUntil(loader) { loader.createdTaskCount == 1 })
        async let shutdown: Void = pipeline.shutdown(cancellingTasks: false)
        // Polls: shutting down takes effect on the actor, which announces nothing.
        #expect(await waitUntil { await pipeline.imageTask(with: URL.test).isRejectedAfterShutdown })
        loader.isSuspended = false
        await shutdown
        #expect(try await running.image.width == 640, "the running task finished normally")
    }

    @Test func flushWaitsForEncodedImagesToReachTheDisk() async throws {
        let directory = try TemporaryDirectory()
        let cache = try DataCache(path: directory.url)
        cache.flushDelay = .seconds(3600)  // Only an explicit flush writes.
        let pipeline = ImagePipeline.makeTestPipeline {
            $0.dataCache = cache
            $0.dataCachePolicy = .storeAll
        }
        let request = ImageRequest(url: .test, processors: [MockImageProcessor(id: "p")])
        _ = try await pipeline.image(for: request)
        await pipeline.flush()
        for key in [URL.test.absoluteString, URL.test.absoluteString + "p"] {
            let path = try #require(cache.url(for: key)).path
            #expect(FileManager.default.fileExists(atPath: path), "\(key) is not on disk")
        }
    }
}

extension ImageTask {
    /// Whether this task failed with `pipelineInvalidated` (so the pipeline is shutting down);
    /// awaits the task.
    fileprivate var isRejectedAfterShutdown: Bool {
        get async {
            if case .failure(.pipelineInvalidated) = await result { return true }
            return false
        }
    }
}
