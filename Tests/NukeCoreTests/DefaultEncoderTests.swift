// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

import Foundation
import NukeTestSupport
import Testing

@testable import NukeCore

@Suite struct DefaultEncoderTests {
    private let jpeg = MockImageEncoder(result: Data("jpeg".utf8))
    private let png = MockImageEncoder(result: Data("png".utf8))
    private let webp = MockImageEncoder(result: Data("webp".utf8))

    private var registry: PluginRegistry {
        var registry = PluginRegistry()
        registry.register(Capabilities.Encoding.self, id: "test.jpeg", for: [.jpeg], jpeg)
        registry.register(Capabilities.Encoding.self, id: "test.png", for: [.png], png)
        registry.register(Capabilities.Encoding.self, id: "test.webp", for: [.webp], webp)
        return registry
    }

    @Test("Opaque images become JPEG, images with alpha PNG; a set type wins")
    func choosesByOpacityOrType() throws {
        let opaque = try Bitmap(width: 2, height: 2, pixelFormat: .rgba8, fill: [1, 2, 3, 255])
        let translucent = try Bitmap(width: 2, height: 2, pixelFormat: .rgba8, fill: [1, 2, 3, 128])
        let encoder = ImageEncoders.Default(registry: registry)
        #expect(try encoder.encode(opaque) == Data("jpeg".utf8))
        #expect(try encoder.encode(translucent) == Data("png".utf8))
        let webpEncoder = ImageEncoders.Default(registry: registry, type: .webp)
        #expect(try webpEncoder.encode(opaque) == Data("webp".utf8))
        #expect(try webpEncoder.encode(translucent) == Data("webp".utf8))
    }

    @Test("Animations keep their original data; no encoder at all is a typed error")
    func animationsAndMissingEncoders() throws {
        let frame = try Bitmap(width: 1, height: 1, pixelFormat: .rgba8)
        let animation = ImageContainer(image: frame, type: .gif, data: Data("GIF89a".utf8))
        let encoder = ImageEncoders.Default(registry: registry)
        let context = ImageEncodingContext(request: ImageRequest(url: .test), image: animation)
        #expect(try encoder.encode(animation, context: context) == Data("GIF89a".utf8))
        #expect(throws: ImageEncodingError.encoderNotRegistered(.jpeg)) {
            try ImageEncoders.Default(registry: PluginRegistry()).encode(frame.withOpaqueFill())
        }
    }

    @Test("A processed animation (its original data dropped) goes to the WebP encoder, else GIF's, to stay animated")
    func processedAnimations() throws {
        let frame = try Bitmap(width: 1, height: 1, pixelFormat: .rgba8, fill: [0, 0, 0, 255])
        var container = ImageContainer(image: frame, type: .gif, data: Data("GIF89a".utf8))
        container.animation = ImageAnimation(
            width: 1,
            height: 1,
            frameDurations: [0.1, 0.1],
            loopCount: 0,
            source: FrameListSource(frames: [frame, frame])
        )
        let processed = try ImageProcessors.Anonymous(id: "test/same") { $0 }
            .processingAnimation(
                container,
                context: ImageProcessingContext(
                    request: ImageRequest(url: .test),
                    response: ImageResponse(container: container, request: ImageRequest(url: .test)),
                    isCompleted: true
                )
            )
        #expect(processed.data == nil && processed.animation?.frameCount == 2)
        let context = ImageEncodingContext(request: ImageRequest(url: .test), image: processed)
        #expect(try ImageEncoders.Default(registry: registry).encode(processed, context: context) == Data("webp".utf8))
        var gifOnly = PluginRegistry()
        gifOnly.register(
            Capabilities.Encoding.self,
            id: "test.gif",
            for: [.gif],
            MockImageEncoder(result: Data("gif".utf8))
        )
        gifOnly.register(Capabilities.Encoding.self, id: "test.jpeg", for: [.jpeg], jpeg)
        #expect(try ImageEncoders.Default(registry: gifOnly).encode(processed, context: context) == Data("gif".utf8))
        // A set type still wins.
        let png = ImageEncoders.Default(registry: registry, type: .png)
        #expect(try png.encode(processed, context: context) == Data("png".utf8))
    }
}

extension Bitmap {
    fileprivate func withOpaqueFill() throws -> Bitmap {
        try Bitmap(width: width, height: height, pixelFormat: .rgba8, fill: [0, 0, 0, 255])
    }
}
