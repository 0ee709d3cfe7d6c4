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

/// Behaviours 4–6 and 13–17 against a real `ImageCache` and a real `DataCache` on disk.
@Suite struct ImagePipelineCacheTests {
    private let loader = MockDataLoader()
    private let directory: TemporaryDirectory
    private let dataCache: DataCache
    private let disk: CountingDataCache
    private let memory = ImageCache()

    init() throws {
        directory = try TemporaryDirectory(prefix: "nuke-pipeline-cache")
        dataCache = try DataCache(path: directory.url)
        dataCache.flushDelay = .milliseconds(5)
        disk = CountingDataCache(wrapping: dataCache)
    }

    private func makePipeline(
        policy: ImagePipeline.DataCachePolicy = .storeOriginalData,
        encoder: MockImageEncoder? = nil,
        _ configure: (inout ImagePipeline.Configuration) -> Void = { _ in }
    ) -> ImagePipeline {
        ImagePipeline.makeTestPipeline(loader: loader) { configuration in
            configuration.imageCache = memory
            configuration.dataCache = disk
            configuration.dataCachePolicy = policy
            if let encoder { configuration.makeImageEncoder = { _ in encoder } }
            configure(&configuration)
        }
    }

    private let u = URL.test.absoluteString
    private let p1 = MockImageProcessor(id: "p1")

    /// Waits for the pipeline's background disk writes, then returns the keys on disk among `candidates`.
    private func keysOnDisk(_ candidates: [String], after pipeline: ImagePipeline) async -> [String] {
        await pipeline.flush()
        return candidates.filter {
            dataCache.url(for: $0).map { FileManager.default.fileExists(atPath: $0.path) } ?? false
        }
    }

    // MARK: 4–6

    @Test("4. Only final images of chains are cached in memory")
    func onlyFinalChains() async throws {
        let pipeline = makePipeline()
        let p = (1...3).map { MockImageProcessor(id: "\($0)") }
        loader.isSuspended = true
        let tasks = [[p[0]], p].map { pipeline.imageTask(with: ImageRequest(url: .test, processors: $0)) }
        loader.isSuspended = false
        for task in tasks { _ = try await task.response }
        #expect(memory[ImageCacheKey(request: ImageRequest(url: .test, processors: [p[0]]))] != nil)
        #expect(memory[ImageCacheKey(request: ImageRequest(url: .test, processors: p))] != nil)
        #expect(memory[ImageCacheKey(request: ImageRequest(url: .test, processors: [p[0], p[1]]))] == nil)
        #expect(memory.totalCount == 2)
    }

    @Test("5. A chain's prefix in memory is reused: no download, only the last processor runs")
    func intermediateReuseFromMemory() async throws {
        let pipeline = makePipeline()
        let p = (1...3).map { MockImageProcessor(id: "\($0)") }
        var prefix = ImageContainer(image: try Bitmap(width: 4, height: 3, pixelFormat: .rgba8))
        prefix.userInfo[.processorIDsKey] = ["1", "2"]
        pipeline.cache[ImageRequest(url: .test, processors: [p[0], p[1]])] = prefix
        let response = try await pipeline.imageTask(with: ImageRequest(url: .test, processors: p)).response
        #expect(response.container.processorIDs == ["1", "2", "3"])
        #expect(loader.createdTaskCount == 0)
    }

    @Test("5. A chain's prefix on disk is reused: no download, only the last processor runs")
    func intermediateReuseFromDisk() async throws {
        let pipeline = makePipeline()
        let p = (1...3).map { MockImageProcessor(id: "\($0)") }
        dataCache.storeData(TestImageFormat.make(width: 40, height: 30), for: u + "12")
        let response = try await pipeline.imageTask(with: ImageRequest(url: .test, processors: p)).response
        #expect(response.container.processorIDs == ["3"])
        #expect(response.image.width == 40)
        #expect(loader.createdTaskCount == 0)
    }

    @Test("6. A processed image in memory: one memory read, no disk read, no download")
    func memoryFirst() async throws {
        let counting = MockImageCache()
        let pipeline = makePipeline { $0.imageCache = counting }
        let request = ImageRequest(url: .test, processors: [p1])
        counting[ImageCacheKey(request: request)] = ImageContainer(
            image: try Bitmap(width: 1, height: 1, pixelFormat: .gray8)
        )
        let response = try await pipeline.imageTask(with: request).response
        #expect(response.cacheType == .memory)
        #expect(counting.readCount == 1)
        #expect(disk.readCount == 0)
        #expect(loader.createdTaskCount == 0)
    }

    @Test("6. A processed image only on disk comes from disk")
    func processedOnDisk() async throws {
        let pipeline = makePipeline()
        dataCache.storeData(TestImageFormat.make(), for: u + "p1")
        let response = try await pipeline.imageTask(with: ImageRequest(url: .test, processors: [p1])).response
        #expect(response.cacheType == .disk)
        #expect(loader.createdTaskCount == 0)
    }

