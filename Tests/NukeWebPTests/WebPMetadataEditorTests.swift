// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

import Foundation
import NukeCore
import NukeImaging
import NukeTestSupport
import Testing

@testable import NukeWebP

/// `WebPMetadataEditor` on files libwebp wrote, read back through libwebp's demuxer.
@Suite struct WebPMetadataEditorTests {
    private let editor = WebPMetadataEditor()
    private let secret = Array("GPS 48.8584 N 2.2945 E".utf8)
    private static let exif = Data(EXIFFixtures.orientationSix)

    private static func image(alpha: UInt8 = 255) throws -> Bitmap {
        try Bitmap(width: 30, height: 20, pixelFormat: .rgba8) { buffer in
            for index in stride(from: 0, to: buffer.count, by: 4) {
                buffer[index] = UInt8(index % 256)
                buffer[index + 1] = 90
                buffer[index + 2] = 200
                buffer[index + 3] = alpha
            }
        }
    }

    private func decode(_ data: Data) throws -> ImageContainer {
        try WebPEXIFTests.decode(data, keepingEXIF: true)
    }

    /// The RIFF chunks: four-character code and payload.
    private static func chunks(_ webP: Data) -> [(String, Data)] {
        var chunks: [(String, Data)] = []
        var offset = 12
        let bytes = [UInt8](webP)
        while offset + 8 <= bytes.count {
            let size = (0..<4).reduce(0) { $0 | Int(bytes[offset + 4 + $1]) << (8 * $1) }
            guard offset + 8 + size <= bytes.count else { break }
            chunks.append(
                (
                    String(decoding: bytes[offset..<offset + 4], as: UTF8.self),
                    Data(bytes[offset + 8..<offset + 8 + size])
                )
            )
            offset += 8 + size + size % 2
        }
        return chunks
    }

    @Test("Removing: EXIF and XMP chunks go and their VP8X flags are cleared; the image stays")
    func removing() throws {
        let encoded = [UInt8](try WebPEncoder(mode: .lossless).encode(try Self.image()))
        let bitstream = Array(encoded[12...])  // the VP8L chunk
        let vp8x = Array("VP8X".utf8) + [10, 0, 0, 0, 0x08 | 0x04, 0, 0, 0, 29, 0, 0, 19, 0, 0]
        let exif = Array("EXIF".utf8) + [UInt8(secret.count), 0, 0, 0] + secret
        let xmp = Array("XMP ".utf8) + [UInt8(secret.count), 0, 0, 0] + secret
        let body = Array("WEBP".utf8) + vp8x + bitstream + exif + xmp
        let size = body.count
        let withMetadata = Data(
            Array("RIFF".utf8) + [UInt8(size & 0xFF), UInt8(size >> 8 & 0xFF), UInt8(size >> 16 & 0xFF), 0] + body
        )

        let stripped = try editor.removing(.all, from: withMetadata)

        let chunks = Self.chunks(stripped)
        #expect(!chunks.contains { $0.0 == "EXIF" || $0.0 == "XMP " })
        if let header = chunks.first, header.0 == "VP8X" { #expect(header.1[0] & 0x2C == 0) }
        let riffSize = stripped[4...7].reversed().reduce(0) { $0 << 8 | Int($1) }
        #expect(riffSize == stripped.count - 8)
        #expect(stripped.range(of: Data(secret)) == nil)
        #expect(try decode(stripped).image == decode(withMetadata).image)
        let withoutXMP = Self.chunks(try editor.removing(.xmp, from: withMetadata))
        #expect(withoutXMP.map(\.0) == ["VP8X", "VP8L", "EXIF"] && withoutXMP[0].1[0] & 0x2C == 0x08)
    }

    @Test("Setting EXIF: simple lossy and lossless files become extended, alpha kept; set twice, still one")
    func settingEXIF() throws {
        let cases: [(Data, Bool)] = [
            (try WebPEncoder(mode: .lossy(quality: 0.8)).encode(try Self.image()), false),
            (try WebPEncoder(mode: .lossless).encode(try Self.image(alpha: 128)), true),
        ]
        for (plain, hasAlpha) in cases {
            let tagged = try editor.settingEXIF(Self.exif, in: plain)
            let chunks = Self.chunks(tagged)
            #expect(chunks.first?.0 == "VP8X" && chunks.last?.0 == "EXIF" && chunks.last?.1 == Self.exif)
            let flags = try #require(chunks.first?.1.first)
            #expect(flags & 0x08 != 0 && (flags & 0x10 != 0) == hasAlpha)
            let size = tagged[4...7].reversed().reduce(0) { $0 << 8 | Int($1) }
            #expect(size == tagged.count - 8)
            let decoded = try decode(tagged)
            #expect(decoded.image.width == 30 && decoded.image.height == 20)
            #expect(decoded.image == (try decode(plain).image))
            #expect(decoded.userInfo[.exifKey] as? Data == Self.exif)
            let twice = try editor.settingEXIF(Data([1]), in: tagged)
            #expect(Self.chunks(twice).filter { $0.0 == "EXIF" }.map(\.1) == [Data([1])])
        }
    }

    @Test("Setting an ICC profile: an ICCP chunk after VP8X that the decoder reads back")
    func settingICCProfile() throws {
        let plain = try WebPEncoder(mode: .lossy(quality: 0.8)).encode(try Self.image())
        let profile = ICCFixtures.rgbProfile()
        let tagged = try editor.settingICCProfile(profile, in: try editor.settingEXIF(Self.exif, in: plain))
        #expect(Self.chunks(tagged).map(\.0) == ["VP8X", "ICCP", "VP8 ", "EXIF"])
        let decoded = try decode(tagged)
        #expect(decoded.userInfo[.iccProfileKey] as? Data == profile)
        #expect(decoded.userInfo[.exifKey] as? Data == Self.exif)
        #expect(try decode(try editor.settingICCProfile(Data(), in: tagged)).userInfo[.iccProfileKey] == nil)
    }

    @Test("Truncated, damaged or foreign files are refused with a typed error, never a crash")
    func malformed() throws {
        let plain = try WebPEncoder(mode: .lossy(quality: 0.8)).encode(try Self.image())
        for length in [0, 3, 11, 20] {
            #expect(throws: MetadataEditingError.self) { try editor.removing(.all, from: plain.prefix(length)) }
        }
        #expect(throws: MetadataEditingError.self) { try editor.settingEXIF(Self.exif, in: Data("nope".utf8)) }
        for damaged in FuzzCorpus(seeds: [plain], count: 1000, seed: 7) {
            if let result = try? editor.settingEXIF(Self.exif, in: damaged) {
                #expect(result.count >= Self.exif.count)
            }
        }
    }
}
