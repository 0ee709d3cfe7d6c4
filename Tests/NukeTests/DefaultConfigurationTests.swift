// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

import Foundation
import Nuke
import NukeTestSupport
import Testing

@Suite struct DefaultConfigurationTests {
    static let defaultPluginIDs: [PluginID] = [
        "nuke.jpeg", "nuke.png", "nuke.gif", "nuke.webp", "nuke.avif", "nuke.heif", "nuke.jxl", "nuke.tiff",
        "nuke.bmp", "nuke.svg", "nuke.jpeg2000", "nuke.lcms", "nuke.processors", "nuke.filters", "nuke.curl",
    ]

    @Test("Every way to make a default configuration starts with every default plugin")
    func defaultConfigurationsHaveThePlugins() throws {
        #expect(PluginRegistry.defaultPlugins.installedPlugins == Self.defaultPluginIDs)
        #expect(ImagePipeline.Configuration().registry.installedPlugins == Self.defaultPluginIDs)
        #expect(ImagePipeline().configuration.registry.installedPlugins == Self.defaultPluginIDs)
        let built = ImagePipeline { $0.isProgressiveDecodingEnabled = true }
        #expect(built.configuration.registry.installedPlugins == Self.defaultPluginIDs)
        #expect(built.configuration.isProgressiveDecodingEnabled)

        let name = "nuke-tests-\(UUID().uuidString)"
        let withDataCache = ImagePipeline.Configuration.withDataCache(name: name)
        defer {
            try? FileManager.default.removeItem(at: DataCache.applicationCachesDirectory.appendingPathComponent(name))
        }
        #expect(withDataCache.registry.installedPlugins == Self.defaultPluginIDs)
        #expect(withDataCache.dataCache != nil && withDataCache.httpCache == nil)
    }

    @Test("The default configuration keeps the memory cache and the HTTP cache on")
    func defaultCaches() {
        let configuration = ImagePipeline.Configuration()
        #expect(configuration.imageCache as? ImageCache === ImageCache.shared)
        #expect(configuration.httpCache as? HTTPCache === HTTPCache.shared)
    }

    @Test("ImagePipeline.shared comes with the default plugins, can be replaced, and is NukeCore's shared pipeline")
    func sharedPipeline() {
        let original = ImagePipeline.shared
        #expect(original.configuration.registry.installedPlugins == Self.defaultPluginIDs)
        #expect(ImagePrefetcher().pipeline === original)

        let replacement = ImagePipeline(configuration: .init(registry: PluginRegistry()))
        ImagePipeline.shared = replacement
        defer { ImagePipeline.shared = original }
        #expect(ImagePipeline.shared === replacement)
        #expect(ImagePipeline.shared(default: ImagePipeline()) === replacement)  // NukeCore's accessor agrees
    }

    @Test("The default registry shares one curl loader between pipelines")
    func oneCurlLoader() throws {
        let url = try #require(URL(string: "https://example.com/a.jpg"))
        let first = ImagePipeline().configuration.registry.dataLoader(for: url)
        let second = ImagePipeline().configuration.registry.dataLoader(for: url)
        #expect(first is CurlDataLoader)
        #expect((first as? CurlDataLoader) === (second as? CurlDataLoader))
        #expect((first as? CurlDataLoader) === CurlDataLoader.shared)
    }
}