    @Test("6. Only the original on disk for [1, 2]: 3 memory reads, 3 disk reads, 1 memory write")
    func originalOnDiskCounts() async throws {
        let counting = MockImageCache()
        let pipeline = makePipeline { $0.imageCache = counting }
        dataCache.storeData(TestImageFormat.make(), for: u)
        let request = ImageRequest(url: .test, processors: [MockImageProcessor(id: "1"), MockImageProcessor(id: "2")])
        let response = try await pipeline.imageTask(with: request).response
        #expect(response.container.processorIDs == ["1", "2"])
        #expect(counting.readCount == 3)
        #expect(disk.readKeys == [u + "12", u + "1", u])
        #expect(counting.writeCount == 1)
        #expect(loader.createdTaskCount == 0)
    }

    // MARK: 13

    @Test("13. Cache-only requests read the real disk cache; reloading ignores it")
    func cacheOnlyRealDisk() async throws {
        let pipeline = makePipeline()
        let cacheOnly = ImageRequest(url: .test, options: [.returnCacheDataDontLoad])
        let error = await expectFailure(pipeline.imageTask(with: cacheOnly))
        guard case .dataMissingInCache? = error else {
            Issue.record("expected dataMissingInCache, got \(String(describing: error))")
            return
        }
        dataCache.storeData(TestImageFormat.make(), for: u)
        await dataCache.flush()
        #expect(try await pipeline.imageTask(with: cacheOnly).response.cacheType == .disk)
        _ = try await pipeline.image(for: ImageRequest(url: .test, options: [.reloadIgnoringCachedData]))
        #expect(loader.createdTaskCount == 1)
    }

    // MARK: 14. DataCachePolicy matrix

    private struct MatrixCase: Sendable, CustomTestStringConvertible {
        var policy: ImagePipeline.DataCachePolicy
        var withProcessor: Bool
        var withoutProcessor: Bool
        var keys: [String]
        var encodes: Int
        var testDescription: String { "\(policy) processed: \(withProcessor) plain: \(withoutProcessor)" }
    }

    private static let matrix: [MatrixCase] = [
        MatrixCase(policy: .automatic, withProcessor: true, withoutProcessor: false, keys: ["p1"], encodes: 1),
        MatrixCase(policy: .automatic, withProcessor: false, withoutProcessor: true, keys: [""], encodes: 0),
        MatrixCase(policy: .automatic, withProcessor: true, withoutProcessor: true, keys: ["", "p1"], encodes: 1),
        MatrixCase(policy: .storeOriginalData, withProcessor: true, withoutProcessor: false, keys: [""], encodes: 0),
        MatrixCase(policy: .storeOriginalData, withProcessor: true, withoutProcessor: true, keys: [""], encodes: 0),
        MatrixCase(policy: .storeEncodedImages, withProcessor: true, withoutProcessor: false, keys: ["p1"], encodes: 1),
        MatrixCase(policy: .storeEncodedImages, withProcessor: false, withoutProcessor: true, keys: [""], encodes: 1),
        MatrixCase(
            policy: .storeEncodedImages,
            withProcessor: true,
            withoutProcessor: true,
            keys: ["", "p1"],
            encodes: 2
        ),
        MatrixCase(policy: .storeAll, withProcessor: true, withoutProcessor: false, keys: ["", "p1"], encodes: 1),
        MatrixCase(policy: .storeAll, withProcessor: false, withoutProcessor: true, keys: [""], encodes: 0),
    ]

    @Test("14. DataCachePolicy: what each policy writes, and how many encodes", arguments: matrix)
    private func policyMatrix(_ matrixCase: MatrixCase) async throws {
        let encoder = MockImageEncoder()
        let pipeline = makePipeline(policy: matrixCase.policy, encoder: encoder)
        let requests =
            (matrixCase.withProcessor ? [ImageRequest(url: .test, processors: [p1])] : [])
            + (matrixCase.withoutProcessor ? [ImageRequest(url: .test)] : [])
        loader.isSuspended = true
        let tasks = requests.map { pipeline.imageTask(with: $0) }
        await pipelineActorBarrier()  // The actor has started every task made so far.
        #expect(await pipeline.taskCount == requests.count)
        loader.isSuspended = false
        for task in tasks { _ = try await task.response }

        let expected = matrixCase.keys.map { u + $0 }
        #expect(await keysOnDisk([u, u + "p1"], after: pipeline) == expected)
        #expect(encoder.encodeCount == matrixCase.encodes)
        #expect(Set(disk.writtenKeys).count == disk.writtenKeys.count, "each key written once")
        if matrixCase.policy == .storeEncodedImages, matrixCase.withoutProcessor {
            #expect(dataCache.cachedData(for: u)?.count == 100, "the encoded image, not the original")
        }
    }

    @Test("14. .automatic with the original already in memory: one encode, no download")
    func automaticFromMemory() async throws {
        let encoder = MockImageEncoder()
        let pipeline = makePipeline(policy: .automatic, encoder: encoder)
        pipeline.cache[URL.test] = ImageContainer(image: try Bitmap(width: 8, height: 8, pixelFormat: .rgba8))
        _ = try await pipeline.image(for: ImageRequest(url: .test, processors: [p1]))
        #expect(await keysOnDisk([u, u + "p1"], after: pipeline) == [u + "p1"])
        #expect(encoder.encodeCount == 1)
        #expect(loader.createdTaskCount == 0)
    }

