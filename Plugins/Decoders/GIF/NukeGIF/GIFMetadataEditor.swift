// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

public import NukeImaging

#if canImport(FoundationEssentials)
    public import FoundationEssentials
#else
    public import Foundation
#endif

/// Removes a GIF's metadata extensions: application extensions holding XMP (`XMP DataXMP`) or an
/// ICC profile (`ICCRGBG1012`), and as `MetadataKinds.other` comments and every other
/// application extension but the loop count's (`NETSCAPE2.0`, `ANIMEXTS1.0`). Every frame and its
/// graphic control stay. GIF has no place for EXIF, and profiles are not written into it.
public struct GIFMetadataEditor: ImageMetadataEditing {
    /// Creates the editor.
    public init() {}

    /// The file without the extensions of `kinds`.
    public func removing(_ kinds: MetadataKinds, from data: Data) throws(MetadataEditingError) -> Data {
        let bytes = [UInt8](data)
        guard bytes.count >= 13, bytes.starts(with: "GIF".utf8) else { throw Self.malformed("no GIF header") }
        var offset = 13 + Self.colorTableSize(flags: bytes[10])
        guard offset <= bytes.count else { throw Self.malformed("global colour table past the end") }
        var output = Array(bytes[..<offset])
        while offset < bytes.count {
            switch bytes[offset] {
            case 0x3B:  // trailer
                return Data(output + [0x3B])
            case 0x2C:  // image: descriptor, local colour table, LZW code size, data sub-blocks
                guard offset + 10 <= bytes.count else { throw Self.malformed("image descriptor past the end") }
                let start = offset
                offset += 10 + Self.colorTableSize(flags: bytes[offset + 9])
                guard offset < bytes.count else { throw Self.malformed("image data past the end") }
                offset = try Self.skipSubBlocks(bytes, from: offset + 1)
                output += bytes[start..<offset]
            case 0x21:  // extension: label, then sub-blocks
                guard offset + 2 <= bytes.count else { throw Self.malformed("extension past the end") }
                let start = offset
                offset = try Self.skipSubBlocks(bytes, from: offset + 2)
                if kinds.isDisjoint(with: Self.kind(of: bytes[start..<offset])) { output += bytes[start..<offset] }
            default:
                throw Self.malformed("unknown block 0x\(String(bytes[offset], radix: 16)) at byte \(offset)")
            }
        }
        throw Self.malformed("no trailer")
    }

    /// Refused: GIF has no place for EXIF.
    public func settingEXIF(_ exif: Data, in data: Data) throws(MetadataEditingError) -> Data {
        throw MetadataEditingError(format: "GIF", reason: .unsupported(.exif))
    }

    /// Refused: a GIF's colours are sRGB here; profiles are not written into GIFs.
    public func settingICCProfile(_ profile: Data, in data: Data) throws(MetadataEditingError) -> Data {
        throw MetadataEditingError(format: "GIF", reason: .unsupported(.iccProfile))
    }

    private static func colorTableSize(flags: UInt8) -> Int {
        flags & 0x80 == 0 ? 0 : 3 << (Int(flags & 0x07) + 1)
    }

    /// The offset after the sub-blocks starting at `offset` and their terminator.
    private static func skipSubBlocks(_ bytes: [UInt8], from offset: Int) throws(MetadataEditingError) -> Int {
        var offset = offset
        while offset < bytes.count {
            let size = Int(bytes[offset])
            offset += 1 + size
            if size == 0 { return offset }
        }
        throw malformed("data sub-blocks past the end")
    }

    /// The kind of metadata an extension block holds; empty for what decoding and looping need.
    private static func kind(of block: ArraySlice<UInt8>) -> MetadataKinds {
        switch block.dropFirst().first {
        case 0xFE: return .other  // comment
        case 0xFF:  // application: the identifier and authentication code
            switch String(decoding: block.dropFirst(3).prefix(11), as: UTF8.self) {
            case "NETSCAPE2.0", "ANIMEXTS1.0": return []
            case "XMP DataXMP": return .xmp
            case "ICCRGBG1012": return .iccProfile
            default: return .other
            }
        default: return []
        }
    }

    private static func malformed(_ detail: String) -> MetadataEditingError {
        MetadataEditingError(format: "GIF", reason: .malformed(detail))
    }
}
