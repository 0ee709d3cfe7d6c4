// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

import Foundation
import NukeCore
import NukeTestSupport
import Testing

@testable import NukeHEIF

@Suite(.enabled(if: HEICEncoder.isAvailable, "libheif has no HEVC encoder here"))
struct HEICEncoderTests {
    @Test("Opaque and transparent images come back close, at their size, alpha kept")
    func roundTrip() throws {
        for isOpaque in [true, false] {
            let image = try Self.gradient(width: 130, height: 67, isOpaque: isOpaque)
            let data = try HEICEncoder(quality: 0.9).encode(image)
            let decoded = try decode(data)
            #expect(decoded.type == .heic)
            #expect(decoded.image.isOpaque == isOpaque)
            let difference = try #require(ReferenceImage.difference(decoded.image, image))
            #expect(difference.mean < 2, "\(difference)")
        }
    }

    @Test("A higher quality or a slower preset gives a larger or smaller file, and the context's quality wins")
    func qualityAndPreset() throws {
        let image = try Bitmap.noise(width: 96, height: 64, isOpaque: true)
        let low = try HEICEncoder(quality: 0.3).encode(image)
        let high = try HEICEncoder(quality: 0.9).encode(image)
        #expect(low.count < high.count)
        let container = ImageContainer(image: image)
        var context = ImageEncodingContext(request: ImageRequest(url: nil), image: container, dataResponse: nil)
        context.compressionQuality = 0.3
        #expect(try HEICEncoder(quality: 0.9).encode(container, context: context) == low)
        #expect(try HEICEncoder(quality: 0.3, preset: .ultrafast).encode(image) != low)
    }

    @Test("A container's ICC profile is written and read back")
    func iccProfile() throws {
        let profile = ICCFixtures.rgbProfile()
        var container = ImageContainer(image: try Self.gradient(width: 16, height: 16, isOpaque: true))
        container.userInfo[.iccProfileKey] = profile
        let context = ImageEncodingContext(request: ImageRequest(url: nil), image: container, dataResponse: nil)
        let data = try HEICEncoder().encode(container, context: context)
        #expect(try decode(data).userInfo[.iccProfileKey] as? Data == profile)
    }

    @Test("Gray and one-pixel images encode; empty, oversized and bad qualities are typed errors")
    func edges() throws {
        #expect(try decode(try HEICEncoder().encode(try Bitmap.grayNoise(width: 9, height: 5))).image.width == 9)
        #expect(
            try decode(try HEICEncoder().encode(try Bitmap.noise(width: 1, height: 1, isOpaque: true))).image.height
                == 1
        )
        let refusals: [(Bitmap, Double)] = [
            (try Bitmap(width: 0, height: 3, pixelFormat: .rgba8), 0.5),
            (try Bitmap(width: HEICEncoder.maximumSide + 1, height: 1, pixelFormat: .gray8), 0.5),
            (try Bitmap.noise(width: 4, height: 4, isOpaque: true), 1.5),
            (try Bitmap.noise(width: 4, height: 4, isOpaque: true), .nan),
        ]
        for (image, quality) in refusals {
            #expect {
                try HEICEncoder(quality: quality).encode(image)
            } throws: { error in
                guard case .unsupportedImage = error as? ImageEncodingError else { return false }
                return true
            }
        }
    }

    @Test("The plugin registers the encoder")
    func registration() {
        var registry = PluginRegistry()
        registry.install(HEIFPlugin(encoder: HEICEncoder(quality: 0.7, preset: .medium)))
        #expect(registry.encoder(for: .heic) as? HEICEncoder == HEICEncoder(quality: 0.7, preset: .medium))
    }

    /// Smooth colour ramps (what a lossy codec keeps well), with alpha ramping the other way when
    /// not opaque.
    static func gradient(width: Int, height: Int, isOpaque: Bool) throws -> Bitmap {
        var pixels = [UInt8]()
        for y in 0..<height {
            for x in 0..<width {
                let alpha = isOpaque ? 255 : 64 + 191 * y / max(height - 1, 1)
                pixels += [UInt8(255 * x / width), UInt8(255 * y / height), 128, UInt8(alpha)]
            }
        }
        return try Bitmap(width: width, height: height, pixelFormat: .rgba8, pixels: pixels)
    }
}
