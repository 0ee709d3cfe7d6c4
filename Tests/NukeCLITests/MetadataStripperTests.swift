// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

import Foundation
import Nuke
import NukeTestSupport
import Testing

@testable import NukeCLI

/// `--strip` removes metadata without touching the image: each case adds metadata to a real file,
/// strips it, and checks the markers are gone and libjpeg, libpng, libwebp or giflib decodes the
/// same pixels.
@Suite struct MetadataStripperTests {
    private let image = try! Bitmap(width: 9, height: 7, pixelFormat: .rgba8, fill: [30, 140, 220, 255])
    private let secret = Array("GPS 48.8584 N 2.2945 E".utf8)

    private func decode(_ data: Data) async throws -> ImageContainer {
        let pipeline = ImagePipeline { $0.imageCache = nil }
        return try await pipeline.imageTask(with: ImageRequest(id: UUID().uuidString, data: { data })).response
            .container
    }

    private func expectSameImage(_ stripped: Data, as original: Data) async throws {
        let before = try await decode(original)
        let after = try await decode(stripped)
        #expect(after.image == before.image)
        #expect(after.frameCount == before.frameCount)
        #expect(stripped.range(of: Data(secret)) == nil)
    }

    private func segment(_ marker: UInt8, _ payload: [UInt8]) -> [UInt8] {
        let length = payload.count + 2
        return [0xFF, marker, UInt8(length >> 8), UInt8(length & 0xFF)] + payload
    }

    @Test("JPEG: EXIF, ICC and comments go; JFIF stays")
    func jpeg() async throws {
        let encoded = [UInt8](try JPEGEncoder(quality: 0.9).encode(image))
        let withMetadata =
            Array(encoded[..<2]) + segment(0xE1, Array("Exif\0\0".utf8) + secret)
            + segment(0xE2, Array("ICC_PROFILE\0".utf8))
            + segment(0xFE, secret) + Array(encoded[2...])
        let stripped = try MetadataStripper.strip(Data(withMetadata), type: .jpeg)
        #expect(stripped == Data(encoded))
        try await expectSameImage(stripped, as: Data(withMetadata))
    }

    private func chunk(_ type: String, _ payload: [UInt8]) -> [UInt8] {
        let length = payload.count
        let header = [UInt8(length >> 24), UInt8(length >> 16 & 0xFF), UInt8(length >> 8 & 0xFF), UInt8(length & 0xFF)]
        // libpng checks CRCs of ancillary chunks only as configured; stripping removes them anyway.
        return header + Array(type.utf8) + payload + crc32(Array(type.utf8) + payload)
    }

    private func crc32(_ bytes: [UInt8]) -> [UInt8] {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        crc ^= 0xFFFF_FFFF
        return [UInt8(crc >> 24), UInt8(crc >> 16 & 0xFF), UInt8(crc >> 8 & 0xFF), UInt8(crc & 0xFF)]
    }

    @Test("PNG: text, EXIF and time chunks go; image chunks stay")
    func png() async throws {
        let encoded = [UInt8](try PNGEncoder().encode(image))
        let afterHeader = 8 + 25  // signature, IHDR
        let withMetadata =
            Array(encoded[..<afterHeader]) + chunk("tEXt", Array("Comment\0".utf8) + secret)
            + chunk("eXIf", secret) + chunk("tIME", [7, 234, 11, 24, 12, 0, 0]) + Array(encoded[afterHeader...])
        let stripped = try MetadataStripper.strip(Data(withMetadata), type: .png)
        #expect(stripped == Data(encoded))
        try await expectSameImage(stripped, as: Data(withMetadata))
    }

    @Test("WebP: EXIF and XMP chunks go and their VP8X flags are cleared")
    func webp() async throws {
        let encoded = [UInt8](try WebPEncoder(mode: .lossless).encode(image))
        let bitstream = Array(encoded[12...])  // the VP8L chunk
        let vp8x = Array("VP8X".utf8) + [10, 0, 0, 0, 0x08 | 0x04, 0, 0, 0, 8, 0, 0, 6, 0, 0]
        let exif = Array("EXIF".utf8) + [UInt8(secret.count), 0, 0, 0] + secret
        let xmp = Array("XMP ".utf8) + [UInt8(secret.count), 0, 0, 0] + secret
        let body = Array("WEBP".utf8) + vp8x + bitstream + exif + xmp
        let size = body.count
        let withMetadata =
            Array("RIFF".utf8) + [UInt8(size & 0xFF), UInt8(size >> 8 & 0xFF), UInt8(size >> 16 & 0xFF), 0] + body

        let stripped = [UInt8](try MetadataStripper.strip(Data(withMetadata), type: .webp))

        #expect(stripped[20] == 0)  // VP8X flags
        let riffSize = Int(stripped[4]) | Int(stripped[5]) << 8 | Int(stripped[6]) << 16 | Int(stripped[7]) << 24
        #expect(riffSize == stripped.count - 8)
        try await expectSameImage(Data(stripped), as: Data(withMetadata))
    }

    @Test("GIF: comments and XMP go; the loop count and every frame stay")
    func gif() async throws {
        let other = try Bitmap(width: 9, height: 7, pixelFormat: .rgba8, fill: [250, 10, 10, 255])
        let encoded = [UInt8](
            GIFWriter.encode(
                [
                    GIFWriter.Frame(image: image, delayCentiseconds: 10),
                    GIFWriter.Frame(image: other, delayCentiseconds: 20),
                ],
                repetitionCount: 2
            )
        )
        let comment = [0x21, 0xFE, UInt8(secret.count)] + secret + [0]
        let xmp = [0x21, 0xFF, 11] + Array("XMP DataXMP".utf8) + [UInt8(secret.count)] + secret + [0]
        let withMetadata = Array(encoded.dropLast()) + comment + xmp + [0x3B]

        let stripped = try MetadataStripper.strip(Data(withMetadata), type: .gif)

        #expect(stripped == Data(encoded))
        try await expectSameImage(stripped, as: Data(withMetadata))
        #expect(try await decode(stripped).animation?.loopCount == 3)
    }

    @Test("Truncated files are refused, not half-copied", arguments: [AssetType.jpeg, .png, .gif, .webp])
    func truncated(type: AssetType) throws {
        let data: Data =
            switch type {
            case .jpeg: try JPEGEncoder().encode(image)
            case .png: try PNGEncoder().encode(image)
            case .webp: try WebPEncoder(mode: .lossless).encode(image)
            default: GIFWriter.encode([GIFWriter.Frame(image: image, delayCentiseconds: 10)])
            }
        for length in [0, 3, 13, data.count / 2] where type != .webp || length < 12 {
            #expect(throws: MetadataStripper.Failure.self) {
                try MetadataStripper.strip(data.prefix(length), type: type)
            }
        }
    }
}
