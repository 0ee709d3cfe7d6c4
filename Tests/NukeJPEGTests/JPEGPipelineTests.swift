// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

import Foundation
import NukeCore
import NukeDiskCache
import NukeTestSupport
import Testing

@testable import NukeJPEG

@Suite struct JPEGPipelineTests {
    private func makePipeline(_ configure: (inout ImagePipeline.Configuration) -> Void = { _ in }) -> ImagePipeline {
        var registry = PluginRegistry()
        registry.install(JPEGPlugin())
        return ImagePipeline {
            $0.registry = registry
            $0.imageCache = nil
            configure(&$0)
        }
    }

    private func fixtureURL(_ name: String) throws -> URL {
        try #require(Bundle.module.url(forResource: name, withExtension: nil, subdirectory: "Fixtures"))
    }

    @Test(
        "Every fixture loads from a file: URL through the pipeline",
        arguments: [
            "baseline-444.jpg", "baseline-420.jpg", "progressive.jpg", "gray.jpg", "cmyk.jpg", "restart.jpg",
            "orientation-8.jpg",
        ]
    )
    func fileURLs(name: String) async throws {
        let response = try await makePipeline().imageTask(with: try fixtureURL(name)).response
        #expect(response.container.type == .jpeg)
        #expect(response.image.width * response.image.height == 96 * 64)
    }

    @Test("19–21 with real files: a progressive JPEG in chunks gives previews, then the final image")
    func progressivePreviews() async throws {
        let load = try await ChunkedLoad.load(
            try fixture("progressive.jpg"),
            from: URL(string: "http://example.com/progressive.jpg")!,
            chunkCount: 4,
            installing: JPEGPlugin()
        )
        #expect(load.image.width == 96)
        #expect(load.previewWidths.count >= 1 && load.previewWidths.count <= 3)
    }

    @Test("A baseline JPEG gives no previews by default")
    func baselineNoPreviews() async throws {
        let loader = MockProgressiveDataLoader(data: try fixture("baseline-420.jpg"), chunkCount: 3)
        let pipeline = makePipeline {
            $0.dataLoader = loader
            $0.isProgressiveDecodingEnabled = true
            $0.progressiveDecodingInterval = 0
            $0.isRateLimiterEnabled = false
        }
        let task = pipeline.imageTask(with: URL(string: "http://example.com/baseline.jpg")!)
        let previews = Collector<Int>()
        let collecting = Task { for await preview in task.previews { previews.append(preview.image.width) } }
        await loader.waitUntilStarted()
        loader.serveAllChunks()
        _ = try await task.image
        await collecting.value
        #expect(previews.count == 0)
    }

    @Test("A thumbnail and the full image share one download")
    func thumbnailSharesDownload() async throws {
        let loader = MockDataLoader()
        let url = URL(string: "http://example.com/a.jpg")!
        let data = try fixture("baseline-420.jpg")
        loader.setAnswer(
            .success(data, DataResponse(url: url, statusCode: 200, expectedContentLength: Int64(data.count))),
            for: url
        )
        let pipeline = makePipeline {
            $0.dataLoader = loader
            $0.isRateLimiterEnabled = false
        }
        var thumbnail = ImageRequest(url: URL(string: "http://example.com/a.jpg"))
        thumbnail.thumbnail = ThumbnailOptions(maxPixelSize: 24)
        loader.isSuspended = true
        let small = pipeline.imageTask(with: thumbnail)
        let full = pipeline.imageTask(with: URL(string: "http://example.com/a.jpg")!)
        loader.isSuspended = false
        #expect(try await small.image.width == 24)
        #expect(try await full.image.width == 96)
        #expect(loader.createdTaskCount == 1)
    }

    @Test("Processed images are stored in the disk cache as JPEG through the registry")
    func encodedForDisk() async throws {
        let directory = try TemporaryDirectory(prefix: "nuke-jpeg")
        let dataCache = try DataCache(path: directory.url)
        let pipeline = makePipeline {
            $0.dataCache = dataCache
            $0.dataCachePolicy = .storeEncodedImages
        }
        let url = try fixtureURL("baseline-444.jpg")
        _ = try await pipeline.image(for: url)
        await pipeline.flush()  // The encoded store, started in the background, is on disk.
        #expect(dataCache.containsData(for: url.absoluteString))
        #expect(AssetType(dataCache.cachedData(for: url.absoluteString) ?? Data()) == .jpeg)
    }
}
