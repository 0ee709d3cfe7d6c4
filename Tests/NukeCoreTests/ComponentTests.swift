// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

import Foundation
import NukeTestSupport
import Testing

@testable import NukeCore

@Suite struct AssetTypeTests {
    static let signatures: [([UInt8], AssetType)] = [
        ([0xFF, 0xD8, 0xFF, 0xE0], AssetType.jpeg),
        ([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A], .png),
        (Array("GIF89a".utf8), .gif),
        (Array("GIF87a".utf8), .gif),
        (Array("RIFF".utf8) + [0, 0, 0, 0] + Array("WEBP".utf8), .webp),
        ([0, 0, 0, 0x18] + Array("ftypheic".utf8), .heic),
        ([0, 0, 0, 0x18] + Array("ftypavif".utf8), .avif),
        ([0, 0, 0, 0x18] + Array("ftypisom".utf8), .mp4),
        ([0, 0, 0, 0x18] + Array("ftypqt  ".utf8), .mov),
        ([0, 0, 0, 0x18] + Array("ftypM4V ".utf8), .m4v),
        ([0x00, 0x00, 0x01, 0x00], .ico),
        ([0x49, 0x49, 0x2A, 0x00], .tiff),
        ([0x4D, 0x4D, 0x00, 0x2A], .tiff),
        ([0x42, 0x4D, 0, 0], .bmp),
        ([0xFF, 0x4F, 0xFF, 0x51], .jpeg2000),
        ([0xFF, 0x0A], .jxl),
    ]

    @Test("Magic bytes", arguments: signatures)
    func sniffing(bytes: [UInt8], type: AssetType) {
        #expect(AssetType(Data(bytes)) == type)
    }

    @Test("Unknown, short or partial signatures are nil")
    func unknown() {
        #expect(AssetType(Data()) == nil)
        #expect(AssetType(Data("GIF8".utf8)) == nil)
        #expect(AssetType(Data([0, 0, 0, 0x18] + Array("ftypmif1".utf8))) == nil)
        #expect(AssetType(Data(repeating: 7, count: 32)) == nil)
    }

    @Test("MIME types map to asset types")
    func mimeTypes() {
        #expect(AssetType(mimeType: "image/JPEG; charset=binary") == .jpeg)
        #expect(AssetType(mimeType: "image/webp") == .webp)
        #expect(AssetType(mimeType: "text/html") == nil)
    }
}

@Suite struct BitmapTests {
    @Test("Geometry is validated; opacity is computed or given")
    func creation() throws {
        #expect(throws: BitmapError.self) { try Bitmap(width: -1, height: 1, pixelFormat: .gray8, pixels: []) }
        #expect(throws: BitmapError.self) { try Bitmap(width: 2, height: 2, pixelFormat: .rgba8, pixels: [0, 0, 0]) }
        #expect(throws: BitmapError.self) {
            try Bitmap(
                width: 2,
                height: 1,
                pixelFormat: .rgba8,
                bytesPerRow: 4,
                pixels: [UInt8](repeating: 0, count: 8)
            )
        }
        let opaque = try Bitmap(width: 2, height: 1, pixelFormat: .rgba8, pixels: [1, 2, 3, 255, 4, 5, 6, 255])
        #expect(opaque.isOpaque)
        let translucent = try Bitmap(width: 2, height: 1, pixelFormat: .rgba8, pixels: [1, 2, 3, 255, 4, 5, 6, 10])
        #expect(!translucent.isOpaque)
        #expect(try Bitmap(width: 3, height: 3, pixelFormat: .gray8).isOpaque)
        #expect(
            try Bitmap(width: 2, height: 2, pixelFormat: .rgba8, fill: [9, 8, 7, 6]).pixel(x: 1, y: 1) == [9, 8, 7, 6]
        )
    }

    @Test("Copies share storage until written (copy-on-write)")
    func copyOnWrite() throws {
        let original = try Bitmap(width: 2, height: 2, pixelFormat: .gray8, fill: [5])
        var copy = original
        copy.withUnsafeMutableBytes { $0[0] = 99 }
        #expect(original.pixel(x: 0, y: 0) == [5])
        #expect(copy.pixel(x: 0, y: 0) == [99])
    }

    @Test("Memory-cache cost inputs: 640×480 RGBA is 1,228,800 bytes")
    func byteCount() throws {
        #expect(try Bitmap(width: 640, height: 480, pixelFormat: .rgba8).byteCount == 1_228_800)
    }
}

