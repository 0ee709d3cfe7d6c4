// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

import Foundation
import NukeTestSupport
import Testing

@testable import NukeCore

@Suite struct PluginRegistryTests {
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
        registry.register(Capabilities.Decoding.self, id: "wildcard", for: []) { _ in ImageDecoders.Empty() }
        registry.register(Capabilities.Decoding.self, id: "decline", for: [TestImageFormat.assetType]) { _ in nil }
        let context = ImageDecodingContext(
            request: ImageRequest(url: .test),
            data: TestImageFormat.make(),
            registry: registry
        )
        #expect(registry.decoder(for: context) is TestImageDecoder)
        let other = ImageDecodingContext(request: ImageRequest(url: .test), data: Data([1, 2, 3]), registry: registry)
        #expect(registry.decoder(for: other) is ImageDecoders.Empty)
        registry.unregister(Capabilities.Decoding.self, id: "wildcard")
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

    @Test("An unknown processor name lists the registered ones")
    func unknownProcessor() {
        var registry = PluginRegistry()
        registry.register(Capabilities.Processing.self, id: "blur", for: ["blur"]) { _ in Named(identifier: "blur") }
        #expect(throws: ProcessorSpecError.self) { try registry.processor(named: "sepia") }
    }
}
