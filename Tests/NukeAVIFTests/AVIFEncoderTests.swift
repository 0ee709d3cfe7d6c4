// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

import Foundation
import NukeCore
import NukeTestSupport
import Testing

@testable import NukeAVIF

@Suite struct AVIFEncoderTests {
    @Test("Lossless round-trips exactly, alpha and gray included")
    func lossless() throws {
        let encoder = AVIFEncoder(mode: .lossless)
        let opaque = try reference("oriented")
        #expect(ReferenceImage.maximumDifference(try decode(try encoder.encode(opaque)).image, opaque) == 0)
        let translucent = try reference("alpha")
        let decoded = try decode(try encoder.encode(translucent))
        #expect(!decoded.image.isOpaque)
        #expect(
            ReferenceImage.maximumDifference(try ReferenceImage.clearingTransparentColor(decoded.image), translucent)
                == 0
        )
        let gray = try Bitmap(width: 20, height: 10, pixelFormat: .gray8, pixels: (0..<200).map { UInt8($0) })
        let grayDecoded = try decode(try encoder.encode(gray)).image
        #expect(grayDecoded.pixel(x: 13, y: 7) == [153, 153, 153, 255])
    }

    @Test("A context's compressionQuality replaces the lossy quality; lossless ignores it")
    func compressionQuality() throws {
        let source = ImageContainer(image: try reference("lossless"))
        var context = ImageEncodingContext(request: ImageRequest(url: nil), image: source)
        context.compressionQuality = 0.2
        let expected = try AVIFEncoder(mode: .lossy(quality: 0.2)).encode(source.image)
        #expect(try AVIFEncoder().encode(source, context: context) == expected)
        let lossless = AVIFEncoder(mode: .lossless)
        #expect(try lossless.encode(source, context: context) == lossless.encode(source.image))
    }

    @Test("Lossy stays close to the source and shrinks with the quality; opaque images get no alpha")
    func lossy() throws {
        let source = try reference("lossless")
        let high = try AVIFEncoder(mode: .lossy(quality: 0.9)).encode(source)
        let low = try AVIFEncoder(mode: .lossy(quality: 0.2)).encode(source)
        #expect(low.count < high.count)
        let decoded = try decode(high)
        #expect(decoded.image.isOpaque)
        #expect(try #require(ReferenceImage.maximumDifference(decoded.image, source)) <= 48)
        #expect(AssetType(high) == .avif)
    }

    @Test(
        "Each AV1 encoder libavif has encodes a lossy image that decodes close to the source",
        arguments: AVIFEncoder.Codec.allCases
    )
    func codecs(codec: AVIFEncoder.Codec) throws {
        // SVT-AV1 takes no picture under 64 pixels a side.
        let source = try Bitmap(width: 160, height: 96, pixelFormat: .rgba8) { pixels in
            for index in stride(from: 0, to: pixels.count, by: 4) {
                let (x, y) = (index / 4 % 160, index / 4 / 160)
                pixels[index] = UInt8(x * 255 / 159)
                pixels[index + 1] = UInt8(y * 255 / 95)
                pixels[index + 2] = 120
                pixels[index + 3] = 255
            }
        }
        let encoder = AVIFEncoder(mode: .lossy(quality: 0.8), speed: 8, codec: codec)
        guard codec.isAvailable else {
            #expect(throws: ImageEncodingError.self) { try encoder.encode(source) }
            return
        }
        let encoded = try encoder.encode(source)
        let decoded = try decode(encoded).image
        #expect((decoded.width, decoded.height) == (source.width, source.height))
        #expect(try #require(ReferenceImage.maximumDifference(decoded, source)) <= 48, "\(codec)")
        // Each writes its own bitstream: not libaom's bytes under another name.
        if codec != .automatic, codec != .aom {
            let aom = try AVIFEncoder(mode: .lossy(quality: 0.8), speed: 8, codec: .aom).encode(source)
            #expect(encoded != aom)
        }
    }

    @Test("Debian's libavif can encode with libaom, SVT-AV1 and rav1e")
    func debianCodecs() {
        let unavailable = AVIFEncoder.Codec.allCases.filter { !$0.isAvailable }
        #expect(unavailable.isEmpty)
    }

    @Test("An animation becomes an AVIF sequence: lossless frames exact, durations kept")
    func sequence() throws {
        let frames = try (0..<3).map { index in
            try Bitmap(width: 24, height: 16, pixelFormat: .rgba8) { buffer in
                for pixel in 0..<24 * 16 {
                    buffer[pixel * 4] = UInt8((pixel * 7 + index * 80) % 256)
                    buffer[pixel * 4 + 1] = UInt8(pixel % 24 * 10)
                    buffer[pixel * 4 + 2] = UInt8(index * 100)
                    buffer[pixel * 4 + 3] = index == 1 && pixel % 24 < 6 ? 0 : 255
                }
            }
        }
        var container = ImageContainer(image: frames[0], type: .avif)
        container.animation = ImageAnimation(
            width: 24,
            height: 16,
            frameDurations: [0.1, 0.25, 0.5],
            loopCount: 0,
            source: FrameListSource(frames: frames)
        )
        let context = ImageEncodingContext(request: ImageRequest(url: nil), image: container, dataResponse: nil)
        // At the default speed (8), which libavif runs in libaom's real-time mode: sequences are
        // encoded at speed 6 at most, since real-time mode does not keep lossless frames exact.
        let data = try AVIFEncoder(mode: .lossless).encode(container, context: context)
        let decoded = try decode(data)
        let animation = try #require(decoded.animation)
        #expect(animation.frameCount == 3 && animation.frameDurations == [0.1, 0.25, 0.5])
        for index in 0..<3 {
            let frame = try ReferenceImage.clearingTransparentColor(try animation.frame(at: index))
            let expected = try ReferenceImage.clearingTransparentColor(frames[index])
            #expect(ReferenceImage.maximumDifference(frame, expected) == 0, "frame \(index)")
        }
        // Lossy frames follow the animation too: each as close to its frame as a still encode
        // of that frame (4:2:0 on this pattern moves blue by up to 32 levels either way).
        let lossyEncoder = AVIFEncoder(mode: .lossy(quality: 0.9))
        let lossy = try #require(try decode(try lossyEncoder.encode(container, context: context)).animation)
        for index in 0..<3 {
            let blue = Int(try lossy.frame(at: index).pixel(x: 20, y: 12)[2])
            let still = Int(try decode(try lossyEncoder.encode(frames[index])).image.pixel(x: 20, y: 12)[2])
            #expect(abs(blue - still) <= 4 && abs(blue - index * 100) <= 40, "frame \(index): \(blue), still \(still)")
        }
    }

    @Test("Bad arguments are typed errors")
    func badArguments() throws {
        let image = try reference("lossless")
        for encoder in [
            AVIFEncoder(mode: .lossy(quality: 1.5)), AVIFEncoder(mode: .lossy(quality: .nan)),
            AVIFEncoder(speed: 11), AVIFEncoder(speed: -1),
        ] {
            #expect(throws: ImageEncodingError.self) { try encoder.encode(image) }
        }
        let empty = try Bitmap(width: 0, height: 0, pixelFormat: .rgba8)
        #expect(throws: ImageEncodingError.self) { try AVIFEncoder().encode(empty) }
    }
}
