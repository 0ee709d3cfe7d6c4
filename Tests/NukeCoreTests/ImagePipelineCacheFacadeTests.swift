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

/// `pipeline.cache` against a real `ImageCache` and `DataCache`.
@Suite struct ImagePipelineCacheFacadeTests {
    private let directory: TemporaryDirectory
    private let dataCache: DataCache
    private let memory = ImageCache()
    private let encoder = MockImageEncoder()
    private let pipeline: ImagePipeline

    init() throws {
        directory = try TemporaryDirectory(prefix: "nuke-facade")
        dataCache = try DataCache(path: directory.url)
        dataCache.flushDelay = .seconds(3600)
        let (memory, dataCache, encoder) = (memory, dataCache, encoder)
        pipeline = ImagePipeline.makeTestPipeline {
            $0.imageCache = memory
            $0.dataCache = dataCache
            $0.makeImageEncoder = { _ in encoder }
        }
    }

    private func image(width: Int = 8) throws -> ImageContainer {
        ImageContainer(image: try Bitmap(width: width, height: 6, pixelFormat: .rgba8))
    }

    @Test("Subscripts read and write the memory cache only; nil removes")
    func subscripts() throws {
        let request = ImageRequest(url: .test, processors: [MockImageProcessor(id: "1")])
        pipeline.cache[URL.test] = try image()
        pipeline.cache[request] = try image(width: 3)
        #expect(pipeline.cache[URL.test]?.image.width == 8)
        #expect(memory[ImageCacheKey(request: request)]?.image.width == 3)
        #expect(!dataCache.containsData(for: URL.test.absoluteString))
        pipeline.cache[URL.test] = nil
        #expect(pipeline.cache[URL.test] == nil)
        #expect(memory.totalCount == 1)
    }

    @Test("storeCachedImage encodes for disk; cachedImage falls back to decoding disk data")
    func storeAndReadBothLayers() throws {
        let request = ImageRequest(url: .test)
        pipeline.cache.storeCachedImage(try image(), for: request)
        #expect(encoder.encodeCount == 1)
        #expect(pipeline.cache.containsCachedImage(for: request, caches: .memory))
        #expect(pipeline.cache.containsCachedImage(for: request, caches: .disk))
        #expect(pipeline.cache.cachedImage(for: request)?.image.width == 8)  // From memory.
        pipeline.cache.removeCachedImage(for: request, caches: .memory)
        let fromDisk = pipeline.cache.cachedImage(for: request)
        #expect(fromDisk?.image.width == 200)  // The mock encoder's fixed 200×150 image.
        #expect(pipeline.cache.cachedImage(for: request, caches: .memory) == nil)
        pipeline.cache.removeCachedImage(for: request)
        #expect(!pipeline.cache.containsCachedImage(for: request))
    }

    @Test("Previews never go to disk; options turn layers off per request")
    func previewsAndOptions() throws {
        var preview = try image()
        preview.isPreview = true
        pipeline.cache.storeCachedImage(preview, for: ImageRequest(url: .test))
        #expect(encoder.encodeCount == 0)
        #expect(!pipeline.cache.containsData(for: ImageRequest(url: .test)))

        let noWrites = ImageRequest(url: .test, options: [.disableMemoryCacheWrites, .disableDiskCacheWrites])
        pipeline.cache.removeAll()
        pipeline.cache.storeCachedImage(try image(), for: noWrites)
        pipeline.cache.storeCachedData(Data([1]), for: noWrites)
        #expect(memory.totalCount == 0)
        #expect(!dataCache.containsData(for: URL.test.absoluteString))

        pipeline.cache.storeCachedImage(try image(), for: ImageRequest(url: .test))
        let noReads = ImageRequest(url: .test, options: [.disableMemoryCacheReads, .disableDiskCacheReads])
        #expect(pipeline.cache.cachedImage(for: noReads) == nil)
        #expect(pipeline.cache.cachedData(for: noReads) == nil)
        #expect(!pipeline.cache.containsData(for: noReads))
    }

    @Test("Data methods use the pipeline's disk keys")
    func dataMethods() {
        let request = ImageRequest(url: .test, processors: [MockImageProcessor(id: "1")])
        #expect(pipeline.cache.makeDataCacheKey(for: request) == URL.test.absoluteString + "1")
        #expect(pipeline.cache.makeImageCacheKey(for: request) == ImageCacheKey(request: request))
        pipeline.cache.storeCachedData(Data([1, 2, 3]), for: request)
        #expect(dataCache.cachedData(for: URL.test.absoluteString + "1") == Data([1, 2, 3]))
        #expect(pipeline.cache.cachedData(for: request) == Data([1, 2, 3]))
        #expect(pipeline.cache.containsData(for: request))
        pipeline.cache.removeCachedData(for: request)
        #expect(!pipeline.cache.containsData(for: request))
    }

    @Test("Corrupt disk data reads as no image")
    func corruptDiskData() {
        pipeline.cache.storeCachedData(Data("not an image".utf8), for: ImageRequest(url: .test))
        #expect(pipeline.cache.cachedImage(for: ImageRequest(url: .test)) == nil)
    }

