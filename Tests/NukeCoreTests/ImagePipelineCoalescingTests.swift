// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

import Foundation
import NukeTestSupport
import Testing

@testable import NukeCore

@Suite(.timeLimit(.minutes(10)))
struct ImagePipelineCoalescingTests {
    let loader = MockDataLoader()

    /// Starts `requests` while loading is suspended, then lets the data flow.
    private func load(_ requests: [ImageRequest], pipeline: ImagePipeline) async throws -> [ImageResponse] {
        loader.isSuspended = true
        let tasks = requests.map { pipeline.imageTask(with: $0) }
        await pipelineActorBarrier()  // The actor has started every task made so far.
        #expect(await pipeline.taskCount == requests.count)
        loader.isSuspended = false
        var responses: [ImageResponse] = []
        for task in tasks { responses.append(try await task.response) }
        return responses
    }

    @Test("1. Same URL, different processors: one download, each processor once")
    func sharedDownloadDifferentProcessors() async throws {
        let counter = ProcessorCounter()
        let pipeline = ImagePipeline.makeTestPipeline(loader: loader)
        let responses = try await load(
            [
                ImageRequest(url: .test, processors: [MockImageProcessor(id: "1", counter: counter)]),
                ImageRequest(url: .test, processors: [MockImageProcessor(id: "2", counter: counter)]),
            ],
            pipeline: pipeline
        )
        #expect(loader.createdTaskCount == 1)
        #expect(counter.value == 2)
        #expect(responses[0].container.processorIDs == ["1"])
        #expect(responses[1].container.processorIDs == ["2"])
    }

    @Test("1. With a memory cache each result is stored under its own key")
    func sharedDownloadStoresEachResult() async throws {
        let cache = MockImageCache()
        let pipeline = ImagePipeline.makeTestPipeline(loader: loader) { $0.imageCache = cache }
        let requests = [
            ImageRequest(url: .test, processors: [MockImageProcessor(id: "1")]),
            ImageRequest(url: .test, processors: [MockImageProcessor(id: "2")]),
        ]
        _ = try await load(requests, pipeline: pipeline)
        #expect(cache.peek(ImageCacheKey(request: requests[0]))?.processorIDs == ["1"])
        #expect(cache.peek(ImageCacheKey(request: requests[1]))?.processorIDs == ["2"])
        #expect(cache.count == 2)
    }

    @Test("2. Equal processor identifiers share the work")
    func sameProcessorIdentifierSameWork() async throws {
        let counter = ProcessorCounter()
        let pipeline = ImagePipeline.makeTestPipeline(loader: loader)
        let recorder = await QueueRecorder(pipeline.configuration.imageProcessingQueue)
        _ = try await load(
            ["1", "2", "1"].map {
                ImageRequest(url: .test, processors: [MockImageProcessor(id: $0, counter: counter)])
            },
            pipeline: pipeline
        )
        #expect(recorder.addedCount == 2)
        #expect(counter.value == 2)
        #expect(loader.createdTaskCount == 1)
    }

    @Test("3. A chain reuses the result of its prefix")
    func chainDeduplication() async throws {
        let counter = ProcessorCounter()
        let pipeline = ImagePipeline.makeTestPipeline(loader: loader)
        let p1 = MockImageProcessor(id: "1", counter: counter)
        let p2 = MockImageProcessor(id: "2", counter: counter)
        let responses = try await load(
            [ImageRequest(url: .test, processors: [p1]), ImageRequest(url: .test, processors: [p1, p2])],
            pipeline: pipeline
        )
        #expect(counter.value == 2)
        #expect(responses[1].container.processorIDs == ["1", "2"])
        #expect(loader.createdTaskCount == 1)
    }

    @Test("3. Without coalescing every request does all its own work")
    func chainWithoutCoalescing() async throws {
        let counter = ProcessorCounter()
        let pipeline = ImagePipeline.makeTestPipeline(loader: loader) { $0.isTaskCoalescingEnabled = false }
        let p1 = MockImageProcessor(id: "1", counter: counter)
        let p2 = MockImageProcessor(id: "2", counter: counter)
        _ = try await load(
            [ImageRequest(url: .test, processors: [p1]), ImageRequest(url: .test, processors: [p1, p2])],
            pipeline: pipeline
        )
        #expect(counter.value == 3)
        #expect(loader.createdTaskCount == 2)
    }

    @Test("7. Requests with different cache policies are not equivalent")
    func differentCachePoliciesDownloadTwice() async throws {
        let pipeline = ImagePipeline.makeTestPipeline(loader: loader)
        _ = try await load(
            [
                ImageRequest(urlRequest: DataRequest(url: .test, cachePolicy: .useProtocolCachePolicy)),
                ImageRequest(urlRequest: DataRequest(url: .test, cachePolicy: .reloadIgnoringLocalCacheData)),
            ],
            pipeline: pipeline
        )
        #expect(loader.createdTaskCount == 2)
    }