@Suite struct ImageRequestTests {
    @Test("The request is small and copy-on-write")
    func layoutAndCopyOnWrite() {
        #expect(MemoryLayout<ImageRequest>.size <= 48)
        let original = ImageRequest(url: .test, processors: [MockImageProcessor(id: "1")])
        var copy = original
        copy.processors = []
        copy.imageID = "custom"
        #expect(original.processors.count == 1)
        #expect(original.imageID == URL.test.absoluteString)
        #expect(copy.imageID == "custom")
    }

    @Test("A response is one reference wide and copy-on-write")
    func responseCopyOnWrite() throws {
        #expect(MemoryLayout<ImageResponse>.size == MemoryLayout<Int>.size)
        let image = try Bitmap(width: 2, height: 1, pixelFormat: .rgba8, fill: [1, 2, 3, 255])
        let original = ImageResponse(container: ImageContainer(image: image), request: ImageRequest(url: .test))
        var copy = original
        copy.cacheType = .memory
        copy.request = ImageRequest(url: URL(string: "http://test.com/other.png"))
        copy.container.isPreview = true
        #expect(original.cacheType == nil && original.request.url == .test && !original.isPreview)
        #expect(copy.cacheType == .memory && copy.request.url?.lastPathComponent == "other.png" && copy.isPreview)
        #expect(copy.image.pixel(x: 1, y: 0) == [1, 2, 3, 255])
    }

    @Test("Memory-cache keys ignore options; equal image IDs share a key; loads still use the URL")
    func keys() {
        let plain = ImageRequest(url: .test)
        let withOptions = ImageRequest(url: .test, options: [.disableDiskCache])
        #expect(ImageCacheKey(request: plain) == ImageCacheKey(request: withOptions))
        var signedA = ImageRequest(url: URL(string: "http://test.com/a.jpg?token=1"))
        var signedB = ImageRequest(url: URL(string: "http://test.com/a.jpg?token=2"))
        signedA.imageID = "http://test.com/a.jpg"
        signedB.imageID = "http://test.com/a.jpg"
        #expect(ImageCacheKey(request: signedA) == ImageCacheKey(request: signedB))
        #expect(FetchOriginalDataKey(signedA) != FetchOriginalDataKey(signedB))
        #expect(
            ImageCacheKey(request: ImageRequest(url: .test, processors: [MockImageProcessor(id: "1")]))
                != ImageCacheKey(request: plain)
        )
    }

    @Test("17. Disk keys concatenate image ID, thumbnail and processor identifiers")
    func diskKeys() {
        let pipeline = ImagePipeline.makeTestPipeline()
        #expect(pipeline.cache.makeDataCacheKey(for: ImageRequest(url: .test)) == "http://test.com/example.jpeg")
        #expect(
            pipeline.cache.makeDataCacheKey(for: ImageRequest(url: .test, processors: [MockImageProcessor(id: "1")]))
                == "http://test.com/example.jpeg1"
        )
        var thumbnail = ImageRequest(url: .test)
        thumbnail.thumbnail = ThumbnailOptions(maxPixelSize: 400)
        #expect(
            pipeline.cache.makeDataCacheKey(for: thumbnail)
                == "http://test.com/example.jpegcom.github/kean/nuke/thumbnail?maxPixelSize=400.0,options=truetruetruetrue"
        )
    }

    @Test("Thumbnail sizes never upscale and keep the aspect ratio")
    func thumbnailSizes() {
        #expect(ThumbnailOptions(maxPixelSize: 400).targetPixelSize(width: 640, height: 480) == (400, 300))
        #expect(ThumbnailOptions(maxPixelSize: 4000).targetPixelSize(width: 640, height: 480) == (640, 480))
        let fill = ThumbnailOptions(size: ImageSize(width: 100, height: 100), unit: .pixels, contentMode: .aspectFill)
        #expect(fill.targetPixelSize(width: 640, height: 480) == (133, 100))
        let fit = ThumbnailOptions(size: ImageSize(width: 50, height: 50), unit: .points, contentMode: .aspectFit)
        #expect(fit.targetPixelSize(width: 640, height: 480, scale: 2) == (100, 75))
    }

    @Test("Header fields are case-insensitive")
    func headers() {
        var request = DataRequest(url: .test)
        request.setValue("a", forHTTPHeaderField: "X-Token")
        request.setValue("b", forHTTPHeaderField: "x-token")
        #expect(request.headers.count == 1)
        #expect(request.value(forHTTPHeaderField: "X-TOKEN") == "b")
        #expect(HTTPHeaderFields(["A": "1", "b": "2"]) == ["B": "2", "a": "1"])
    }
}

