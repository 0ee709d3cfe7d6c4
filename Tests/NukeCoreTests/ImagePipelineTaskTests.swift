// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

import Foundation
import NukeTestSupport
import Testing

@testable import NukeCore

@Suite(.timeLimit(.minutes(10)))
struct ImagePipelineTaskTests {
    let loader = MockDataLoader()

    @Test("11. Progress is reported per chunk, and the delegate sees every event in order")
    func progressEvents() async throws {
        let observer = ImagePipelineObserver()
        let data = Data(repeating: 1, count: 20)
        loader.setAnswer(
            .chunks(
                [data.prefix(10), data.suffix(10)],
                DataResponse(url: .test, statusCode: 200, expectedContentLength: 20),
                failure: nil
            ),
            for: .test
        )
        let pipeline = ImagePipeline.makeTestPipeline(loader: loader, delegate: observer) {
            $0.makeImageDecoder = { _ in ImageDecoders.Empty() }
        }
        let task = pipeline.imageTask(with: URL.test)
        let progress = Collector<ImageTask.Progress>()
        let collecting = progress.collect(task.progress)
        _ = try await task.response
        await collecting.value
        #expect(progress.all == [.init(completed: 10, total: 20), .init(completed: 20, total: 20)])
        #expect(observer.events(for: task) == [.created, .started, .progress(10, 20), .progress(20, 20), .completed])
    }

    @Test("12. A memory-cache hit completes at once, and the pipeline keeps no task", arguments: 0..<10)
    func memoryCacheHitCompletesSynchronously(iteration: Int) async throws {
        let cache = MockImageCache()
        let observer = ImagePipelineObserver()
        let pipeline = ImagePipeline.makeTestPipeline(loader: loader, delegate: observer) { $0.imageCache = cache }
        let request = ImageRequest(url: .test)
        cache[ImageCacheKey(request: request)] = ImageContainer(
            image: try Bitmap(width: 4, height: 4, pixelFormat: .gray8)
        )
        let task = pipeline.imageTask(with: request)
        let response = try await task.response
        #expect(response.cacheType == .memory)
        #expect(loader.createdTaskCount == 0)
        #expect(await pipeline.taskCount == 0)
        var events: [String] = []
        for await event in task.events {
            if case .finished(.success) = event { events.append("finished") } else { events.append("other") }
        }
        #expect(events == ["finished"])
        #expect(observer.events(for: task) == [.created, .started, .completed])
    }

    @Test("A body that arrives whole in one chunk is handed on as it came; split and sliced bodies arrive intact")
    func wholeBodyIsNotCopied() async throws {
        let body = Data((0..<100_000).map { UInt8(truncatingIfNeeded: $0 &* 31) })
        let whole = URL(string: "https://example.com/whole.bin")!
        let split = URL(string: "https://example.com/split.bin")!
        let sliced = URL(string: "https://example.com/sliced.bin")!
        let unknownLength = URL(string: "https://example.com/unknown-length.bin")!
        func response(_ url: URL, length: Int64 = Int64(body.count)) -> DataResponse {
            DataResponse(url: url, statusCode: 200, expectedContentLength: length)
        }
        loader.setAnswer(.chunks([body], response(whole), failure: nil), for: whole)
        loader.setAnswer(
            .chunks([body.prefix(60_000), body.suffix(40_000)], response(split), failure: nil),
            for: split
        )
        let padded = Data([0, 0, 0]) + body
        loader.setAnswer(.chunks([padded.dropFirst(3)], response(sliced), failure: nil), for: sliced)
        loader.setAnswer(
            .chunks([body.prefix(70_000), body.suffix(30_000)], response(unknownLength, length: -1), failure: nil),
            for: unknownLength
        )
        let pipeline = ImagePipeline.makeTestPipeline(loader: loader)
        func address(_ data: Data) -> UnsafeRawPointer? { data.withUnsafeBytes { $0.baseAddress } }

        let (received, _) = try await pipeline.data(for: ImageRequest(url: whole))
        #expect(received == body)
        #expect(address(received) == address(body))
        for url in [split, sliced, unknownLength] {
            let (data, _) = try await pipeline.data(for: ImageRequest(url: url))
            #expect(data.count == body.count)
            #expect(data == body)
            #expect(data.startIndex == 0)
        }
    }

    @Test("A stream made mid-download first yields the progress so far")
    func eventsReplayProgress() async throws {
        let progressive = MockProgressiveDataLoader(data: TestImageFormat.make(), chunkCount: 2)
        let pipeline = ImagePipeline.makeTestPipeline(loader: progressive)
        let task = pipeline.imageTask(with: URL.test)
        #expect(await task.progress(reaching: 1))
        var iterator = task.events.makeAsyncIterator()
        let first = await iterator.next()
        guard case .progress(let progress)? = first else {
            Issue.record("expected progress first, got \(String(describing: first))")
            return
        }
        #expect(progress == ImageTask.Progress(completed: 11_395, total: 22_789))
        progressive.serveNextChunk()
        _ = try await task.image
    }

