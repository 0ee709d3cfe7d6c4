// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

/// WebP: drops the `ICCP`, `EXIF` and `XMP ` chunks, clears their flags in `VP8X` and rewrites the
/// RIFF size; frames, alpha and animation parameters are kept.
enum WebPMetadata {
    private static let metadataChunks: Set<String> = ["ICCP", "EXIF", "XMP "]
    /// `VP8X` flags: ICC profile, EXIF, XMP.
    private static let metadataFlags: UInt8 = 0x20 | 0x08 | 0x04

    static func strip(_ bytes: [UInt8]) throws(MetadataStripper.Failure) -> [UInt8] {
        guard bytes.count >= 12, bytes.starts(with: Array("RIFF".utf8)), Array(bytes[8..<12]) == Array("WEBP".utf8)
        else { throw failure("no RIFF WEBP header") }
        var body = Array("WEBP".utf8)
        var offset = 12
        while offset + 8 <= bytes.count {
            let type = String(decoding: bytes[offset..<(offset + 4)], as: UTF8.self)
            let size = bytes[(offset + 4)..<(offset + 8)].reversed().reduce(0) { $0 << 8 | Int($1) }
            let padded = size + (size & 1)
            guard offset + 8 + size <= bytes.count else { throw failure("chunk past the end") }
            let end = min(bytes.count, offset + 8 + padded)
            if !metadataChunks.contains(type) {
                var chunk = Array(bytes[offset..<end])
                if type == "VP8X", chunk.count > 8 { chunk[8] &= ~metadataFlags }
                body += chunk
            }
            offset = end
        }
        let size = body.count
        return Array("RIFF".utf8) + [
            UInt8(size & 0xFF), UInt8(size >> 8 & 0xFF), UInt8(size >> 16 & 0xFF), UInt8(size >> 24),
        ]
            + body
    }

    private static func failure(_ reason: String) -> MetadataStripper.Failure {
        MetadataStripper.Failure(description: "malformed WebP: \(reason)")
    }
}
