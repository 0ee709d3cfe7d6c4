// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

import NukeTestSupport
import Synchronization
import Testing

@testable import NukeCore

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// `ImageRequest.colorManagement`: what it changes in the keys and what it shares. Its effect on
/// pixels is tested with a real colour manager in NukeLCMSTests (`ColorManagedPipelineTests`).
@Suite(.timeLimit(.minutes(10)))
struct ImageRequestColorManagementTests {
    let loader = MockDataLoader()

    /// A request for the test image with `policy` and `processors`.
    private func request(
        _ policy: ColorManagementPolicy?,
        processors: [any ImageProcessing] = []
    ) -> ImageRequest {
        var request = ImageRequest(url: .test, processors: processors)
        request.colorManagement = policy
        return request
    }

    @Test("A policy changes the decode, memory-cache and disk-cache keys, never the download's")
    func keys() {
        let plain = request(nil)
        let keeping = request(.keepOriginalProfile)
        let converting = request(.convertToSRGB(intent: .relativeColorimetric))
        #expect(FetchOriginalDataKey(plain) == FetchOriginalDataKey(keeping))
        #expect(FetchOriginalImageKey(plain) != FetchOriginalImageKey(keeping))
        #expect(FetchOriginalImageKey(keeping) != FetchOriginalImageKey(converting))
        #expect(ImageCacheKey(request: plain) == ImageCacheKey(request: request(nil)))
        #expect(ImageCacheKey(request: plain) != ImageCacheKey(request: keeping))
        #expect(ImageCacheKey(request: keeping) != ImageCacheKey(request: converting))

        let pipeline = ImagePipeline.makeTestPipeline(loader: loader)
        let processor = MockImageProcessor(id: "p1")
        let key = { pipeline.cache.makeDataCacheKey(for: $0) }
        #expect(key(request(nil, processors: [processor])) == URL.test.absoluteString + "p1")
        #expect(
            key(request(.keepOriginalProfile, processors: [processor])) != key(request(nil, processors: [processor]))
        )
        #expect(key(keeping) != key(converting))
        // The original bytes are the same whatever is done with their colours.
        #expect(keeping.forOriginalData().colorManagement == nil)
        #expect(key(keeping.forOriginalData()) == key(plain))
    }

    @Test("Requests with other policies share the download, not the decode")
    func coalescing() async throws {
        loader.isSuspended = true
        let decodes = DecodeCount()
        let pipeline = ImagePipeline.makeTestPipeline(loader: loader) { configuration in
            configuration.registry.register(
                Capabilities.Decoding.self,
                id: "counting",
                for: [TestImageFormat.assetType]
            ) {
                CountingDecoder(decoder: TestImageDecoder(context: $0), count: decodes)
            }
        }
        let tasks = [nil, .keepOriginalProfile, .keepOriginalProfile].map {
            pipeline.imageTask(with: request($0))
        }
        // Every task has joined its jobs once the actor ran their starts; then the one download
        // may finish.
        await pipelineActorBarrier()
        #expect(await waitUntil(loader) { loader.createdTaskCount == 1 })
        loader.isSuspended = false
        for task in tasks { #expect(try await task.response.image.width == 640) }
        #expect(loader.createdTaskCount == 1)
        #expect(decodes.value == 2)
    }

    @Test("Original data stored for a request with a policy serves requests without one")
    func originalData() async throws {
        let dataCache = MockDataCache()
        let pipeline = ImagePipeline.makeTestPipeline(loader: loader) { configuration in
            configuration.imageCache = nil
            configuration.dataCache = dataCache
            configuration.dataCachePolicy = .storeOriginalData
        }
        _ = try await pipeline.image(for: request(.keepOriginalProfile))
        await pipeline.flush()
        #expect(dataCache.containsData(for: URL.test.absoluteString))
        _ = try await pipeline.image(for: request(nil))
        #expect(loader.createdTaskCount == 1)
    }
}

/// The test image's decoder, counting its decodes.
private struct CountingDecoder: ImageDecoding {
    let decoder: TestImageDecoder
    let count: DecodeCount

    func decode(_ data: Data) throws -> ImageContainer {
        count.increment()
        return try decoder.decode(data)
    }
}

/// A count of decodes, from any thread.
private final class DecodeCount: Sendable {
    private let count = Mutex(0)

    var value: Int { count.withLock { $0 } }

    func increment() {
        count.withLock { $0 += 1 }
    }
}
