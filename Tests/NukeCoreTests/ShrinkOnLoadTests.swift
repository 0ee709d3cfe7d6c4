// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

import Foundation
import NukeTestSupport
import Synchronization
import Testing

@testable import NukeCore

/// A downscaler to `width` pixels wide (aspect kept) that records the input it was given.
struct Downscaler: ImageDownscaling, Hashable {
    let width: Int
    let inputs: InputLog

    var identifier: String { "test/downscale?w=\(width)" }

    func minimumInputSize(width: Int, height: Int) -> (width: Int, height: Int)? {
        guard self.width < width else { return nil }
        return (self.width, max(1, height * self.width / width))
    }

    func process(_ container: ImageContainer, context: ImageProcessingContext) throws -> ImageContainer {
        let image = container.image
        inputs.record(image.width, container.originalPixelSize?.width)
        let source = container.originalPixelSize ?? (image.width, image.height)
        let output = try Bitmap(
            width: min(width, source.width),
            height: max(1, source.height * min(width, source.width) / source.width),
            pixelFormat: image.pixelFormat,
            fill: image.pixel(x: 0, y: 0)
        )
        var result = container.map { _ in output }
        result.originalPixelSize = nil
        return result
    }

    static func == (lhs: Downscaler, rhs: Downscaler) -> Bool { lhs.width == rhs.width }
    func hash(into hasher: inout Hasher) { hasher.combine(width) }
}

/// The widths of the images a processor received, and the original widths they came with.
final class InputLog: Sendable {
    private let entries = Mutex<[(width: Int, original: Int?)]>([])
    func record(_ width: Int, _ original: Int?) { entries.withLock { $0.append((width, original)) } }
    var widths: [Int] { entries.withLock { $0.map(\.width) } }
    var originals: [Int?] { entries.withLock { $0.map(\.original) } }
}

@Suite(.timeLimit(.minutes(10)))
struct ShrinkOnLoadTests {
    let loader = MockDataLoader()  // Serves a 640×480 test image.
    let inputs = InputLog()
    let decodes = ProcessorCounter()  // Counts decoders made: one per decode job.

    /// A test pipeline whose decoder factory counts the decoders it makes (one per decode job).
    private func makePipeline(_ configure: (inout ImagePipeline.Configuration) -> Void = { _ in }) -> ImagePipeline {
        let decodes = self.decodes
        return ImagePipeline.makeTestPipeline(loader: loader) {
            var registry = PluginRegistry()
            registry.install(TestImagePlugin())
            registry.register(
                Capabilities.Decoding.self,
                id: "nuke.test-image.decoder",
                for: [TestImageFormat.assetType]
            ) { context in
                decodes.increment()
                return TestImageDecoder(context: context)
            }
            $0.registry = registry
            configure(&$0)
        }
    }

    private func downscale(to width: Int) -> Downscaler { Downscaler(width: width, inputs: inputs) }

    @Test("A first processor that reduces gets a smaller decode, and its output has the full decode's size")
    func shrinks() async throws {
        let pipeline = makePipeline()
        let response = try await pipeline.imageTask(with: ImageRequest(url: .test, processors: [downscale(to: 100)]))
            .response
        #expect(inputs.widths == [100])
        #expect(inputs.originals == [640])
        #expect(response.image.width == 100 && response.image.height == 75)
        #expect(response.container.originalPixelSize == nil)
    }

    @Test("Turned off for the pipeline, or for the request, the processor gets the full image")
    func optOut() async throws {
        let off = makePipeline { $0.isShrinkOnLoadEnabled = false }
        _ = try await off.imageTask(with: ImageRequest(url: .test, processors: [downscale(to: 100)])).response
        var request = ImageRequest(url: .test, processors: [downscale(to: 100)])
        request.options.insert(.disableShrinkOnLoad)
        _ = try await makePipeline().imageTask(with: request).response
        #expect(inputs.widths == [640, 640])
        #expect(inputs.originals == [nil, nil])
    }

    @Test("Only the first processor decides: a downscaler after another processor gets a full decode")
    func onlyTheFirstProcessor() async throws {
        let request = ImageRequest(url: .test, processors: [MockImageProcessor(id: "first"), downscale(to: 100)])
        let response = try await makePipeline().imageTask(with: request).response
        #expect(inputs.widths == [640])
        #expect(response.container.processorIDs == ["first"])
    }