@Suite struct RegistryTests {
    struct Named: ImageProcessing, Hashable {
        var identifier: String
        func process(_ image: Bitmap) -> Bitmap? { image }
    }

    @Test("Newest registration first; re-registering an ID replaces it; unregister removes it")
    func ordering() {
        var registry = PluginRegistry()
        registry.register(Capabilities.Loading.self, id: "a", for: ["http"], MockDataLoader())
        let newer = MockDataLoader()
        registry.register(Capabilities.Loading.self, id: "b", for: ["http", "https"], newer)
        #expect(registry.dataLoader(for: URL(string: "HTTP://x")!) as? MockDataLoader === newer)
        registry.register(Capabilities.Loading.self, id: "a", for: ["http"], MockDataLoader())
        #expect(registry.registrations(Capabilities.Loading.self).map(\.id) == ["a", "b"])
        registry.unregister(Capabilities.Loading.self, id: "a")
        #expect(registry.dataLoader(for: URL(string: "http://x")!) as? MockDataLoader === newer)
        #expect(registry.dataLoader(for: URL(string: "ftp://x")!) == nil)
    }

    @Test("Declining factories fall through; wildcards come after specific keys")
    func decoderSelection() throws {
        var registry = PluginRegistry()
        registry.install(TestImagePlugin())
        registry.register(Capabilities.Decoding.self, id: "decline", for: [TestImageFormat.assetType]) { _ in nil }
        let context = ImageDecodingContext(request: ImageRequest(url: .test), data: TestImageFormat.make())
        #expect(registry.decoder(for: context) is TestImageDecoder)
        let other = ImageDecodingContext(request: ImageRequest(url: .test), data: Data([1, 2, 3]))
        #expect(registry.decoder(for: other) == nil)
        #expect(registry.installedPlugins == ["nuke.test-image"])
    }

    @Test("A pipeline keeps its own copy of the registry")
    func snapshot() {
        var registry = PluginRegistry()
        let pipeline = ImagePipeline(configuration: .init(registry: registry))
        registry.install(TestImagePlugin())
        #expect(pipeline.configuration.registry.installedPlugins.isEmpty)
    }

    @Test("Processor chains are built from text")
    func processorSpecs() throws {
        var registry = PluginRegistry()
        registry.register(Capabilities.Processing.self, id: "resize", for: ["resize"]) { parameters in
            try parameters.validate(allowed: ["width", "crop"], processor: "resize")
            return Named(
                identifier: "resize-\(try parameters.int("width") ?? 0)-\(try parameters.bool("crop") ?? false)"
            )
        }
        registry.register(Capabilities.Processing.self, id: "blur", for: ["blur"]) { parameters in
            Named(identifier: "blur-\(try parameters.double("radius") ?? 8)")
        }
        let chain = try registry.processors(fromSpec: " resize(width: 320, crop:true) | blur(radius:2.5)|blur ")
        #expect(chain.map(\.identifier) == ["resize-320-true", "blur-2.5", "blur-8.0"])
    }

