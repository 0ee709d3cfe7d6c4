// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

import Foundation
import NukeCore
import NukeGIF
import NukeImaging
import NukeTestSupport
import Testing

@testable import NukeWebP

@Suite struct WebPAnimationEncoderTests {
    /// A 3-frame 48×36 GIF: gradients that move and a frame with transparency, delays of 10, 20 and
    /// 30 cs, played twice (repetition count 1).
    static func gif() throws -> Data {
        let frames = try (0..<3).map { index in
            let image = try Bitmap(width: 48, height: 36, pixelFormat: .rgba8) { buffer in
                for y in 0..<36 {
                    for x in 0..<48 {
                        let offset = (y * 48 + x) * 4
                        buffer[offset] = UInt8((x * 5 + index * 40) % 256)
                        buffer[offset + 1] = UInt8((y * 7) % 256)
                        buffer[offset + 2] = UInt8(index * 100)
                        buffer[offset + 3] = index == 1 && x < 12 ? 0 : 255
                    }
                }
            }
            return GIFWriter.Frame(image: image, delayCentiseconds: 10 * (index + 1))
        }
        return GIFWriter.encode(frames, repetitionCount: 1)
    }

    /// The GIF loaded through a pipeline that halves it: an animation of processed frames.
    static func processed() async throws -> ImageContainer {
        var registry = PluginRegistry()
        registry.install(GIFPlugin())
        registry.install(WebPPlugin())
        let pipeline = ImagePipeline {
            $0.registry = registry
            $0.imageCache = nil
        }
        let data = try gif()
        let half = ImageProcessors.Anonymous(id: "test/half") { try? $0.resized(width: 24, height: 18) }
        let request = ImageRequest(id: "animated.gif", data: { data }, processors: [half])
        return try await pipeline.imageTask(with: request).response.container
    }

    func encode(_ container: ImageContainer, mode: WebPEncoder.Mode) throws -> Data {
        let context = ImageEncodingContext(request: ImageRequest(url: nil), image: container, dataResponse: nil)
        return try WebPEncoder(mode: mode).encode(container, context: context)
    }

    @Test("A processed GIF becomes an animated lossless WebP: every frame exact, durations and loop count kept")
    func losslessRoundTrip() async throws {
        let container = try await Self.processed()
        let original = try #require(container.animation)
        #expect(original.width == 24 && original.frameCount == 3)
        let webp = try encode(container, mode: .lossless)
        let decoded = try #require(try decoder(for: webp).decode(webp).animation)
        #expect(decoded.width == 24 && decoded.height == 18 && decoded.frameCount == 3)
        #expect(decoded.frameDurations == [0.1, 0.2, 0.3])
        #expect(decoded.loopCount == original.loopCount && decoded.loopCount == 2)
        for index in 0..<3 {
            let expected = try ReferenceImage.clearingTransparentColor(try original.frame(at: index))
            let ours = try ReferenceImage.clearingTransparentColor(try decoded.frame(at: index))
            #expect(ReferenceImage.maximumDifference(ours, expected) == 0, "frame \(index)")
        }
        // libwebp's own animation decoder reads the same frames.
        let reference = try WebPCompositingTests.libwebpFrames(webp)
        #expect(reference.count == 3)
        #expect(reference == (try WebPCompositingTests.ourFrames(webp)))
    }

    @Test("Lossy animations stay close to the processed frames, alpha exact")
    func lossy() async throws {
        let container = try await Self.processed()
        let original = try #require(container.animation)
        let lossy = try encode(container, mode: .lossy(quality: 0.9))
        let decoded = try #require(try decoder(for: lossy).decode(lossy).animation)
        #expect(decoded.frameCount == 3 && decoded.frameDurations == [0.1, 0.2, 0.3])
        for index in 0..<3 {
            let expected = try original.frame(at: index).withUnsafeBytes { Array($0) }
            let ours = try decoded.frame(at: index).withUnsafeBytes { Array($0) }
            // Opaque pixels within a mean of 6 levels.
            var (total, count) = (0, 0)
            for pixel in stride(from: 0, to: expected.count, by: 4) where expected[pixel + 3] == 255 {
                for channel in 0..<3 { total += abs(Int(expected[pixel + channel]) - Int(ours[pixel + channel])) }
                count += 3
            }
            #expect(count > 0 && total / count <= 6, "frame \(index): mean difference \(total / max(1, count))")
            // Alpha is compressed losslessly (libwebp's default alpha quality).
            #expect(stride(from: 3, to: expected.count, by: 4).allSatisfy { expected[$0] == ours[$0] })
        }
    }

