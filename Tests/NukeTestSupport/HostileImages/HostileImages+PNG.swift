// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

#if canImport(FoundationEssentials)
    public import FoundationEssentials
#else
    public import Foundation
#endif

extension HostileImages {
    /// An 8-bit RGB PNG declaring `width × height` whose image data holds only `rowCount` rows
    /// (zero pixels, in stored deflate blocks). With `endsStream` the zlib stream ends properly
    /// after them (a complete stream that is simply too short); with `hasIEND` an IEND chunk
    /// follows, so nothing but the row count says the image is incomplete.
    public static func png(
        width: Int,
        height: Int,
        rowCount: Int,
        endsStream: Bool = true,
        hasIEND: Bool = true
    ) -> Data {
        let row = [UInt8](repeating: 0, count: 1 + 3 * width)  // filter byte 0, then RGB
        var raw: [UInt8] = []
        for _ in 0..<rowCount { raw += row }
        var data = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        let header = bigEndian(width, count: 4) + bigEndian(height, count: 4) + [8, 2, 0, 0, 0]
        data.append(pngChunk("IHDR", header))
        data.append(pngChunk("IDAT", zlibStored(raw, isFinal: endsStream)))
        if hasIEND { data.append(pngChunk("IEND", [])) }
        return data
    }

    /// `png` with its IHDR width and height replaced and the chunk's CRC fixed, so only the values
    /// are wrong.
    public static func png(_ png: Data, declaringWidth width: Int, height: Int) -> Data {
        var bytes = [UInt8](png)
        // After the signature: IHDR's length (8…11), type (12…15), width (16…19), height (20…23).
        bytes.replaceSubrange(16..<24, with: bigEndian(width, count: 4) + bigEndian(height, count: 4))
        bytes.replaceSubrange(29..<33, with: bigEndian(Int(crc32(bytes[12..<29])), count: 4))
        return Data(bytes)
    }

    /// A PNG chunk: length, type, data, CRC-32 of type and data.
    static func pngChunk(_ type: String, _ body: [UInt8]) -> Data {
        let typeAndBody = Array(type.utf8) + body
        return Data(bigEndian(body.count, count: 4) + typeAndBody + bigEndian(Int(crc32(typeAndBody)), count: 4))
    }

    /// A zlib stream of stored (uncompressed) deflate blocks; without `isFinal` the last block is
    /// not marked final and the Adler-32 trailer is missing, so the stream never ends.
    static func zlibStored(_ bytes: [UInt8], isFinal: Bool) -> [UInt8] {
        var out: [UInt8] = [0x78, 0x01]
        var blocks = stride(from: 0, to: bytes.count, by: 65_535).map { bytes[$0..<min($0 + 65_535, bytes.count)] }
        if blocks.isEmpty { blocks = [[]] }
        for (index, block) in blocks.enumerated() {
            let isLast = isFinal && index == blocks.count - 1
            out.append(isLast ? 1 : 0)
            out += [UInt8(block.count & 0xFF), UInt8(block.count >> 8)]
            out += [UInt8(~block.count & 0xFF), UInt8((~block.count >> 8) & 0xFF)]
            out += block
        }
        if isFinal { out += bigEndian(Int(adler32(bytes)), count: 4) }
        return out
    }

    static func crc32(_ bytes: some Collection<UInt8>) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }

    static func adler32(_ bytes: [UInt8]) -> UInt32 {
        var a: UInt32 = 1
        var b: UInt32 = 0
        for byte in bytes {
            a = (a + UInt32(byte)) % 65_521
            b = (b + a) % 65_521
        }
        return b << 16 | a
    }
}
