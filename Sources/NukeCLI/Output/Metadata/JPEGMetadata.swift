// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

/// JPEG: drops the APP1–APP13 and APP15 segments (EXIF, XMP, ICC, IPTC, …) and comments before the
/// first scan; keeps APP0 (JFIF) and APP14 (Adobe, which says how to convert colours).
enum JPEGMetadata {
    static func strip(_ bytes: [UInt8]) throws(MetadataStripper.Failure) -> [UInt8] {
        guard bytes.count >= 4, bytes[0] == 0xFF, bytes[1] == 0xD8 else { throw failure("no SOI marker") }
        var output: [UInt8] = [0xFF, 0xD8]
        var offset = 2
        while offset + 4 <= bytes.count {
            guard bytes[offset] == 0xFF else { throw failure("no marker at byte \(offset)") }
            let marker = bytes[offset + 1]
            if marker == 0xFF {  // fill byte
                offset += 1
                continue
            }
            let length = Int(bytes[offset + 2]) << 8 | Int(bytes[offset + 3])
            guard length >= 2, offset + 2 + length <= bytes.count else { throw failure("segment past the end") }
            if marker == 0xDA {  // start of scan: the rest is entropy-coded data and later scans
                output += bytes[offset...]
                return output
            }
            let isMetadata = (0xE1...0xED).contains(marker) || marker == 0xEF || marker == 0xFE
            if !isMetadata { output += bytes[offset..<(offset + 2 + length)] }
            offset += 2 + length
        }
        throw failure("no scan")
    }

    private static func failure(_ reason: String) -> MetadataStripper.Failure {
        MetadataStripper.Failure(description: "malformed JPEG: \(reason)")
    }
}
