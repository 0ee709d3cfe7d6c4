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