    // MARK: 15. Thumbnails

    private var thumbnailRequest: ImageRequest {
        var request = ImageRequest(url: .test)
        request.thumbnail = ThumbnailOptions(maxPixelSize: 400)
        return request
    }

    @Test("15. The default policy stores a thumbnail request's original, not the thumbnail")
    func thumbnailDefaultPolicy() async throws {
        let pipeline = makePipeline()
        let image = try await pipeline.image(for: thumbnailRequest)
        #expect(image.width == 400 && image.height == 300)
        let thumbnailKey = pipeline.cache.makeDataCacheKey(for: thumbnailRequest)
        #expect(await keysOnDisk([u, thumbnailKey], after: pipeline) == [u])
    }

    @Test("15. .storeAll stores both the original and the encoded thumbnail")
    func thumbnailStoreAll() async throws {
        let encoder = MockImageEncoder()
        let pipeline = makePipeline(policy: .storeAll, encoder: encoder)
        _ = try await pipeline.image(for: thumbnailRequest)
        let thumbnailKey = pipeline.cache.makeDataCacheKey(for: thumbnailRequest)
        #expect(await keysOnDisk([u, thumbnailKey], after: pipeline) == [u, thumbnailKey])
        #expect(encoder.encodeCount == 1)
    }

    @Test("Without processed-image reads, [1, 2] and a thumbnail look up only the original's key on disk")
    func processedReadsOff() async throws {
        let pipeline = makePipeline { $0.isReadingProcessedImagesFromDataCache = false }
        dataCache.storeData(TestImageFormat.make(), for: u)
        // Processed data stored by hand is not read: the processors run on the original.
        dataCache.storeData(TestImageFormat.make(width: 3, height: 3), for: u + "12")
        let request = ImageRequest(url: .test, processors: [MockImageProcessor(id: "1"), MockImageProcessor(id: "2")])
        let response = try await pipeline.imageTask(with: request).response
        #expect(response.container.processorIDs == ["1", "2"])
        #expect(disk.readKeys == [u])
        memory.removeAll()
        let thumbnail = try await pipeline.image(for: thumbnailRequest)
        #expect(thumbnail.width == 400)
        #expect(disk.readKeys == [u, u])
        #expect(loader.createdTaskCount == 0)
    }

    @Test("15. A thumbnail after the full image is made from the cached original: one download")
    func thumbnailFromCachedOriginal() async throws {
        let pipeline = makePipeline()
        _ = try await pipeline.image(for: URL.test)
        #expect(await keysOnDisk([u], after: pipeline) == [u])
        memory.removeAll()
        let image = try await pipeline.image(for: thumbnailRequest)
        #expect(image.width == 400)
        #expect(loader.createdTaskCount == 1)
    }

    // MARK: 16. Local resources

    @Test("16. file: and data: resources are never stored as original data")
    func localResourcesNotStored() async throws {
        let file = directory.appending("image.nuketest")
        try TestImageFormat.make().write(to: file)
        let dataURL = URL(string: "data:;base64," + TestImageFormat.make(width: 4, height: 4).base64EncodedString())!
        for policy in [ImagePipeline.DataCachePolicy.storeOriginalData, .storeAll, .automatic] {
            let pipeline = makePipeline(policy: policy)
            _ = try await pipeline.image(for: file)
            _ = try await pipeline.image(for: ImageRequest(url: URL(string: "FILE://" + file.path)))
            _ = try await pipeline.image(for: dataURL)
            await pipeline.flush()  // Disk-cache stores run on the workers; flush waits for them.
        }
        #expect(disk.writtenKeys.isEmpty)
        #expect(loader.createdTaskCount == 0)
    }

    @Test("16. .automatic with a processor stores one encoded processed entry for a file")
    func localProcessedStored() async throws {
        let file = directory.appending("image.nuketest")
        try TestImageFormat.make().write(to: file)
        let encoder = MockImageEncoder()
        let pipeline = makePipeline(policy: .automatic, encoder: encoder)
        _ = try await pipeline.image(for: ImageRequest(url: file, processors: [p1]))
        let key = file.absoluteString + "p1"
        #expect(await keysOnDisk([file.absoluteString, key], after: pipeline) == [key])
        #expect(disk.writtenKeys == [key])
        #expect(encoder.encodeCount == 1)
    }

    // MARK: 17. Keys on a real disk

    @Test("17. The delegate's cache key replaces both keys")
    func delegateKey() async throws {
        final class Delegate: ImagePipeline.Delegate {
            func cacheKey(for request: ImageRequest, pipeline: ImagePipeline) -> String? { "custom" }
        }
        let pipeline = ImagePipeline.makeTestPipeline(loader: loader, delegate: Delegate()) {
            $0.imageCache = memory
            $0.dataCache = disk
        }
        _ = try await pipeline.image(for: URL.test)
        #expect(memory[ImageCacheKey(key: "custom")] != nil)
        #expect(await keysOnDisk(["custom", u], after: pipeline) == ["custom"])
    }
}
