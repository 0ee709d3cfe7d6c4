// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

/// GIF: drops comment extensions and application extensions other than the loop count
/// (`NETSCAPE2.0`, `ANIMEXTS1.0`), such as XMP; keeps every frame and its graphic control.
enum GIFMetadata {
    static func strip(_ bytes: [UInt8]) throws(MetadataStripper.Failure) -> [UInt8] {
        guard bytes.count >= 13, bytes.starts(with: Array("GIF".utf8)) else { throw failure("no GIF header") }
        var offset = 13 + colorTableSize(flags: bytes[10])
        guard offset <= bytes.count else { throw failure("global colour table past the end") }
        var output = Array(bytes[..<offset])
        while offset < bytes.count {
            switch bytes[offset] {
            case 0x3B:  // trailer
                return output + [0x3B]
            case 0x2C:  // image: descriptor, local colour table, LZW code size, data sub-blocks
                guard offset + 10 <= bytes.count else { throw failure("image descriptor past the end") }
                let start = offset
                offset += 10 + colorTableSize(flags: bytes[offset + 9])
                guard offset < bytes.count else { throw failure("image data past the end") }
                offset = try skipSubBlocks(bytes, from: offset + 1)
                output += bytes[start..<offset]
            case 0x21:  // extension: label, then sub-blocks
                guard offset + 2 <= bytes.count else { throw failure("extension past the end") }
                let start = offset
                let label = bytes[offset + 1]
                offset = try skipSubBlocks(bytes, from: offset + 2)
                if !isMetadata(label: label, extension: bytes[start..<offset]) { output += bytes[start..<offset] }
            default:
                throw failure("unknown block 0x\(String(bytes[offset], radix: 16)) at byte \(offset)")
            }
        }
        throw failure("no trailer")
    }

    private static func colorTableSize(flags: UInt8) -> Int {
        flags & 0x80 == 0 ? 0 : 3 << (Int(flags & 0x07) + 1)
    }

    /// The offset after the sub-blocks starting at `offset` and their terminator.
    private static func skipSubBlocks(_ bytes: [UInt8], from offset: Int) throws(MetadataStripper.Failure) -> Int {
        var offset = offset
        while offset < bytes.count {
            let size = Int(bytes[offset])
            offset += 1 + size
            if size == 0 { return offset }
        }
        throw failure("data sub-blocks past the end")
    }

    private static func isMetadata(label: UInt8, extension block: ArraySlice<UInt8>) -> Bool {
        switch label {
        case 0xFE: return true  // comment
        case 0xFF:  // application: keep the loop count
            let identifier = String(decoding: block.dropFirst(3).prefix(11), as: UTF8.self)
            return identifier != "NETSCAPE2.0" && identifier != "ANIMEXTS1.0"
        default: return false
        }
    }

    private static func failure(_ reason: String) -> MetadataStripper.Failure {
        MetadataStripper.Failure(description: "malformed GIF: \(reason)")
    }
}
