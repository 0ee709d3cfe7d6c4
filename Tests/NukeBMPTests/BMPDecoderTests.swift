// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

import Foundation
import NukeCore
import NukePNG
import NukeTestSupport
import Testing

@testable import NukeBMP

func fixture(_ name: String) throws -> Data {
    let url = try #require(Bundle.module.url(forResource: name, withExtension: nil, subdirectory: "Fixtures"))
    return try Data(contentsOf: url)
}

/// Pillow's decode of a fixture (`Fixtures/make-fixtures.sh`), transparent pixels' colours
/// cleared.
func reference(_ file: String) throws -> Bitmap {
    let name = file.replacingOccurrences(of: ".", with: "-")
    return try ReferenceImage.clearingTransparentColor(try ReferenceImage.read(try fixture(name + ".reference.pam")))
}

/// A registry with NukeBMP after NukePNG, as the default plugins have them.
let registry: PluginRegistry = {
    var registry = PluginRegistry()
    registry.install(PNGPlugin())
    registry.install(BMPPlugin())
    return registry
}()

func decode(_ data: Data, request: ImageRequest = ImageRequest(url: nil), maximumPixelCount: Int = 1 << 24) throws
    -> ImageContainer
{
    let context = ImageDecodingContext(
        request: request,
        data: data,
        maximumPixelCount: maximumPixelCount,
        registry: registry
    )
    let decoder = try #require(registry.decoder(for: context))
    return try decoder.decode(data)
}

@Suite struct BMPDecoderTests {
    @Test(
        "Every header version, depth and compression: Pillow's pixels",
        arguments: [
            "rgb24.bmp", "pillow24.bmp", "top-down.bmp", "core.bmp", "palette8.bmp", "palette4.bmp", "mono.bmp",
            "rle8.bmp", "rle4.bmp", "rgb565.bmp", "rgb555.bmp", "argb32.bmp",
        ]
    )
    func matchesPillow(file: String) throws {
        let container = try decode(try fixture(file))
        #expect(container.type == .bmp)
        #expect(container.image.isOpaque == !file.hasPrefix("argb"))
        let image = try ReferenceImage.clearingTransparentColor(container.image)
        #expect(ReferenceImage.maximumDifference(image, try reference(file)) == 0, "\(file)")
    }

    @Test(
        "Icons and cursors: the largest image, PNG or bitmap, its alpha or its AND mask",
        arguments: ["png.ico", "bitmap.ico", "bitmap.cur", "palette.ico"]
    )
    func icons(file: String) throws {
        let container = try decode(try fixture(file))
        #expect(container.type == .ico)
        let image = try ReferenceImage.clearingTransparentColor(container.image)
        #expect(!image.isOpaque)
        // A cursor is an icon with hot spots; Pillow reads its 32-bit pixels without their alpha.
        let expected = try reference(file == "bitmap.cur" ? "bitmap.ico" : file)
        #expect(ReferenceImage.maximumDifference(image, expected) == 0, "\(file)")
    }