    @Test(
        "Bad specs point at the offending part",
        arguments: [
            ("resize(width:320", 16),
            ("resize(width)", 12),
            ("resize(width:320)|", 18),
            ("sepia(amount:1)", 0),
            ("resize(width:abc)", 0),
            ("resize(height:3)", 0),
            ("blur(radius:1)|nope", 15),
            ("", 0),
        ]
    )
    func badSpecs(spec: String, offset: Int) {
        var registry = PluginRegistry()
        registry.register(Capabilities.Processing.self, id: "resize", for: ["resize"]) { parameters in
            try parameters.validate(allowed: ["width"], processor: "resize")
            return Named(identifier: "resize-\(try parameters.int("width") ?? 0)")
        }
        registry.register(Capabilities.Processing.self, id: "blur", for: ["blur"]) { _ in Named(identifier: "blur") }
        do {
            _ = try registry.processors(fromSpec: spec)
            Issue.record("expected an error for \(spec)")
        } catch {
            #expect(error.offset == offset)
            #expect(error.description.contains("^"))
        }
    }

    @Test("An unknown processor name lists the registered ones")
    func unknownProcessor() {
        var registry = PluginRegistry()
        registry.register(Capabilities.Processing.self, id: "blur", for: ["blur"]) { _ in Named(identifier: "blur") }
        #expect(throws: ProcessorSpecError.self) { try registry.processor(named: "sepia") }
        do {
            _ = try registry.processors(fromSpec: "sepia")
        } catch {
            #expect(error.reason == .unknownProcessor(name: "sepia", available: ["blur"]))
        }
    }
}

@Suite struct CompositionTests {
    @Test("Compositions apply in order, flatten, and compare by children")
    func composition() throws {
        let composition = ImageProcessors.Composition([
            MockImageProcessor(id: "1"),
            ImageProcessors.Composition([MockImageProcessor(id: "2"), MockImageProcessor(id: "3")]),
        ])
        #expect(composition.processors.count == 3)
        #expect(composition.identifier == "123")
        #expect(
            composition
                == ImageProcessors.Composition([
                    MockImageProcessor(id: "1"), MockImageProcessor(id: "2"), MockImageProcessor(id: "3"),
                ])
        )
        let image = ImageContainer(image: try Bitmap(width: 1, height: 1, pixelFormat: .gray8))
        let context = ImageProcessingContext(
            request: ImageRequest(url: .test),
            response: ImageResponse(container: image, request: ImageRequest(url: .test)),
            isCompleted: true
        )
        #expect(try composition.process(image, context: context).processorIDs == ["1", "2", "3"])
        #expect(throws: MockFailingProcessor.Failure.self) {
            try ImageProcessors.Composition([MockFailingProcessor(), MockImageProcessor(id: "x")]).process(
                image,
                context: context
            )
        }
        let anonymous = ImageProcessors.Anonymous(id: "nil") { _ in nil }
        #expect(throws: ImageProcessingError.processorReturnedNil(identifier: "nil")) {
            try anonymous.process(image, context: context)
        }
    }
}

@Suite(.timeLimit(.minutes(10)))
struct TaskQueueTests {
    @Test("Respects the limit; runs highest priority first, FIFO within a priority")
    @ImagePipelineActor
    func ordering() async {
        let queue = TaskQueue(maxConcurrentOperationCount: 1)
        queue.isSuspended = true
        let order = Collector<String>()
        for (name, priority) in [
            ("low1", ImageRequest.Priority.low), ("high", .high), ("low2", .low), ("normal", .normal),
        ] {
            queue.add(priority: priority) { order.append(name) }
        }
        let raised = queue.add(priority: .veryLow) { order.append("raised") }
        raised.priority = .veryHigh
        let cancelled = queue.add(priority: .veryHigh) { order.append("cancelled") }
        cancelled.cancel()
        #expect(queue.pendingCount == 5)
        #expect(order.count == 0)  // Suspended: nothing was started.
        queue.isSuspended = false
        await waitUntil { order.count == 5 }
        #expect(order.all == ["raised", "high", "normal", "low1", "low2"])
    }