    @Test("The result can be awaited many times, before and after completion")
    func awaitingRepeatedly() async throws {
        let pipeline = ImagePipeline.makeTestPipeline(loader: loader)
        let task = pipeline.imageTask(with: URL.test)
        async let first = task.image
        async let second = task.image
        let images = try await [first, second]
        let third = try await task.image
        #expect(images.allSatisfy { $0.width == 640 } && third.width == 640)
        #expect(loader.createdTaskCount == 1)
    }

    @Test("Cancelling the awaiting Swift task cancels the image task")
    func swiftTaskCancellation() async throws {
        loader.isSuspended = true
        let pipeline = ImagePipeline.makeTestPipeline(loader: loader)
        let task = pipeline.imageTask(with: URL.test)
        let waiter = Task { try await task.image }
        await waitUntil(loader) { loader.createdTaskCount == 1 }
        waiter.cancel()
        await #expect(throws: ImagePipeline.Error.self) { try await waiter.value }
        #expect(task.isCancelled)
        #expect(await waitUntil(loader) { loader.cancelledTaskCount == 1 })
    }

    @Test("result gives the outcome as a value: the response, or the error, or cancellation")
    func resultAsValue() async throws {
        let pipeline = ImagePipeline.makeTestPipeline(loader: loader) {
            $0.makeImageDecoder = { _ in ImageDecoders.Empty() }
        }
        let succeeded = await pipeline.imageTask(with: URL.test).result
        #expect((try? succeeded.get()) != nil)

        let missing = URL(string: "https://example.com/missing.jpg")!
        loader.setAnswer(.failure(TestError()), for: missing)
        guard case .failure(.dataLoadingFailed) = await pipeline.imageTask(with: missing).result else {
            Issue.record("expected dataLoadingFailed")
            return
        }

        loader.isSuspended = true
        let task = pipeline.imageTask(with: ImageRequest(url: URL(string: "https://example.com/slow.jpg")))
        let waiter = Task { await task.result }
        await waitUntil(loader) { loader.createdTaskCount == 3 }
        waiter.cancel()
        guard case .failure(.cancelled) = await waiter.value else {
            Issue.record("expected cancelled")
            return
        }
    }