    @Test("An icon's PNG needs a PNG decoder installed before the plugin")
    func iconWithoutPNGDecoder() throws {
        var alone = PluginRegistry()
        alone.install(BMPPlugin())
        let data = try fixture("png.ico")
        let context = ImageDecodingContext(request: ImageRequest(url: nil), data: data, registry: alone)
        #expect {
            try #require(alone.decoder(for: context)).decode(data)
        } throws: { error in
            guard case .unsupported = error as? ImageDecodingError else { return false }
            return true
        }
        // Bitmap icons need none.
        let bitmap = try fixture("bitmap.ico")
        let bitmapContext = ImageDecodingContext(request: ImageRequest(url: nil), data: bitmap, registry: alone)
        #expect(try #require(alone.decoder(for: bitmapContext)).decode(bitmap).image.width == 32)
    }

    @Test("Sizes past the pixel limit are refused from the header, before any pixel is decoded")
    func bombs() throws {
        for (width, height) in [(30_000, 30_000), (Int(Int32.max), -Int(Int32.max)), (1, 1 << 30)] {
            let bomb = Self.bitmap(width: width, height: height)
            #expect(throws: ImageDecodingError.imageTooLarge(width: width, height: abs(height), limit: 1 << 24)) {
                try decode(bomb)
            }
            let context = ImageDecodingContext(request: ImageRequest(url: nil), data: bomb, maximumPixelCount: 1 << 24)
            #expect(BMPDecoder(context: context).estimatedMemory(for: bomb) == nil)
        }
        // An icon whose directory is small but whose bitmap (the largest, the second) declares a
        // huge size: 30,000 × 60,000 / 2.
        var icon = try fixture("bitmap.ico")
        let start = Int(icon[6 + 16 + 12]) | Int(icon[6 + 16 + 13]) << 8
        icon.replaceSubrange(start + 4..<start + 12, with: [0x30, 0x75, 0, 0, 0x60, 0xEA, 0, 0])
        #expect(throws: ImageDecodingError.imageTooLarge(width: 30_000, height: 30_000, limit: 1 << 24)) {
            try decode(icon)
        }
    }

    @Test("Bad headers, masks and compressions are typed errors")
    func badHeaders() throws {
        #expect(throws: ImageDecodingError.unsupported(reason: "BMP: compression 4 at 24 bits a pixel")) {
            try decode(Self.bitmap(width: 4, height: 4, compression: 4))
        }
        #expect(throws: ImageDecodingError.corrupt(reason: "BMP: no pixels (0×4)")) {
            try decode(Self.bitmap(width: 0, height: 4))
        }
        #expect(throws: ImageDecodingError.corrupt(reason: "BMP: overlapping channel masks")) {
            let masks: [UInt32] = [0xFF00, 0x0FF0, 0xF]
            return try decode(Self.bitmap(width: 4, height: 4, bitsPerPixel: 16, compression: 3, masks: masks))
        }
        #expect(throws: ImageDecodingError.truncated) { try decode(Self.bitmap(width: 64, height: 64)) }
    }

    @Test("Memory estimates cover the decoded pixels")
    func memoryEstimate() throws {
        for file in ["rgb24.bmp", "rle4.bmp"] {
            let data = try fixture(file)
            let context = ImageDecodingContext(request: ImageRequest(url: nil), data: data)
            #expect(BMPDecoder(context: context).estimatedMemory(for: data) == 48 * 32 * 4)
        }
        let icon = try fixture("bitmap.ico")
        let context = ImageDecodingContext(request: ImageRequest(url: nil), data: icon)
        #expect(ICODecoder(context: context, pngDecoders: registry).estimatedMemory(for: icon) == 32 * 21 * 4)
    }

    /// A BMP file with a `BITMAPINFOHEADER` declaring the size, depth and compression given (and
    /// masks after it), and 16 bytes of pixels.
    static func bitmap(
        width: Int,
        height: Int,
        bitsPerPixel: Int = 24,
        compression: Int = 0,
        masks: [UInt32] = []
    ) -> Data {
        var bytes: [UInt8] = Array("BM".utf8)
        func put(_ value: Int, _ count: Int) { bytes += [UInt8].littleEndian(value, size: count) }
        put(0, 4)
        put(0, 4)
        put(14 + 40 + masks.count * 4, 4)
        for (value, count) in [(40, 4), (width, 4), (height, 4), (1, 2), (bitsPerPixel, 2), (compression, 4)] {
            put(value, count)
        }
        for _ in 0..<5 { put(0, 4) }
        for mask in masks { put(Int(mask), 4) }
        return Data(bytes + [UInt8](repeating: 0x40, count: 16))
    }
}

@Suite struct BMPDecoderContractTests {
    @Test(arguments: DecoderContract.Check.allCases)
    func bitmaps(_ check: DecoderContract.Check) async throws {
        try await DecoderContract(
            plugin: BMPPlugin(),
            type: .bmp,
            fixtures: try ["rgb24.bmp", "palette4.bmp", "rle8.bmp", "rle4.bmp", "rgb565.bmp", "argb32.bmp"]
                .map(fixture),
            bombs: [BMPDecoderTests.bitmap(width: 30_000, height: 30_000)],
            maximumPixelCount: 1 << 20
        ).run(check)
    }

    @Test(arguments: DecoderContract.Check.allCases)
    func icons(_ check: DecoderContract.Check) async throws {
        try await DecoderContract(
            plugin: BMPPlugin(),
            type: .ico,
            fixtures: try ["bitmap.ico", "palette.ico"].map(fixture),
            maximumPixelCount: 1 << 20
        ).run(check)
    }
}
