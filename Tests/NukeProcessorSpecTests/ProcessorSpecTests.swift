// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

import NukeCore
import NukeProcessorSpec
import Testing

@Suite struct ProcessorSpecTests {
    struct Named: ImageProcessing, Hashable {
        var identifier: String
        func process(_ image: Bitmap) -> Bitmap? { image }
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

    @Test("An unknown processor name in a spec lists the registered ones")
    func unknownProcessor() {
        var registry = PluginRegistry()
        registry.register(Capabilities.Processing.self, id: "blur", for: ["blur"]) { _ in Named(identifier: "blur") }
        do {
            _ = try registry.processors(fromSpec: "sepia")
            Issue.record("expected an error")
        } catch {
            #expect(error.reason == .unknownProcessor(name: "sepia", available: ["blur"]))
        }
    }
}
