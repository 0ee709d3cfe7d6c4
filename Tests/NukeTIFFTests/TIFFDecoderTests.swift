// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

import Foundation
import NukeCore
import NukeTestSupport
import Testing

@testable import NukeTIFF

func fixture(_ name: String) throws -> Data {
    let url = try #require(Bundle.module.url(forResource: name, withExtension: nil, subdirectory: "Fixtures"))
    return try Data(contentsOf: url)
}

/// Pillow's decode of a fixture (`Fixtures/make-fixtures.sh`).
func reference(_ name: String) throws -> Bitmap {
    try ReferenceImage.clearingTransparentColor(try ReferenceImage.read(try fixture(name + ".reference.pam")))
}

func decode(_ data: Data, request: ImageRequest = ImageRequest(url: nil), maximumPixelCount: Int = 1 << 24) throws
    -> ImageContainer
{
    let context = ImageDecodingContext(request: request, data: data, maximumPixelCount: maximumPixelCount)
    return try TIFFDecoder(context: context).decode(data)
}

@Suite struct TIFFDecoderTests {
    @Test(
        "Strips and tiles, LZW, Deflate, PackBits and JPEG, 8 and 16 bits, gray, palette, both byte orders: Pillow's pixels",
        arguments: [
            ("rgb-lzw", 0), ("tiled-deflate", 0), ("big-endian", 0), ("gray", 0), ("palette", 0),
            // 16-bit samples: libtiff rounds to 8 bits, Pillow keeps the high byte.
            ("rgb16", 1),
            // JPEG inside TIFF: libjpeg's decode either way, its upsampling may differ.
            ("jpeg", 3),
        ]
    )
    func matchesPillow(name: String, tolerance: Int) throws {
        let container = try decode(try fixture(name + ".tif"))
        #expect(container.type == .tiff)
        #expect(container.image.isOpaque)
        let difference = try #require(ReferenceImage.maximumDifference(container.image, try reference(name)))
        #expect(difference <= tolerance, "\(name): \(difference)")
    }

    @Test("Straight alpha stays as stored; premultiplied alpha comes out straight")
    func alpha() throws {
        let straight = try decode(try fixture("alpha.tif")).image
        #expect(!straight.isOpaque)
        let expected = try reference("alpha")
        #expect(ReferenceImage.maximumDifference(try ReferenceImage.clearingTransparentColor(straight), expected) == 0)
        // Premultiplied, then divided back: exact where alpha keeps the colour's precision.
        let premultiplied = try decode(try fixture("premultiplied.tif")).image
        var largest = 0
        premultiplied.withUnsafeBytes { decoded in
            expected.withUnsafeBytes { pillow in
                for index in stride(from: 0, to: decoded.count, by: 4) where pillow[index + 3] >= 128 {
                    #expect(decoded[index + 3] == pillow[index + 3])
                    for channel in 0..<3 {
                        largest = max(largest, abs(Int(decoded[index + channel]) - Int(pillow[index + channel])))
                    }
                }
            }
        }
        #expect(largest <= 1)
    }

    @Test("The Orientation tag turns the pixels upright, the width and height swapped")
    func orientation() throws {
        let image = try decode(try fixture("oriented.tif")).image
        #expect((image.width, image.height) == (24, 40))
        #expect(ReferenceImage.maximumDifference(image, try reference("oriented")) == 0)
        let file = try TIFFFile(data: try fixture("oriented.tif"), maximumAllocation: 1 << 20)
        #expect(file.orientation == .right && (file.storedWidth, file.storedHeight) == (40, 24))
    }

    @Test("CMYK converts as libtiff converts it, its samples as Pillow reads them")
    func cmyk() throws {
        let image = try decode(try fixture("cmyk.tif")).image
        #expect(ReferenceImage.maximumDifference(image, try reference("cmyk")) == 0)
    }

