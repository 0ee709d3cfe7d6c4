// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

import Foundation
import NukeCore
import NukeImaging
import Testing

/// EXIF's TIFF structure in both byte orders, and malformed blocks.
@Suite struct EXIFStructureTests {
    /// IFD0 at 8 with Orientation 6 (SHORT), Artist "Ann" (ASCII inline) and Copyright
    /// "(c) Ann" (ASCII at an offset); IFD1 with a 4-byte thumbnail.
    static func block(littleEndian: Bool) -> [UInt8] {
        func field(_ value: Int, _ size: Int) -> [UInt8] {
            let bytes = (0..<size).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) }
            return littleEndian ? bytes : bytes.reversed()
        }
        func short(_ value: Int) -> [UInt8] { field(value, 2) + [0, 0] }
        let copyright = Array("(c) Ann".utf8) + [0]  // 8 bytes, at 8 + 2 + 36 + 4 = 50
        let ifd1 = 50 + copyright.count  // 58
        var bytes: [UInt8] = (littleEndian ? [0x49, 0x49, 0x2A, 0x00] : [0x4D, 0x4D, 0x00, 0x2A]) + field(8, 4)
        bytes += field(3, 2)
        bytes += field(0x0112, 2) + field(3, 2) + field(1, 4) + short(6)
        bytes += field(0x013B, 2) + field(2, 2) + field(4, 4) + Array("Ann".utf8) + [0]
        bytes += field(0x8298, 2) + field(2, 2) + field(copyright.count, 4) + field(50, 4)
        bytes += field(ifd1, 4) + copyright
        let thumbnail = ifd1 + 2 + 24 + 4
        bytes += field(2, 2)
        bytes += field(0x0201, 2) + field(4, 2) + field(1, 4) + field(thumbnail, 4)
        bytes += field(0x0202, 2) + field(4, 2) + field(1, 4) + field(4, 4)
        bytes += field(0, 4) + [0xFF, 0xD8, 0xFF, 0xD9]
        return bytes
    }

    @Test("Tags of IFD0 and IFD1's thumbnail, little- and big-endian", arguments: [true, false])
    func reads(littleEndian: Bool) throws {
        let exif = try #require(EXIFStructure(Self.block(littleEndian: littleEndian)))
        let ifd0 = try #require(exif.firstDirectoryOffset)
        #expect(exif.isLittleEndian == littleEndian && ifd0 == 8)
        #expect(exif.orientation == 6 && exif.integer(0x0112, inDirectoryAt: ifd0) == 6)
        #expect(exif.ascii(0x013B, inDirectoryAt: ifd0) == Array("Ann".utf8))
        #expect(exif.ascii(0x8298, inDirectoryAt: ifd0) == Array("(c) Ann".utf8))
        #expect(exif.ascii(0x0112, inDirectoryAt: ifd0) == nil && exif.integer(0x8298, inDirectoryAt: ifd0) == nil)
        #expect(exif.nextDirectoryOffset(after: ifd0) == 58)
        let thumbnail = try #require(exif.thumbnailRange)
        #expect(Array(exif.bytes[thumbnail]) == [0xFF, 0xD8, 0xFF, 0xD9])
    }

    @Test("Headers that are not TIFF, and every truncation of a block, read as absent without a crash")
    func malformed() {
        #expect(EXIFStructure([]) == nil && EXIFStructure(Array("not tiff".utf8)) == nil)
        let block = Self.block(littleEndian: true)
        for length in 0..<block.count {
            guard let exif = EXIFStructure(Array(block.prefix(length))) else { continue }
            _ = (exif.orientation, exif.thumbnailRange, exif.firstDirectoryOffset)
            if let ifd0 = exif.firstDirectoryOffset { _ = exif.ascii(0x8298, inDirectoryAt: ifd0) }
        }
        var pointing = block
        pointing[4] = 0xF0  // IFD0 far outside the block
        #expect(EXIFStructure(pointing)?.firstDirectoryOffset == nil)
        #expect(EXIFStructure(pointing)?.orientation == nil)
        #expect(EXIFStructure(block)?.unsignedInteger(at: block.count - 1, size: 2) == nil)
    }

    @Test("The TIFF structure in a payload: as it is, after Exif\\0\\0, after HEIF's offset; else none")
    func payloads() {
        let tiff = Self.block(littleEndian: false)
        let expected = Data(tiff)
        #expect(EXIFStructure.tiffPayload(of: Data(tiff)) == expected)
        #expect(EXIFStructure.tiffPayload(of: Data(Array("Exif\0\0".utf8) + tiff)) == expected)
        // HEIF and AVIF: a big-endian offset to the header, usually past an `Exif\0\0`.
        #expect(EXIFStructure.tiffPayload(of: Data([0, 0, 0, 6] + Array("Exif\0\0".utf8) + tiff)) == expected)
        #expect(EXIFStructure.tiffPayload(of: Data([0, 0, 0, 0] + tiff)) == expected)
        #expect(EXIFStructure.tiffPayload(of: Data(Array(repeating: 0, count: 4) + Array("not tiff".utf8))) == nil)
        #expect(EXIFStructure.tiffPayload(of: Data([0xFF, 0xFF, 0xFF, 0xFF] + tiff)) == nil)
        #expect(EXIFStructure.tiffPayload(of: Data()) == nil && EXIFStructure.tiffPayload(of: Data([1, 2])) == nil)
        // A slice not starting at index 0 reads the same.
        let padded = Data([9, 9] + tiff)
        #expect(EXIFStructure.tiffPayload(of: padded.dropFirst(2)) == expected)
    }
}
