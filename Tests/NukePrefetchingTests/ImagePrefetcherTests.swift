// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

import NukeDiskCache
import NukeTestSupport
import Synchronization
import Testing

@testable import NukeCore
@testable import NukePrefetching

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

@Suite struct ImagePrefetcherTests {
    private let loader = MockDataLoader()
    private let observer = ImagePipelineObserver()
    private let memory = ImageCache()

    private func makePipeline(_ configure: (inout ImagePipeline.Configuration) -> Void = { _ in }) -> ImagePipeline {
        ImagePipeline.makeTestPipeline(loader: loader, delegate: observer) {
            $0.imageCache = memory
            configure(&$0)
        }
    }

    private func url(_ index: Int) -> URL { URL(string: "http://test.com/\(index).jpeg")! }

    /// Each time the prefetcher's last outstanding prefetch finishes: the event tests await.
    private func completions(of prefetcher: ImagePrefetcher) -> AsyncStream<Void>.Iterator {
        let (stream, continuation) = AsyncStream<Void>.makeStream()
        prefetcher.didComplete = { continuation.yield() }
        return stream.makeAsyncIterator()
    }

    @Test("25. Two equal URLs make one task; the image lands in the memory cache")
    func deduplication() async throws {
        let pipeline = makePipeline()
        let prefetcher = ImagePrefetcher(pipeline: pipeline)
        var done = completions(of: prefetcher)
        prefetcher.startPrefetching(with: [URL.test, URL.test])
        prefetcher.startPrefetching(with: [ImageRequest(url: .test)])
        await done.next()
        #expect(pipeline.cache[URL.test] != nil)
        #expect(observer.createdTaskCount == 1)
        #expect(loader.createdTaskCount == 1)
        #expect(prefetcher.outstandingCount == 0)
    }

    @Test("25. An image already in memory makes no task")
    func skipsMemoryHits() async throws {
        let pipeline = makePipeline()
        pipeline.cache[URL.test] = ImageContainer(image: try Bitmap(width: 1, height: 1, pixelFormat: .gray8))
        let prefetcher = ImagePrefetcher(pipeline: pipeline)
        prefetcher.startPrefetching(with: [URL.test])
        #expect(prefetcher.outstandingCount == 0)  // Decided synchronously: no work was queued.
        #expect(observer.createdTaskCount == 0)
    }

    @Test("25. Stopping right after starting makes no task and no download")
    func stopRightAfterStart() async throws {
        let pipeline = makePipeline()
        let prefetcher = ImagePrefetcher(pipeline: pipeline)
        let urls = (0..<20).map(url)
        prefetcher.startPrefetching(with: urls)
        prefetcher.stopPrefetching(with: urls)
        prefetcher.startPrefetching(with: [url(100)])
        prefetcher.stopPrefetching()
        await pipelineActorBarrier()
        #expect(observer.createdTaskCount == 0)
        #expect(loader.createdTaskCount == 0)
        #expect(prefetcher.outstandingCount == 0)
    }

    @Test("25. The disk-cache destination downloads into the disk cache and never decodes")
    func diskDestination() async throws {
        let directory = try TemporaryDirectory(prefix: "nuke-prefetch")
        let dataCache = try DataCache(path: directory.url)
        let decodes = Mutex(0)
        let pipeline = makePipeline {
            $0.dataCache = dataCache
            let registry = $0.registry
            $0.makeImageDecoder = { context in
                decodes.withLock { $0 += 1 }
                return registry.decoder(for: context)
            }
        }
        let prefetcher = ImagePrefetcher(pipeline: pipeline, destination: .diskCache)
        var done = completions(of: prefetcher)
        prefetcher.startPrefetching(with: [url(1), url(2)])
        await done.next()
        await pipeline.flush()  // The original data, stored in the background, is on disk.
        #expect(dataCache.containsData(for: url(1).absoluteString))
        #expect(dataCache.containsData(for: url(2).absoluteString))
        #expect(decodes.withLock { $0 } == 0)
        #expect(memory.totalCount == 0)
        #expect(loader.createdTaskCount == 2)
    }

    @Test("At most maxConcurrentRequestCount prefetches run at once")
    func concurrencyLimit() async throws {
        let pipeline = makePipeline()
        loader.isSuspended = true
        let prefetcher = ImagePrefetcher(pipeline: pipeline, maxConcurrentRequestCount: 2)
        let recorder = await QueueRecorder(prefetcher.queue)
        var done = completions(of: prefetcher)
        prefetcher.startPrefetching(with: (0..<5).map(url))
        #expect(await waitUntil(loader) { loader.createdTaskCount == 2 })
        // The other three wait in the prefetcher's queue, and cannot start while the two loads hang.
        #expect(await waitUntil(recorder) { recorder.addedCount == 5 })
        #expect(await prefetcher.queue.pendingCount == 3)
        #expect(loader.createdTaskCount == 2)
        loader.isSuspended = false
        await done.next()
        #expect(memory.totalCount == 5)
        #expect(loader.createdTaskCount == 5)
    }

    @Test("While paused nothing starts; resuming starts the pending prefetches")
    func pausing() async throws {
        let pipeline = makePipeline()
        let prefetcher = ImagePrefetcher(pipeline: pipeline)
        prefetcher.isPaused = true
        #expect(prefetcher.isPaused)
        let recorder = await QueueRecorder(prefetcher.queue)
        var done = completions(of: prefetcher)
        prefetcher.startPrefetching(with: [url(1), url(2)])
        #expect(await waitUntil(recorder) { recorder.addedCount == 2 })
        #expect(await prefetcher.queue.pendingCount == 2)  // Queued, not started.
        #expect(observer.createdTaskCount == 0)
        prefetcher.isPaused = false
        await done.next()
        #expect(memory.totalCount == 2)
    }