    @Test("removeAll empties the chosen layers")
    func removeAll() throws {
        pipeline.cache.storeCachedImage(try image(), for: ImageRequest(url: .test))
        pipeline.cache.removeAll(caches: .memory)
        #expect(memory.totalCount == 0)
        #expect(pipeline.cache.containsData(for: ImageRequest(url: .test)))
        pipeline.cache.removeAll()
        #expect(!pipeline.cache.containsData(for: ImageRequest(url: .test)))
    }

    @Test("The facade covers the HTTP cache downloads land in: a removed image is downloaded again (Nuke #700)")
    func httpCacheLayer() async throws {
        let loader = MockDataLoader()
        let headers: HTTPHeaderFields = ["Cache-Control": "max-age=600"]
        loader.setAnswer(
            .success(MockDataLoader.defaultData, DataResponse(url: .test, statusCode: 200, headers: headers)),
            for: .test
        )
        let httpCache = HTTPCache(dataCache: try DataCache(path: directory.url.appending(path: "http")))
        let pipeline = ImagePipeline.makeTestPipeline(loader: loader) {
            $0.imageCache = ImageCache()
            $0.httpCache = httpCache
        }
        let plain = ImageRequest(url: .test)
        let processed = ImageRequest(url: .test, processors: [MockImageProcessor(id: "1")])
        _ = try await pipeline.image(for: plain)
        #expect(loader.createdTaskCount == 1)
        #expect(httpCache.containsData(for: .test))

        // Reads reach the HTTP cache for the original, never for a processed request.
        #expect(pipeline.cache.cachedData(for: plain) == MockDataLoader.defaultData)
        #expect(pipeline.cache.containsData(for: plain))
        #expect(!pipeline.cache.containsData(for: processed))
        #expect(pipeline.cache.cachedImage(for: plain, caches: .http)?.image.width == 640)
        #expect(pipeline.cache.containsCachedImage(for: plain, caches: .http))
        #expect(!pipeline.cache.containsCachedImage(for: plain, caches: .disk))
        var noDiskReads = plain
        noDiskReads.options.insert(.disableDiskCacheReads)
        #expect(pipeline.cache.cachedData(for: noDiskReads) == nil)

        // Removing the image (all layers by default) removes its URL's response: the next load
        // goes to the network instead of coming back from the HTTP cache.
        pipeline.cache.removeCachedImage(for: plain, caches: [.memory, .disk])
        #expect(httpCache.containsData(for: .test))
        pipeline.cache.removeCachedImage(for: processed)
        #expect(!httpCache.containsData(for: .test))
        #expect(pipeline.cache.cachedImage(for: plain) == nil)
        _ = try await pipeline.image(for: plain)
        #expect(loader.createdTaskCount == 2)

        // removeCachedData and removeAll cover it too.
        pipeline.cache.removeCachedData(for: plain)
        #expect(!httpCache.containsData(for: .test))
        _ = try await pipeline.image(for: ImageRequest(url: .test, options: [.disableMemoryCacheReads]))
        #expect(loader.createdTaskCount == 3)
        pipeline.cache.removeAll(caches: .disk)
        #expect(httpCache.containsData(for: .test))
        pipeline.cache.removeAll()
        #expect(!httpCache.containsData(for: .test))
    }

    @Test("The default configuration uses ImageCache.shared; withDataCache makes a DataCache by name")
    func configurationDefaults() throws {
        #expect(ImagePipeline.Configuration().imageCache === ImageCache.shared)
        let name = "nuke-tests-\(UUID().uuidString)"
        let configuration = ImagePipeline.Configuration.withDataCache(name: name, sizeLimit: 1000)
        let cache = try #require(configuration.dataCache as? DataCache)
        defer { try? FileManager.default.removeItem(at: cache.path) }
        #expect(cache.sizeLimit == 1000)
        #expect(cache.path.lastPathComponent == name)
        #expect(FileManager.default.fileExists(atPath: cache.path.path))
    }

    @Test("A registry-named cache replaces the configured one")
    func namedCaches() {
        struct Plugin: NukePlugin {
            let memory: ImageCache
            var id: PluginID { "test.caches" }
            func register(in registry: inout PluginRegistry) {
                registry.register(Capabilities.MemoryCaching.self, id: id, for: ["small"], memory)
            }
        }
        let small = ImageCache(costLimit: 10)
        var registry = PluginRegistry()
        registry.install(Plugin(memory: small))
        var configuration = ImagePipeline.Configuration(registry: registry)
        configuration.imageCacheName = "small"
        #expect(ImagePipeline(configuration: configuration).imageCache === small)

        // One choice, two spellings: the last one set wins, and reading either tells the truth.
        #expect(configuration.imageCache as? ImageCache === small)
        let other = ImageCache()
        configuration.imageCache = other
        #expect(configuration.imageCacheName == nil)
        #expect(ImagePipeline(configuration: configuration).imageCache === other)
        configuration.imageCacheName = "small"
        configuration.imageCacheName = nil
        #expect(configuration.imageCache == nil)  // A cleared name leaves no cache.
        configuration.imageCacheName = "missing"
        #expect(configuration.imageCache == nil)
    }
}