    @Test("A composition that begins with a downscaler shrinks on load")
    func composition() async throws {
        let composition = ImageProcessors.Composition([downscale(to: 160), MockImageProcessor(id: "after")])
        let response = try await makePipeline().imageTask(with: ImageRequest(url: .test, processors: [composition]))
            .response
        #expect(inputs.widths == [160])
        #expect(response.image.width == 160)
        #expect(response.container.processorIDs == ["after"])
    }

    @Test("A downscaler that would not reduce this image, or a thumbnail request, decodes as before")
    func notReducing() async throws {
        _ = try await makePipeline().imageTask(with: ImageRequest(url: .test, processors: [downscale(to: 2000)]))
            .response
        var thumbnail = ImageRequest(url: .test, processors: [downscale(to: 100)])
        thumbnail.thumbnail = ThumbnailOptions(maxPixelSize: 320)
        _ = try await makePipeline().imageTask(with: thumbnail).response
        #expect(inputs.widths == [640, 320])
        #expect(inputs.originals == [nil, nil])
    }

    @Test("Requests for different sizes of one image share one download and one decode, at the largest size")
    func coalescing() async throws {
        let pipeline = makePipeline()
        loader.isSuspended = true
        let small = pipeline.imageTask(with: ImageRequest(url: .test, processors: [downscale(to: 100)]))
        let large = pipeline.imageTask(with: ImageRequest(url: .test, processors: [downscale(to: 200)]))
        await pipelineActorBarrier()  // The actor has started every task made so far.
        #expect(await pipeline.taskCount == 2)
        loader.isSuspended = false
        let responses = try await [small.response, large.response]
        #expect(loader.createdTaskCount == 1)
        #expect(decodes.value == 1)
        #expect(inputs.widths == [200, 200])
        #expect(responses.map(\.image.width) == [100, 200])
    }

    @Test("A request for the full image does not share a shrunk decode")
    func fullRequestDecodesOnItsOwn() async throws {
        let pipeline = makePipeline()
        loader.isSuspended = true
        let shrunk = pipeline.imageTask(with: ImageRequest(url: .test, processors: [downscale(to: 100)]))
        let full = pipeline.imageTask(with: ImageRequest(url: .test))
        await pipelineActorBarrier()  // The actor has started every task made so far.
        #expect(await pipeline.taskCount == 2)
        loader.isSuspended = false
        let responses = try await [shrunk.response, full.response]
        #expect(loader.createdTaskCount == 1)
        #expect(decodes.value == 2)
        #expect(responses.map(\.image.width) == [100, 640])
    }

    @Test("Cache keys do not change: a result stored with shrink-on-load is found without it")
    func cacheIdentity() async throws {
        let dataCache = MockDataCache()
        let request = ImageRequest(url: .test, processors: [downscale(to: 100)])
        let shrinking = makePipeline {
            $0.dataCache = dataCache
            $0.dataCachePolicy = .storeEncodedImages
        }
        _ = try await shrinking.imageTask(with: request).response
        await shrinking.flush()
        let key = shrinking.cache.makeDataCacheKey(for: request)
        #expect(dataCache.containsData(for: key))

        let full = makePipeline {
            $0.dataCache = dataCache
            $0.isShrinkOnLoadEnabled = false
        }
        #expect(full.cache.makeDataCacheKey(for: request) == key)
        #expect(ImageCacheKey(request: request) == ImageCacheKey(request: request))
        let cached = try await full.imageTask(with: request).response
        #expect(cached.cacheType == .disk)
        #expect(loader.createdTaskCount == 1)
    }

    @Test("ShrinkOnLoad takes the largest minimum of its downscalers, and none when one needs the full image")
    func requirementCombination() {
        let both = ShrinkOnLoad(downscalers: [downscale(to: 100), downscale(to: 300)])
        #expect(both.minimumSize(width: 640, height: 480).map { [$0.width, $0.height] } == [300, 225])
        let oneFull = ShrinkOnLoad(downscalers: [downscale(to: 100), downscale(to: 900)])
        #expect(oneFull.minimumSize(width: 640, height: 480) == nil)
        #expect(ShrinkOnLoad(downscalers: []).minimumSize(width: 640, height: 480) == nil)
    }
}