    @Test("A lowered operation goes to the front of its new priority")
    @ImagePipelineActor
    func lowering() async {
        let queue = TaskQueue(maxConcurrentOperationCount: 1)
        queue.isSuspended = true
        let order = Collector<String>()
        queue.add(priority: .low) { order.append("low") }
        let lowered = queue.add(priority: .high) { order.append("lowered") }
        lowered.priority = .low
        queue.isSuspended = false
        await waitUntil { order.count == 2 }
        #expect(order.all == ["lowered", "low"])
    }

    @Test("Never runs more than the limit at once")
    @ImagePipelineActor
    func concurrencyLimit() async {
        let queue = TaskQueue(maxConcurrentOperationCount: 2)
        let running = Collector<Int>()
        var maxRunning = 0
        var current = 0
        for _ in 0..<10 {
            queue.add {
                current += 1
                maxRunning = max(maxRunning, current)
                await Task.yield()  // Suspends while running: the queue could start more.
                current -= 1
                running.append(1)
            }
        }
        await waitUntil { running.count == 10 }
        #expect(maxRunning == 2)
        #expect(queue.runningCount == 0)
    }

    @Test("A callback operation holds its slot until it is ended; ending it at once runs the rest")
    @ImagePipelineActor
    func callbackOperations() {
        let queue = TaskQueue(maxConcurrentOperationCount: 1)
        var started: [String] = []
        let first = queue.addCallbackOperation { _ in started.append("first") }
        queue.addCallbackOperation { _ in started.append("second") }
        #expect(started == ["first"])  // Started synchronously; the slot stays taken.
        #expect(queue.runningCount == 1 && queue.pendingCount == 1)
        first.end()
        #expect(started == ["first", "second"])

        // 1,000 operations that end inside their start call: one loop, no recursion per operation.
        let instant = TaskQueue(maxConcurrentOperationCount: 2)
        var count = 0
        instant.isSuspended = true
        for _ in 0..<1_000 {
            instant.addCallbackOperation { operation in
                count += 1
                operation.end()
            }
        }
        instant.isSuspended = false
        #expect(count == 1_000)
        #expect(instant.runningCount == 0 && instant.pendingCount == 0)
    }

    @Test("Cancelling a running callback operation calls its onCancel and frees the slot")
    @ImagePipelineActor
    func callbackCancellation() {
        let queue = TaskQueue(maxConcurrentOperationCount: 1)
        var cancelCount = 0
        let running = queue.addCallbackOperation { operation in operation.onCancel = { cancelCount += 1 } }
        var secondStarted = false
        queue.addCallbackOperation { _ in secondStarted = true }
        running.cancel()
        running.cancel()
        running.end()
        #expect(cancelCount == 1)
        #expect(secondStarted)
        #expect(queue.runningCount == 1)
    }
}

@Suite(.timeLimit(.minutes(10)))
struct LoaderInboxTests {
    @Test("Events posted during the load call wait for the job's drain; no hop is scheduled")
    @ImagePipelineActor
    func synchronousEvents() {
        let received = Collector<String>()
        let inbox = LoaderInbox { event in received.append(Self.describe(event)) }
        inbox.post(.chunk(Data([1]), DataResponse(url: .test)))
        inbox.post(.completed(nil))
        #expect(received.count == 0)
        inbox.drain()
        #expect(received.all == ["chunk 1", "completed"])
    }