    @Test(
        "Animated WebP inputs (blending, a GIF's disposal) come back frame for frame as lossless WebP; the GIF-made one as GIF too",
        arguments: ["animated-blend", "animated-from-gif"]
    )
    func webpInputs(name: String) throws {
        let data = try fixture(name + ".webp")
        var container = try decoder(for: data).decode(data)
        container.data = nil  // As a processed animation has: the encoders must write it.
        let original = try #require(container.animation)
        var outputs = [("webp", try encode(container, mode: .lossless))]
        if name == "animated-from-gif" {
            let context = ImageEncodingContext(request: ImageRequest(url: nil), image: container, dataResponse: nil)
            outputs.append(("gif", try GIFEncoder().encode(container, context: context)))
        }
        for (format, encoded) in outputs {
            let context = ImageDecodingContext(request: ImageRequest(url: nil), data: encoded)
            let decoded =
                format == "gif"
                ? try GIFDecoder(context: context).decode(encoded) : try decoder(for: encoded).decode(encoded)
            let animation = try #require(decoded.animation)
            #expect(animation.frameDurations == original.frameDurations && animation.loopCount == original.loopCount)
            for index in 0..<original.frameCount {
                let expected = try ReferenceImage.clearingTransparentColor(try original.frame(at: index))
                let ours = try ReferenceImage.clearingTransparentColor(try animation.frame(at: index))
                #expect(ReferenceImage.maximumDifference(ours, expected) == 0, "\(name) as \(format), frame \(index)")
            }
        }
    }

    @Test("webpmux reads the canvas, frames, durations and loop count the encoder wrote")
    func webpmuxReadsIt() async throws {
        let webp = try encode(try await Self.processed(), mode: .lossless)
        let info = try await ReferenceTool.output(of: "webpmux", ["-info"], on: webp, fileExtension: "webp")
        #expect(info.contains("Canvas size: 24 x 18") && info.contains("Number of frames: 3"), "\(info)")
        #expect(info.contains("Loop Count : 2") && info.contains("lossless"), "\(info)")
        let durations = info.split(separator: "\n").dropFirst(5).compactMap { line in
            line.split(separator: " ", omittingEmptySubsequences: true).dropFirst(6).first.flatMap { Int($0) }
        }
        #expect(durations == [100, 200, 300], "\(info)")
    }

    @Test("A still container, or one of one frame, stays a still; bad quality is a typed error")
    func stillsAndErrors() async throws {
        let container = try await Self.processed()
        var still = container
        still.animation = nil
        let data = try encode(still, mode: .lossless)
        #expect(try decoder(for: data).decode(data).animation == nil)
        #expect(throws: ImageEncodingError.unsupportedImage(reason: "WebP quality must be within 0…1")) {
            try encode(container, mode: .lossy(quality: 2))
        }
        // The pipeline's frame limit applies to encoding too, before any frame is encoded.
        let limited = ImageEncodingContext(
            request: ImageRequest(url: nil),
            image: container,
            dataResponse: nil,
            maximumFrameCount: 2
        )
        #expect(throws: ImageEncodingError.tooManyFrames(limit: 2)) {
            try WebPEncoder().encode(container, context: limited)
        }
        #expect(throws: ImageEncodingError.tooManyFrames(limit: 2)) {
            try GIFEncoder().encode(container, context: limited)
        }
    }
}
