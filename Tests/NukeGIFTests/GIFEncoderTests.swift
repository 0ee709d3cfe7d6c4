// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

import Foundation
import NukeCore
import NukeTestSupport
import Testing

@testable import NukeGIF

@Suite struct GIFEncoderTests {
    func encode(_ container: ImageContainer, encoder: GIFEncoder = GIFEncoder()) throws -> Data {
        let context = ImageEncodingContext(request: ImageRequest(url: nil), image: container, dataResponse: nil)
        return try encoder.encode(container, context: context)
    }

    /// Every frame of `lhs` and `rhs`, transparent pixels' colours ignored, differs by at most `tolerance`.
    func expectSameFrames(_ lhs: ImageAnimation, _ rhs: ImageAnimation, tolerance: Int, _ name: String) throws {
        #expect(lhs.frameCount == rhs.frameCount, "\(name)")
        for index in 0..<min(lhs.frameCount, rhs.frameCount) {
            let difference = ReferenceImage.maximumDifference(
                try ReferenceImage.clearingTransparentColor(try lhs.frame(at: index)),
                try ReferenceImage.clearingTransparentColor(try rhs.frame(at: index))
            )
            #expect(
                difference.map { $0 <= tolerance } == true,
                "\(name) frame \(index): \(String(describing: difference))"
            )
        }
    }

    @Test(
        "Animations of every disposal mode, local palettes and zero delays come back frame for frame",
        arguments: GIFDecoderTests.animated.map(\.0)
    )
    func roundTrip(name: String) throws {
        let original = try decode(try fixture(name + ".gif"))
        var container = original
        container.data = nil  // As a processed animation has: the encoder must write it.
        let gif = try encode(container)
        let decoded = try decode(gif)
        let (before, after) = (try #require(original.animation), try #require(decoded.animation))
        #expect(after.width == before.width && after.height == before.height)
        #expect(after.frameDurations == before.frameDurations && after.loopCount == before.loopCount, "\(name)")
        // At most 255 colours a frame: exact.
        try expectSameFrames(after, before, tolerance: 0, name)
    }

    /// Frames whose transparency comes and goes: opaque, a hole, opaque again, a fully transparent one.
    static func transparencyAnimation() throws -> ImageContainer {
        let frames = try (0..<4).map { index in
            try Bitmap(width: 16, height: 8, pixelFormat: .rgba8) { buffer in
                for y in 0..<8 {
                    for x in 0..<16 {
                        let offset = (y * 16 + x) * 4
                        let hole = index == 1 && x >= 4 && x < 12
                        let opaque = index != 3 && !hole
                        buffer[offset] = UInt8(x * 16)
                        buffer[offset + 1] = UInt8(y * 32)
                        buffer[offset + 2] = UInt8(index * 60)
                        buffer[offset + 3] = opaque ? 255 : 0
                    }
                }
            }
        }
        let animation = ImageAnimation(
            width: 16,
            height: 8,
            frameDurations: [0.05, 0.1, 0.15, 0.2],
            loopCount: 0,
            source: FrameListSource(frames: frames)
        )
        var container = ImageContainer(image: frames[0], type: .gif)
        container.animation = animation
        return container
    }

    @Test("Pixels that turn transparent are cleared, not left showing; durations and loop for ever kept")
    func transparency() throws {
        let container = try Self.transparencyAnimation()
        let decoded = try decode(try encode(container))
        let animation = try #require(decoded.animation)
        #expect(animation.frameDurations == [0.05, 0.1, 0.15, 0.2] && animation.loopCount == 0)
        try expectSameFrames(animation, try #require(container.animation), tolerance: 0, "transparency")
    }

    @Test("More than 255 colours: close with the median cut, dithered on request")
    func quantized() throws {
        let photo = try Bitmap(width: 64, height: 48, pixelFormat: .rgba8) { buffer in
            for y in 0..<48 {
                for x in 0..<64 {
                    let offset = (y * 64 + x) * 4
                    buffer[offset] = UInt8(x * 4)
                    buffer[offset + 1] = UInt8(y * 5)
                    buffer[offset + 2] = UInt8((x + y) * 2)
                    buffer[offset + 3] = 255
                }
            }
        }
        func meanError(_ encoder: GIFEncoder) throws -> Double {
            let decoded = try decode(try encoder.encode(photo)).image
            let (a, b) = (photo.withUnsafeBytes { Array($0) }, decoded.withUnsafeBytes { Array($0) })
            let total = zip(a, b).reduce(0) { $0 + abs(Int($1.0) - Int($1.1)) }
            return Double(total) / Double(64 * 48 * 3)
        }
        let plain = try meanError(GIFEncoder())
        let dithered = try meanError(GIFEncoder(dithers: true))
        // giflib's median cut works on 5 bits a channel; dithering trades a little more error a
        // pixel for smooth gradients.
        #expect(plain < 7, "\(plain)")
        #expect(dithered < 8 && dithered != plain, "\(dithered)")
        #expect(try decode(try GIFEncoder().encode(photo)).animation == nil)
    }

    @Test("gifsicle reads the frames, delays and loop count the encoder wrote")
    func gifsicleReadsIt() async throws {
        var container = try decode(try fixture("disposal-background.gif"))
        container.data = nil
        let info = try await ReferenceTool.output(
            of: "gifsicle",
            ["--info"],
            on: try encode(container),
            fileExtension: "gif"
        )
        #expect(info.contains("4 images") && info.contains("logical screen 24x18"), "\(info)")
        #expect(
            info.contains("loop forever") && info.contains("delay 0.10s") && info.contains("delay 0.20s"),
            "\(info)"
        )
        let still = try await ReferenceTool.output(
            of: "gifsicle",
            ["--info"],
            on: try GIFEncoder().encode(container.image),
            fileExtension: "gif"
        )
        #expect(still.contains("1 image") && !still.contains("loop"), "\(still)")
    }

    @Test("Bad sizes are typed errors; the plugin registers the encoder")
    func errorsAndRegistration() throws {
        let wide = try Bitmap(width: 70_000, height: 1, pixelFormat: .gray8)
        #expect(throws: ImageEncodingError.self) { try GIFEncoder().encode(wide) }
        var registry = PluginRegistry()
        registry.install(GIFPlugin())
        #expect(registry.encoder(for: .gif) is GIFEncoder)
    }
}
