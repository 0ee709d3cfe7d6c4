// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

import Foundation
import NukeCore
import NukeTestSupport
import Testing

@testable import NukePNG

@Suite struct PNGEXIFTests {

    /// A chunk: length, type, data, CRC-32 of type and data (the PNG specification's, bit by bit).
    static func chunk(_ type: String, _ payload: [UInt8]) -> [UInt8] {
        let body = Array(type.utf8) + payload
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in body {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        crc ^= 0xFFFF_FFFF
        let bigEndian = { (value: UInt32) in (0..<4).map { UInt8(truncatingIfNeeded: value >> (24 - 8 * $0)) } }
        return bigEndian(UInt32(payload.count)) + body + bigEndian(crc)
    }

    /// A PNG with an `eXIf` chunk holding `EXIFFixtures.orientationSix`: after `IHDR` (before the image data), or
    /// before `IEND` (after it), as the PNG extensions allow.
    static func tagged(afterImageData: Bool, interlaced: Bool = false) throws -> Data {
        let image = try Bitmap(width: 12, height: 6, pixelFormat: .rgba8, fill: [10, 200, 30, 255])
        var bytes = [UInt8](try PNGEncoder().encode(image))
        let exif = chunk("eXIf", EXIFFixtures.orientationSix)
        bytes.insert(contentsOf: exif, at: afterImageData ? bytes.count - 12 : 33)
        return Data(bytes)
    }

    static func decode(_ data: Data, keepingEXIF: Bool) throws -> ImageContainer {
        var options = PNGDecoder.Options()
        options.keepsEXIF = keepingEXIF
        return try PNGDecoder(
            context: ImageDecodingContext(request: ImageRequest(url: nil), data: data),
            options: options
        )
        .decode(data)
    }

    @Test("keepsEXIF keeps the eXIf chunk before or after the image data; off by default", arguments: [false, true])
    func keepsEXIF(afterImageData: Bool) throws {
        let data = try Self.tagged(afterImageData: afterImageData)
        let kept = try Self.decode(data, keepingEXIF: true)
        #expect(kept.userInfo[.exifKey] as? Data == Data(EXIFFixtures.orientationSix))
        #expect(kept.image.width == 12 && kept.image.pixel(x: 3, y: 3) == [10, 200, 30, 255])
        #expect(try Self.decode(data, keepingEXIF: false).userInfo[.exifKey] == nil)
        #expect(try decoder(for: data).decode(data).userInfo[.exifKey] == nil)
    }

    @Test("A file without eXIf keeps nothing; a truncated one is still an error")
    func untaggedAndTruncated() throws {
        let plain = try PNGEncoder().encode(try Bitmap(width: 4, height: 4, pixelFormat: .rgba8, fill: [1, 2, 3, 255]))
        #expect(try Self.decode(plain, keepingEXIF: true).userInfo[.exifKey] == nil)
        let tagged = try Self.tagged(afterImageData: false)
        #expect(throws: ImageDecodingError.self) {
            try Self.decode(tagged.prefix(tagged.count - 30), keepingEXIF: true)
        }
    }
}
