// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

import Foundation
import NukeCore
import NukeDiskCache
import NukeTestSupport
import Testing

@Suite("DiskCachePlugin registers disk caches by name, and a pipeline picks one by name")
struct DiskCachePluginTests {
    let directory: TemporaryDirectory

    init() throws {
        directory = try TemporaryDirectory(prefix: "nuke-disk-plugin")
    }

    func makeCache(_ name: String) throws -> DataCache {
        try DataCache(path: directory.url.appendingPathComponent(name, isDirectory: true))
    }

    @Test("Caches under two names coexist; registering a name again replaces its cache")
    func namesCoexist() throws {
        let photos = try makeCache("photos")
        let avatars = try makeCache("avatars")
        var registry = PluginRegistry()
        registry.install(DiskCachePlugin(name: "photos", cache: photos))
        registry.install(DiskCachePlugin(name: "avatars", cache: avatars))
        #expect(registry.dataCache(named: "photos") as? DataCache === photos)
        #expect(registry.dataCache(named: "avatars") as? DataCache === avatars)
        #expect(registry.dataCache(named: "thumbnails") == nil)

        let replacement = try makeCache("photos-2")
        registry.install(DiskCachePlugin(name: "photos", cache: replacement))
        #expect(registry.dataCache(named: "photos") as? DataCache === replacement)
        #expect(registry.dataCache(named: "avatars") as? DataCache === avatars)
    }

    @Test("A pipeline configured with the name stores originals in that cache")
    func pipelineUsesNamedCache() async throws {
        let cache = try makeCache("named")
        var configuration = ImagePipeline.Configuration(registry: PluginRegistry())
        configuration.registry.install(DiskCachePlugin(name: "named", cache: cache))
        configuration.dataLoader = MockDataLoader()
        configuration.dataCacheName = "named"
        configuration.imageCache = nil
        let pipeline = ImagePipeline(configuration: configuration)
        let url = URL(string: "https://example.com/image.png")!
        let response = try await pipeline.data(for: url)
        await pipeline.flush()
        #expect(cache.cachedData(for: url.absoluteString) == response.data)
    }
}
