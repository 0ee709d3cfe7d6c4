// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

import Foundation
import NukeCore
import NukeDiskCache
import NukeTestSupport
import Testing

@testable import NukeGIF

@Suite struct GIFPipelineTests {
    private func fixtureURL(_ name: String) throws -> URL {
        try #require(Bundle.module.url(forResource: name, withExtension: nil, subdirectory: "Fixtures"))
    }

    @Test("A file: URL loads as an animation; the disk cache keeps it animated")
    func pipelineAndDiskCache() async throws {
        var registry = PluginRegistry()
        registry.install(GIFPlugin())
        let directory = try TemporaryDirectory(prefix: "nuke-gif")
        let dataCache = try DataCache(path: directory.url)
        let pipeline = ImagePipeline {
            $0.registry = registry
            $0.imageCache = nil
            $0.dataCache = dataCache
            $0.dataCachePolicy = .storeEncodedImages
        }
        let url = try fixtureURL("disposal-previous.gif")
        let response = try await pipeline.imageTask(with: url).response
        #expect(response.container.animation?.frameCount == 4)
        await pipeline.flush()  // The encoded store, started in the background, is on disk.
        #expect(dataCache.containsData(for: url.absoluteString))
        #expect(dataCache.cachedData(for: url.absoluteString) == (try fixture("disposal-previous.gif")))

        let cached = try await pipeline.imageTask(with: ImageRequest(url: url, options: [.returnCacheDataDontLoad]))
            .response
        #expect(cached.cacheType == .disk)
        #expect(cached.container.animation?.frameCount == 4)
        #expect(cached.container.animation?.loopCount == 4)
    }
}

@Suite struct GIFDecoderContractTests {
    static func contract() throws -> DecoderContract {
        DecoderContract(
            plugin: GIFPlugin(),
            type: .gif,
            fixtures: try ["disposal-previous.gif", "local-palettes.gif", "interlaced.gif", "zero-delays.gif"].map(
                fixture
            ),
            bombs: [HostileImages.gif(width: 16384, height: 16384, frameCount: 1)],
            maximumPixelCount: 1 << 20
        )
    }

    @Test(arguments: DecoderContract.Check.allCases)
    func contract(_ check: DecoderContract.Check) async throws {
        try await Self.contract().run(check)
    }
}
