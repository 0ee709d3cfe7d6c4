// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

import Foundation
import NukeTestSupport
import Testing

@testable import NukeCore

@Suite(.timeLimit(.minutes(10)))
struct ImagePipelineProgressiveTests {
    private func makePipeline(
        _ loader: MockProgressiveDataLoader,
        policy: ImagePipeline.PreviewPolicy = .incremental,
        cache: MockImageCache? = nil,
        progressive: Bool = true
    ) -> ImagePipeline {
        ImagePipeline.makeTestPipeline(loader: loader, delegate: ImagePipelineObserver(previewPolicy: policy)) {
            $0.isProgressiveDecodingEnabled = progressive
            $0.progressiveDecodingInterval = 0
            $0.imageProcessingQueue = TaskQueue(maxConcurrentOperationCount: 1)
            $0.imageCache = cache
        }
    }

    /// Serves chunks one by one, waiting for a preview after each but the last.
    private func loadServingChunks(
        _ task: ImageTask,
        loader: MockProgressiveDataLoader,
        onPreview: @escaping @Sendable (ImageResponse) -> Void = { _ in }
    ) async throws -> (previews: [ImageResponse], final: ImageResponse) {
        let previews = Collector<ImageResponse>()
        let collecting = Task {
            for await preview in task.previews {
                onPreview(preview)
                previews.append(preview)
            }
        }
        await previews.wait(untilCount: 1)
        loader.serveNextChunk()
        await previews.wait(untilCount: 2)
        loader.serveNextChunk()
        let final = try await task.response
        await collecting.value
        return (previews.all, final)
    }

    @Test("19. Three chunks give exactly two previews, then the final image")
    func twoPreviewsThenFinal() async throws {
        let loader = MockProgressiveDataLoader(data: TestImageFormat.make(), chunkCount: 3)
        let cache = MockImageCache()
        let pipeline = makePipeline(loader, cache: cache)
        let request = ImageRequest(url: .test)
        let cachedPreviews = Collector<Bool>()
        let (previews, final) = try await loadServingChunks(pipeline.imageTask(with: request), loader: loader) { _ in
            cachedPreviews.append(cache.peek(ImageCacheKey(request: request))?.isPreview == true)
        }
        #expect(previews.count == 2)
        #expect(previews.allSatisfy { $0.isPreview })
        let scanNumbers = previews.map { $0.container.userInfo[.scanNumberKey] as? Int }
        #expect(scanNumbers == [1, 2])
        #expect(!final.isPreview)
        #expect(final.container.userInfo[.scanNumberKey] as? Int == 2)
        #expect(cachedPreviews.all == [true, true])
        #expect(cache.peek(ImageCacheKey(request: request))?.isPreview == false)
    }

    @Test("19. Previews are processed like the final image")
    func previewsAreProcessed() async throws {
        let loader = MockProgressiveDataLoader(data: TestImageFormat.make(), chunkCount: 3)
        let pipeline = makePipeline(loader)
        let resize = ImageProcessors.Anonymous(id: "resize-45x30") { image in
            try? Bitmap(width: 45, height: 30, pixelFormat: image.pixelFormat)
        }
        let task = pipeline.imageTask(with: ImageRequest(url: .test, processors: [resize]))
        let (previews, final) = try await loadServingChunks(task, loader: loader)
        #expect(previews.count == 2)
        #expect((previews + [final]).allSatisfy { $0.image.width == 45 && $0.image.height == 30 })
    }

    @Test("19. No previews with progressive decoding off")
    func noPreviewsWhenDisabled() async throws {
        let loader = MockProgressiveDataLoader(data: TestImageFormat.make(), chunkCount: 3)
        let pipeline = makePipeline(loader, progressive: false)
        let task = pipeline.imageTask(with: URL.test)
        let previews = Collector<ImageResponse>()
        let collecting = previews.collect(task.previews)
        loader.serveAllChunks()
        _ = try await task.response
        await collecting.value
        #expect(previews.count == 0)
    }

