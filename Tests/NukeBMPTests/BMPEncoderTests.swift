// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

import Foundation
import NukeCore
import NukePNG
import NukeTestSupport
import Testing

@testable import NukeBMP

@Suite struct BMPEncoderTests {
    @Test(
        "Gray, opaque and transparent images come back pixel for pixel, rows padded to 4 bytes",
        arguments: [(false, false), (false, true), (true, true)]
    )
    func roundTrip(isGray: Bool, isOpaque: Bool) throws {
        let noise = try Bitmap.noise(width: 37, height: 21, isOpaque: isOpaque)
        let image = isGray ? try Bitmap.grayNoise(width: 37, height: 21) : noise
        let data = try BMPEncoder().encode(image)
        let decoded = try decode(data).image
        #expect(decoded.isOpaque == isOpaque)
        #expect(ReferenceImage.maximumDifference(decoded, try image.convertedToRGBA()) == 0)
        // The header a reader dispatches on: depth, and for alpha the V4 header with its masks.
        let bytes = [UInt8](data)
        let (headerSize, depth) = (
            bytes.littleEndianInteger(at: 14, size: 4), bytes.littleEndianInteger(at: 28, size: 2)
        )
        #expect(headerSize == (isOpaque ? 40 : 108))
        #expect(depth == (isGray ? 8 : isOpaque ? 24 : 32))
        #expect(bytes.littleEndianInteger(at: 2, size: 4) == data.count)
        let stride = (37 * depth + 31) / 32 * 4
        #expect(data.count == bytes.littleEndianInteger(at: 10, size: 4) + stride * 21)
    }

    @Test("Icons hold the image as PNG, at most 256 a side (0 in the directory for 256)")
    func icons() throws {
        let image = try Bitmap.noise(width: 256, height: 40, isOpaque: false)
        let data = try ICOEncoder(png: PNGEncoder()).encode(image)
        #expect(Array(data.prefix(8)) == [0, 0, 1, 0, 1, 0, 0, 40])
        #expect(data.dropFirst(22).starts(with: [0x89, 0x50, 0x4E, 0x47]))
        let decoded = try decode(data)
        #expect(decoded.type == .ico)
        #expect(ReferenceImage.maximumDifference(decoded.image, image) == 0)
        for (width, height) in [(257, 10), (10, 257), (0, 0)] {
            let large = try Bitmap(width: width, height: height, pixelFormat: .rgba8)
            #expect {
                try ICOEncoder(png: PNGEncoder()).encode(large)
            } throws: { error in
                guard case .unsupportedImage = error as? ImageEncodingError else { return false }
                return true
            }
        }
    }

    @Test("The plugin registers the BMP encoder, and the ICO encoder over a PNG encoder installed first")
    func registration() throws {
        #expect(registry.encoder(for: .bmp) is BMPEncoder)
        #expect(registry.encoder(for: .ico) is ICOEncoder)
        var alone = PluginRegistry()
        alone.install(BMPPlugin())
        #expect(alone.encoder(for: .bmp) is BMPEncoder)
        #expect(alone.encoder(for: .ico) == nil)
    }

    @Test("An empty image is a typed error")
    func emptyImage() throws {
        #expect {
            try BMPEncoder().encode(try Bitmap(width: 0, height: 3, pixelFormat: .rgba8))
        } throws: { error in
            guard case .unsupportedImage = error as? ImageEncodingError else { return false }
            return true
        }
    }
}
