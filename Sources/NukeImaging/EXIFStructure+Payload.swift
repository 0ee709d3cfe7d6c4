// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

internal import NukeCore

#if canImport(FoundationEssentials)
    public import FoundationEssentials
#else
    public import Foundation
#endif

extension EXIFStructure {
    /// The TIFF structure in an EXIF payload as image files store it: as it is (a PNG `eXIf`
    /// chunk, most WebP `EXIF` chunks), after `Exif\0\0` (some WebP writers), or after the
    /// 4-byte big-endian offset to it that HEIF and AVIF `Exif` items start with; `nil` when none
    /// of these leads to an `II*` or `MM*` header. This is what decoders keep under
    /// `UserInfoKey.exifKey`.
    public static func tiffPayload(of payload: Data) -> Data? {
        let bytes = [UInt8](payload)
        func hasHeader(at offset: Int) -> Bool {
            guard offset >= 0, bytes.count - offset >= 8 else { return false }
            let header = bytes[offset..<(offset + 4)]
            return header.elementsEqual([0x49, 0x49, 0x2A, 0x00]) || header.elementsEqual([0x4D, 0x4D, 0x00, 0x2A])
        }
        var start: Int?
        if hasHeader(at: 0) {
            start = 0
        } else if bytes.starts(with: Array("Exif\0\0".utf8)), hasHeader(at: 6) {
            start = 6
        } else if bytes.count >= 4 {
            let offset = bytes.bigEndianInteger(at: 0, size: 4)
            start = hasHeader(at: 4 + offset) ? 4 + offset : nil
        }
        return start.map { Data(bytes[$0...]) }
    }
}