    @Test("20. Backpressure: with decoding held back, only one preview and the final are decoded")
    func backpressure() async throws {
        let loader = MockProgressiveDataLoader(data: TestImageFormat.make(), chunkCount: 5)
        let pipeline = makePipeline(loader)
        let queue = pipeline.configuration.imageDecodingQueue
        let recorder = await QueueRecorder(queue)
        await queue.setSuspended(true)
        let task = pipeline.imageTask(with: URL.test)
        #expect(await waitUntil(recorder) { recorder.addedCount == 1 })
        loader.serveAllChunks()
        #expect(await waitUntil(recorder) { recorder.addedCount == 2 })
        await queue.setSuspended(false)
        _ = try await task.response
        #expect(recorder.addedCount == 2)
    }

    @Test("20. A failed final decode cancels pending preview processing; nothing is cached")
    func failureCancelsPendingPreviewWork() async throws {
        var data = TestImageFormat.make(byteCount: 3_000)
        data = data.prefix(2_000)  // Declares 3,000 bytes: the final decode fails as truncated.
        let loader = MockProgressiveDataLoader(data: data, chunkCount: 3)
        let cache = MockImageCache()
        let counter = ProcessorCounter()
        let pipeline = makePipeline(loader, cache: cache)
        let processing = pipeline.configuration.imageProcessingQueue
        let recorder = await QueueRecorder(processing)
        await processing.setSuspended(true)
        let task = pipeline.imageTask(
            with: ImageRequest(url: .test, processors: [MockImageProcessor(id: "1", counter: counter)])
        )
        #expect(await waitUntil(recorder) { recorder.addedCount == 1 })
        loader.serveAllChunks()
        let error = await expectFailure(task)
        #expect(error?.caseName == "decodingFailed")
        #expect(recorder.cancelledCount == 1)
        await processing.setSuspended(false)
        await pipeline.flush()  // Anything the queue started would be on the workers now.
        #expect(counter.value == 0)
        #expect(cache.writeCount == 0)
    }

    @Test("21. The default policy: previews for progressive JPEG, JPEG XL and GIF, none for baseline")
    func defaultPreviewPolicy() {
        let baseline = Data([0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x04, 0x00, 0x00, 0xFF, 0xC0, 0x00, 0x04, 0x00, 0x00])
        let progressive = Data([0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x04, 0x00, 0x00, 0xFF, 0xC2, 0x00, 0x04, 0x00, 0x00])
        #expect(ImagePipeline.PreviewPolicy.default(for: baseline) == .disabled)
        #expect(ImagePipeline.PreviewPolicy.default(for: progressive) == .incremental)
        #expect(ImagePipeline.PreviewPolicy.default(for: Data("GIF89a\u{0}\u{0}".utf8)) == .incremental)
        #expect(ImagePipeline.PreviewPolicy.default(for: Data([0xFF, 0x0A, 0xFA, 0x7F])) == .incremental)
        #expect(
            ImagePipeline.PreviewPolicy.default(for: Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]))
                == .disabled
        )
        #expect(ImagePipeline.PreviewPolicy.default(for: Data([0xFF, 0xD8])) == .disabled)
    }

    @Test("21. A disabled policy is asked again only when the data doubles, at most six times")
    func policyReevaluation() async throws {
        final class CountingDelegate: ImagePipeline.Delegate {
            let sizes = Collector<Int>()
            func previewPolicy(for context: ImageDecodingContext, pipeline: ImagePipeline)
                -> ImagePipeline.PreviewPolicy
            {
                sizes.append(context.data.count)
                return .disabled
            }
        }
        let delegate = CountingDelegate()
        let data = TestImageFormat.make(byteCount: 100 * 64)
        let loader = MockProgressiveDataLoader(data: data, chunkCount: 100)
        let pipeline = ImagePipeline.makeTestPipeline(loader: loader, delegate: delegate) {
            $0.isProgressiveDecodingEnabled = true
            $0.progressiveDecodingInterval = 0
        }
        let task = pipeline.imageTask(with: URL.test)
        #expect(await task.progress(reaching: 64))
        for served in 2...100 {
            loader.serveNextChunk()
            await task.progress(reaching: Int64(64 * served))  // One chunk at a time.
        }
        _ = try await task.response
        #expect(delegate.sizes.all == [64, 128, 256, 512, 1024, 2048])
    }
}