    @Test("Prefetches run at low priority; a user request for the same image raises the download")
    func priorityEscalation() async throws {
        let pipeline = makePipeline()
        let queue = pipeline.configuration.dataLoadingQueue
        await queue.setSuspended(true)
        let recorder = await QueueRecorder(queue)
        let prefetcher = ImagePrefetcher(pipeline: pipeline)
        #expect(prefetcher.priority == .low)
        prefetcher.startPrefetching(with: [URL.test])
        #expect(await waitUntil(recorder) { recorder.priorities == [.low] })
        let user = pipeline.imageTask(with: ImageRequest(url: .test, priority: .high))
        #expect(await waitUntil(recorder) { recorder.priorities == [.low, .high] })
        await queue.setSuspended(false)
        _ = try await user.image
        #expect(loader.createdTaskCount == 1)
    }

    @Test("Changing the prefetcher's priority re-prioritises outstanding prefetches")
    func priorityChange() async throws {
        let pipeline = makePipeline()
        let queue = pipeline.configuration.dataLoadingQueue
        await queue.setSuspended(true)
        let recorder = await QueueRecorder(queue)
        let prefetcher = ImagePrefetcher(pipeline: pipeline)
        prefetcher.startPrefetching(with: [URL.test])
        #expect(await waitUntil(recorder) { recorder.priorities == [.low] })
        prefetcher.priority = .veryHigh
        #expect(await waitUntil(recorder) { recorder.priorities.last == .veryHigh })
        await queue.setSuspended(false)
    }

    @Test("A burst of priority changes, made right after the prefetches start: the last one wins")
    func priorityBurst() async throws {
        let prefetcher = ImagePrefetcher(pipeline: makePipeline())
        prefetcher.isPaused = true
        let recorder = await QueueRecorder(prefetcher.queue)
        prefetcher.startPrefetching(with: (0..<3).map(url))
        let burst: [ImageRequest.Priority] = [.veryLow, .high, .low, .normal, .high]
        for index in 0..<200 { prefetcher.priority = burst[index % burst.count] }
        prefetcher.priority = .veryHigh

        // Everything posted before this has run on the actor once it does.
        await withCheckedContinuation { continuation in prefetcher.inbox.post { continuation.resume() } }

        #expect(recorder.addedCount == 3)
        #expect(recorder.priorities.suffix(3) == [.veryHigh, .veryHigh, .veryHigh], "\(recorder.priorities)")
        #expect(await prefetcher.queue.pendingCount == 3)
        prefetcher.stopPrefetching()
    }

    @Test("didComplete is called once the last prefetch finishes")
    func didComplete() async throws {
        let pipeline = makePipeline()
        let prefetcher = ImagePrefetcher(pipeline: pipeline)
        let calls = Mutex(0)
        let (finished, finish) = AsyncStream<Void>.makeStream()
        prefetcher.didComplete = {
            calls.withLock { $0 += 1 }
            finish.yield()
        }
        prefetcher.startPrefetching(with: (0..<4).map(url))
        var done = finished.makeAsyncIterator()
        await done.next()
        #expect(calls.withLock { $0 } == 1)
        #expect(prefetcher.outstandingCount == 0)
        #expect(memory.totalCount == 4)
    }

    @Test("didComplete is called when every request is already in the memory cache")
    func didCompleteWhenEverythingIsCached() async throws {
        let pipeline = makePipeline()
        let image = ImageContainer(image: try Bitmap(width: 1, height: 1, pixelFormat: .gray8))
        for index in 0..<3 { pipeline.cache[url(index)] = image }
        let prefetcher = ImagePrefetcher(pipeline: pipeline)
        let calls = Mutex(0)
        prefetcher.didComplete = { calls.withLock { $0 += 1 } }
        prefetcher.startPrefetching(with: (0..<3).map(url))
        #expect(calls.withLock { $0 } == 1, "nothing to do: complete at once")
        #expect(observer.createdTaskCount == 0)
    }

    @Test("Releasing the prefetcher cancels its downloads")
    func cancelOnDeinit() async throws {
        let pipeline = makePipeline()
        loader.isSuspended = true
        var prefetcher: ImagePrefetcher? = ImagePrefetcher(pipeline: pipeline)
        prefetcher?.startPrefetching(with: [url(1), url(2)])
        #expect(await waitUntil(loader) { loader.createdTaskCount == 2 })
        prefetcher = nil
        #expect(await waitUntil(loader) { loader.cancelledTaskCount == 2 })
        // Polls: the actor's task table empties after the cancellations' hops; nothing signals it.
        #expect(await waitUntil { await pipeline.taskCount == 0 })
    }

    @Test("Stopping one prefetch that a user request shares leaves the user's download alone")
    func stopDoesNotCancelSharedWork() async throws {
        let pipeline = makePipeline()
        loader.isSuspended = true
        let prefetcher = ImagePrefetcher(pipeline: pipeline)
        prefetcher.startPrefetching(with: [URL.test])
        #expect(await waitUntil(loader) { loader.createdTaskCount == 1 })
        let user = pipeline.imageTask(with: URL.test)
        await pipelineActorBarrier()  // The actor has started the user's task.
        #expect(await pipeline.taskCount == 2)
        prefetcher.stopPrefetching(with: [URL.test])
        loader.isSuspended = false
        _ = try await user.image
        #expect(loader.cancelledTaskCount == 0)
    }
}