    @Test("The first page of several; the ICC profile kept")
    func pagesAndProfile() throws {
        let first = try decode(try fixture("multipage.tif")).image
        #expect(ReferenceImage.maximumDifference(first, try reference("multipage")) == 0)
        let container = try decode(try fixture("icc.tif"))
        #expect(container.userInfo[.iccProfileKey] as? Data == (try fixture("srgb.icc")))
        #expect(try decode(try fixture("rgb-lzw.tif")).userInfo[.iccProfileKey] == nil)
    }

    @Test("Floating-point samples are refused as unsupported, with libtiff's reason")
    func floats() throws {
        #expect {
            try decode(try fixture("float.tif"))
        } throws: { error in
            guard case .unsupported(let reason) = error as? ImageDecodingError else { return false }
            return reason.hasPrefix("TIFF: ")
        }
    }

    @Test("A directory past the pixel limit is refused before any pixel is read, at any declared size")
    func bombs() throws {
        #expect(throws: ImageDecodingError.imageTooLarge(width: 30_000, height: 30_000, limit: 1 << 24)) {
            try decode(HostileImages.tiff(width: 30_000, height: 30_000), maximumPixelCount: 1 << 24)
        }
        // Sizes whose strips libtiff cannot even count are refused when the directory is read.
        for (width, height) in [(30_000, 30_000), (1 << 31, 1 << 31), (1, 4_000_000_000)] {
            let bomb = HostileImages.tiff(width: width, height: height)
            #expect(throws: ImageDecodingError.self) { try decode(bomb, maximumPixelCount: 1 << 24) }
            let context = ImageDecodingContext(request: ImageRequest(url: nil), data: bomb, maximumPixelCount: 1 << 24)
            #expect(TIFFDecoder(context: context).estimatedMemory(for: bomb) == nil)
        }
        // Within the limit but with its pixels missing: truncated, not an image.
        #expect(throws: ImageDecodingError.truncated) { try decode(HostileImages.tiff(width: 1000, height: 1000)) }
    }

    @Test("Memory estimates cover the decoded pixels, twice when they must be turned")
    func memoryEstimate() throws {
        for (name, copies) in [("rgb-lzw", 1), ("oriented", 2)] {
            let data = try fixture(name + ".tif")
            let context = ImageDecodingContext(request: ImageRequest(url: nil), data: data)
            let image = try decode(data).image
            #expect(TIFFDecoder(context: context).estimatedMemory(for: data) == image.width * image.height * 4 * copies)
        }
    }

    @Test("The plugin registers the decoder for TIFF and BigTIFF's signatures; the library version is reported")
    func plugin() throws {
        var registry = PluginRegistry()
        registry.install(TIFFPlugin())
        let data = try fixture("rgb-lzw.tif")
        let context = ImageDecodingContext(request: ImageRequest(url: nil), data: data, registry: registry)
        #expect(context.assetType == .tiff)
        #expect(registry.decoder(for: context) is TIFFDecoder)
        let bigTIFF = Data([0x49, 0x49, 0x2B, 0x00, 8, 0, 0, 0] + [UInt8](repeating: 0, count: 16))
        #expect(
            ImageDecodingContext(request: ImageRequest(url: nil), data: bigTIFF, registry: registry).assetType == .tiff
        )
        #expect(TIFFPlugin.libraryVersion.hasPrefix("4."))
    }
}

@Suite struct TIFFDecoderContractTests {
    @Test(arguments: DecoderContract.Check.allCases)
    func contract(_ check: DecoderContract.Check) async throws {
        try await DecoderContract(
            plugin: TIFFPlugin(),
            type: .tiff,
            fixtures: try ["rgb-lzw.tif", "tiled-deflate.tif", "alpha.tif", "oriented.tif", "jpeg.tif", "palette.tif"]
                .map(fixture),
            bombs: [HostileImages.tiff(width: 30_000, height: 30_000)],
            maximumPixelCount: 1 << 20
        ).run(check)
    }
}