    @Test("cancel() after completion records the cancellation (Nuke 14) and leaves the result")
    func cancelAfterCompletion() async throws {
        let pipeline = ImagePipeline.makeTestPipeline(loader: loader)
        let task = pipeline.imageTask(with: URL.test)
        _ = try await task.image
        #expect(task.description.hasSuffix("state: success)"))
        task.cancel()
        task.cancel()
        #expect(task.isCancelled)
        if case .success? = task.status.result {} else { Issue.record("expected success") }
        #expect(try await task.image.width == 640)
        #expect(
            task.description
                == "ImageTask(id: \(task.taskId), priority: normal, progress: 22789 / 22789, state: success)"
        )
    }

    @Test("Task descriptions give the state: running, cancelled, failure")
    func taskDescriptions() async throws {
        loader.isSuspended = true
        let pipeline = ImagePipeline.makeTestPipeline(loader: loader)
        let task = pipeline.imageTask(with: URL.test)
        #expect(task.description == "ImageTask(id: \(task.taskId), priority: normal, progress: 0 / 0, state: running)")
        task.cancel()
        #expect(task.description.hasSuffix("state: cancelled)"))
        _ = await task.result
        #expect(task.description.hasSuffix("state: failure(Image task was cancelled.))"))
    }

    @Test("Previews and final image arrive through the closure API on the callback queue")
    func closureAPI() async throws {
        let pipeline = ImagePipeline.makeTestPipeline(loader: loader)
        let progress = Collector<Int64>()
        let result: Result<ImageResponse, ImagePipeline.Error> = await withCheckedContinuation { continuation in
            pipeline.loadImage(
                with: ImageRequest(url: .test),
                progress: { _, completed, _ in progress.append(completed) },
                completion: { continuation.resume(returning: $0) }
            )
        }
        #expect(try result.get().image.width == 640)
        #expect(progress.all == [22_789])
        let dataResult: Result<(data: Data, response: DataResponse?), ImagePipeline.Error> =
            await withCheckedContinuation { continuation in
                pipeline.loadData(with: ImageRequest(url: .test)) { continuation.resume(returning: $0) }
            }
        #expect(try dataResult.get().data.count == 22_789)
    }

    @Test("After cancel() the closure API calls nothing")
    func closureAPICancelled() async throws {
        loader.isSuspended = true
        let pipeline = ImagePipeline.makeTestPipeline(loader: loader)
        let calls = Collector<String>()
        let task = pipeline.loadImage(with: ImageRequest(url: .test)) { _ in calls.append("completion") }
        await waitUntil(loader) { loader.createdTaskCount == 1 }
        task.cancel()
        loader.isSuspended = false
        await pipeline.shutdown(cancellingTasks: false)  // Every task, the cancelled one included, ended.
        await withCheckedContinuation { done in pipeline.callbackQueue.async { done.resume() } }
        #expect(calls.all.isEmpty)
    }

    @Test("A synchronous decoder (Empty) runs inline; an asynchronous one waits for a decoding slot")
    func synchronousDecodersSkipTheQueue() async throws {
        let pipeline = ImagePipeline.makeTestPipeline(loader: loader)
        await pipeline.configuration.imageDecodingQueue.setSuspended(true)
        #expect(!ImageDecoders.Empty().isAsynchronous)

        let inline = ImagePipeline.makeTestPipeline(loader: loader) {
            $0.imageDecodingQueue = pipeline.configuration.imageDecodingQueue
            $0.makeImageDecoder = { _ in ImageDecoders.Empty() }
        }
        let response = try await inline.imageTask(with: URL.test).response
        #expect(response.container.data == MockDataLoader.defaultData)

        let recorder = await QueueRecorder(pipeline.configuration.imageDecodingQueue)
        let queued = pipeline.imageTask(with: URL.test)
        #expect(await waitUntil(recorder) { recorder.addedCount == 1 })
        #expect(queued.status.result == nil)  // Waits for the suspended decoding queue.
        await pipeline.configuration.imageDecodingQueue.setSuspended(false)
        _ = try await queued.response
    }

    @Test("data(for:) returns the bytes without decoding")
    func dataForRequest() async throws {
        let pipeline = ImagePipeline.makeTestPipeline(loader: loader) { $0.makeImageDecoder = { _ in nil } }
        let (data, response) = try await pipeline.data(for: ImageRequest(url: .test))
        #expect(data == MockDataLoader.defaultData)
        #expect(response?.statusCode == 200)
    }

    @Test(
        "Jobs free themselves: after loads, shared loads, cancels (running and queued) and failures, nothing holds the pipeline"
    )
    func jobsDoNotOutliveTheirTasks() async throws {
        final class WeakPipeline: @unchecked Sendable {
            weak var pipeline: ImagePipeline?
        }
        let released = WeakPipeline()
        do {
            let loader = MockDataLoader()
            loader.isSuspended = true
            let pipeline = ImagePipeline.makeTestPipeline(loader: loader) {
                $0.dataLoadingQueue = TaskQueue(maxConcurrentOperationCount: 2)
            }
            released.pipeline = pipeline
            let urls = (0..<6).map { URL(string: "http://test.com/\($0).jpeg")! }
            loader.setAnswer(.failure(URLError(.badServerResponse)), for: urls[4])
            let processed = urls.map {
                pipeline.imageTask(with: ImageRequest(url: $0, processors: [MockImageProcessor(id: "p")]))
            }
            let shared = pipeline.imageTask(with: urls[0])  // Shares the first download.
            #expect(await waitUntil(loader) { loader.createdTaskCount == 2 })
            processed[0].cancel()  // Its download is running and goes on for `shared`.
            processed[5].cancel()  // Still queued.
            loader.isSuspended = false
            for task in [shared, processed[1], processed[2], processed[3]] { _ = try await task.response }
            #expect(await expectFailure(processed[4])?.caseName == "dataLoadingFailed")
            // Polls: the actor's task table empties after the cancellations' hops; nothing signals it.
            #expect(await waitUntil { await pipeline.taskCount == 0 })
        }
        #expect(await waitUntil { released.pipeline == nil })  // Polls: a weak reference clears unannounced.
    }

    @Test("A storm of random starts, cancels and priority changes: every task finishes once")
    func storm() async throws {
        let pipeline = ImagePipeline.makeTestPipeline(loader: loader) { $0.imageCache = MockImageCache() }
        let finishedCount = Collector<UInt64>()
        let urls = (0..<20).map { URL(string: "http://test.com/\($0).jpeg")! }
        await withTaskGroup(of: Void.self) { group in
            for worker in 0..<8 {
                group.addTask {
                    var generator = SeededGenerator(seed: UInt64(worker + 1))
                    var tasks: [ImageTask] = []
                    for _ in 0..<125 {
                        switch Int.random(in: 0..<10, using: &generator) {
                        case 0..<5:
                            let processors: [any ImageProcessing] =
                                Bool.random(using: &generator) ? [MockImageProcessor(id: "p")] : []
                            let request = ImageRequest(
                                url: urls.randomElement(using: &generator),
                                processors: processors,
                                priority: ImageRequest.Priority.allCases.randomElement(using: &generator)!
                            )
                            let task = pipeline.loadImage(with: request) { _ in }
                            tasks.append(task)
                        case 5..<8:
                            tasks.randomElement(using: &generator)?.cancel()
                        default:
                            tasks.randomElement(using: &generator)?.priority =
                                ImageRequest.Priority.allCases.randomElement(using: &generator)!
                        }
                        if Int.random(in: 0..<10, using: &generator) == 0 { await Task.yield() }
                    }
                    for task in tasks {
                        var finishes = 0
                        for await event in task.events {
                            if case .finished = event { finishes += 1 }
                        }
                        #expect(finishes == 1)
                        finishedCount.append(task.taskId)
                    }
                }
            }
        }
        #expect(Set(finishedCount.all).count == finishedCount.count)
        // Polls: the actor's task table empties after the cancellations' hops; nothing signals it.
        #expect(await waitUntil { await pipeline.taskCount == 0 })
    }
}