    @Test("7. Options do not split the download")
    func reloadOptionSharesDownload() async throws {
        let pipeline = ImagePipeline.makeTestPipeline(loader: loader)
        _ = try await load(
            [ImageRequest(url: .test), ImageRequest(url: .test, options: [.reloadIgnoringCachedData])],
            pipeline: pipeline
        )
        #expect(loader.createdTaskCount == 1)
    }

    @Test("7. Different headers (say, credentials) are different downloads")
    func differentHeadersDownloadTwice() async throws {
        let pipeline = ImagePipeline.makeTestPipeline(loader: loader)
        _ = try await load(
            [
                ImageRequest(urlRequest: DataRequest(url: .test, headers: ["Authorization": "Bearer a"])),
                ImageRequest(urlRequest: DataRequest(url: .test, headers: ["Authorization": "Bearer b"])),
            ],
            pipeline: pipeline
        )
        #expect(loader.createdTaskCount == 2)
    }

    @Test("8. A thumbnail and the full image share the download", arguments: [false, true])
    func thumbnailSharesDownload(thumbnailFirst: Bool) async throws {
        let pipeline = ImagePipeline.makeTestPipeline(loader: loader)
        var thumbnail = ImageRequest(url: .test)
        thumbnail.thumbnail = ThumbnailOptions(maxPixelSize: 400)
        let requests = thumbnailFirst ? [thumbnail, ImageRequest(url: .test)] : [ImageRequest(url: .test), thumbnail]
        let responses = try await load(requests, pipeline: pipeline)
        let images =
            thumbnailFirst ? (responses[0].image, responses[1].image) : (responses[1].image, responses[0].image)
        #expect(loader.createdTaskCount == 1)
        #expect((images.0.width, images.0.height) == (400, 300))
        #expect((images.1.width, images.1.height) == (640, 480))
    }

    @Test("9. Cancelling every task cancels the download")
    func cancellingAllCancelsLoad() async throws {
        let pipeline = ImagePipeline.makeTestPipeline(loader: loader)
        loader.isSuspended = true
        let first = pipeline.imageTask(with: URL.test)
        let second = pipeline.imageTask(with: URL.test)
        await pipelineActorBarrier()  // The actor has started every task made so far.
        await waitUntil(loader) { loader.createdTaskCount == 1 }
        #expect(await pipeline.taskCount == 2)
        first.cancel()
        second.cancel()
        #expect(await expectFailure(first)?.caseName == "cancelled")
        #expect(await expectFailure(second)?.caseName == "cancelled")
        #expect(await waitUntil(loader) { loader.cancelledTaskCount == 1 })
        // Polls: the actor's task table empties after the cancellations' hops; nothing signals it.
        #expect(await waitUntil { await pipeline.taskCount == 0 })
    }

    @Test("9. Cancelling one task leaves the shared download to the other")
    func cancellingOneKeepsOther() async throws {
        let pipeline = ImagePipeline.makeTestPipeline(loader: loader)
        loader.isSuspended = true
        let first = pipeline.imageTask(with: URL.test)
        let second = pipeline.imageTask(with: URL.test)
        await pipelineActorBarrier()  // The actor has started every task made so far.
        await waitUntil(loader) { loader.createdTaskCount == 1 }
        #expect(await pipeline.taskCount == 2)
        first.cancel()
        #expect(await expectFailure(first)?.caseName == "cancelled")
        loader.isSuspended = false
        let image = try await second.image
        #expect(image.width == 640)
        #expect(loader.cancelledTaskCount == 0)
        #expect(await pipeline.taskCount == 0)
    }

    @Test("10. A later, more urgent request raises the shared download's priority")
    func priorityEscalation() async throws {
        let pipeline = ImagePipeline.makeTestPipeline(loader: loader)
        let queue = pipeline.configuration.dataLoadingQueue
        await MainActor.run {}
        await queue.setSuspended(true)
        let recorder = await QueueRecorder(queue)
        let low = pipeline.imageTask(with: ImageRequest(url: .test, priority: .low))
        await waitUntil(recorder) { recorder.addedCount == 1 }
        #expect(recorder.priorities == [.low])
        let normal = pipeline.imageTask(with: ImageRequest(url: .test, priority: .normal))
        #expect(await waitUntil(recorder) { recorder.priorities == [.low, .normal] })
        normal.priority = .high
        #expect(await waitUntil(recorder) { recorder.priorities.last == .high })
        #expect(recorder.addedCount == 1)
        await queue.setSuspended(false)
        _ = try await low.image
        _ = try await normal.image
    }

    @Test("10. Rapid priority changes settle on the last value")
    func rapidPriorityChanges() async throws {
        let pipeline = ImagePipeline.makeTestPipeline(loader: loader)
        let queue = pipeline.configuration.dataLoadingQueue
        await queue.setSuspended(true)
        let recorder = await QueueRecorder(queue)
        let task = pipeline.imageTask(with: URL.test)
        await waitUntil(recorder) { recorder.addedCount == 1 }
        for priority in [ImageRequest.Priority.veryHigh, .low, .high, .veryLow, .high, .low] {
            task.priority = priority
        }
        await pipelineActorBarrier()  // Every change has reached the actor.
        #expect(recorder.priorities.last == .low)
        await queue.setSuspended(false)
        _ = try await task.image
    }
}