    @Test("Events from four threads arrive in each thread's order, all of them, none after close")
    func concurrentEvents() async {
        let received = Collector<String>()
        let inbox = LoaderInbox { event in received.append(Self.describe(event)) }
        await inbox.drain()  // The load call returned: later events schedule their own drain.
        await withTaskGroup(of: Void.self) { group in
            for thread in 0..<4 {
                group.addTask {
                    for index in 0..<250 {
                        inbox.post(.chunk(Data([UInt8(thread), UInt8(index)]), DataResponse(url: .test)))
                    }
                }
            }
        }
        #expect(await waitUntil { received.count == 1_000 })
        let all = received.all
        for thread in 0..<4 {
            let mine = all.filter { $0.hasPrefix("chunk 2 \(thread) ") }
            #expect(mine == (0..<250).map { "chunk 2 \(thread) \($0)" })
        }
        inbox.close()
        inbox.post(.completed(nil))  // Closed: schedules nothing and is dropped.
        await inbox.drain()
        #expect(received.count == 1_000)
    }

    private static func describe(_ event: LoaderInbox.Event) -> String {
        switch event {
        case .chunk(let data, _):
            data.count == 1 ? "chunk 1" : "chunk 2 \(data[0]) \(data[1])"
        case .completed: "completed"
        }
    }
}

@Suite struct SystemMemoryTests {
    @Test("cgroup limit files are parsed; 'max' and huge values mean no limit")
    func parsing() {
        #expect(SystemMemory.parseLimit("536870912\n") == 536_870_912)
        #expect(SystemMemory.parseLimit("max\n") == nil)
        #expect(SystemMemory.parseLimit("9223372036854771712") == nil)
        #expect(SystemMemory.available > 0)
        #expect(ImagePipeline.Configuration.defaultMaximumResponseDataSize <= 200 * 1024 * 1024)
    }
}

@Suite struct DefaultEncoderTests {
    private let jpeg = MockImageEncoder(result: Data("jpeg".utf8))
    private let png = MockImageEncoder(result: Data("png".utf8))
    private let webp = MockImageEncoder(result: Data("webp".utf8))

    private var registry: PluginRegistry {
        var registry = PluginRegistry()
        registry.register(Capabilities.Encoding.self, id: "test.jpeg", for: [.jpeg], jpeg)
        registry.register(Capabilities.Encoding.self, id: "test.png", for: [.png], png)
        registry.register(Capabilities.Encoding.self, id: "test.webp", for: [.webp], webp)
        return registry
    }

    @Test("Opaque images become JPEG, images with alpha PNG; a set type wins")
    func choosesByOpacityOrType() throws {
        let opaque = try Bitmap(width: 2, height: 2, pixelFormat: .rgba8, fill: [1, 2, 3, 255])
        let translucent = try Bitmap(width: 2, height: 2, pixelFormat: .rgba8, fill: [1, 2, 3, 128])
        let encoder = ImageEncoders.Default(registry: registry)
        #expect(try encoder.encode(opaque) == Data("jpeg".utf8))
        #expect(try encoder.encode(translucent) == Data("png".utf8))
        let webpEncoder = ImageEncoders.Default(registry: registry, type: .webp)
        #expect(try webpEncoder.encode(opaque) == Data("webp".utf8))
        #expect(try webpEncoder.encode(translucent) == Data("webp".utf8))
    }

    @Test("Animations keep their original data; no encoder at all is a typed error")
    func animationsAndMissingEncoders() throws {
        let frame = try Bitmap(width: 1, height: 1, pixelFormat: .rgba8)
        let animation = ImageContainer(image: frame, type: .gif, data: Data("GIF89a".utf8))
        let encoder = ImageEncoders.Default(registry: registry)
        let context = ImageEncodingContext(request: ImageRequest(url: .test), image: animation)
        #expect(try encoder.encode(animation, context: context) == Data("GIF89a".utf8))
        #expect(throws: ImageEncodingError.encoderNotRegistered(.jpeg)) {
            try ImageEncoders.Default(registry: PluginRegistry()).encode(frame.withOpaqueFill())
        }
    }
}

extension Bitmap {
    fileprivate func withOpaqueFill() throws -> Bitmap {
        try Bitmap(width: width, height: height, pixelFormat: .rgba8, fill: [0, 0, 0, 255])
    }
}
