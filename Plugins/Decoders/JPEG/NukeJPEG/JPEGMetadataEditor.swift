// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

internal import NukeCore
public import NukeImaging

#if canImport(FoundationEssentials)
    public import FoundationEssentials
#else
    public import Foundation
#endif

/// Edits a JPEG's metadata segments before its first scan: EXIF and XMP (APP1), the ICC profile
/// (APP2 `ICC_PROFILE` chunks), and as `MetadataKinds.other` comments and APP3–APP13 and APP15
/// (IPTC among them). APP0 (JFIF) and APP14 (Adobe, which says how to convert colours) always
/// stay; the scans are copied as they are.
public struct JPEGMetadataEditor: ImageMetadataEditing {
    /// Creates the editor.
    public init() {}

    /// The largest EXIF block one APP1 segment holds after its `Exif\0\0`.
    public static let maximumEXIFSize = 0xFFFF - 2 - 6
    /// The most profile bytes one APP2 chunk holds after `ICC_PROFILE\0` and its two counters.
    static let iccChunkSize = 0xFFFF - 2 - 14

    /// The file without the segments of `kinds`.
    public func removing(_ kinds: MetadataKinds, from data: Data) throws(MetadataEditingError) -> Data {
        let file = try JPEGSegments([UInt8](data))
        return Data(file.rebuilt(removing: kinds, inserting: [], afterLeading: []))
    }

    /// The file with one APP1 `Exif` segment holding `exif`, after the JFIF header.
    public func settingEXIF(_ exif: Data, in data: Data) throws(MetadataEditingError) -> Data {
        guard exif.count <= Self.maximumEXIFSize else {
            throw MetadataEditingError(format: "JPEG", reason: .tooLarge(size: exif.count, limit: Self.maximumEXIFSize))
        }
        let file = try JPEGSegments([UInt8](data))
        let segment = exif.isEmpty ? [] : JPEGSegments.segment(0xE1, payload: Array("Exif\0\0".utf8) + exif)
        return Data(file.rebuilt(removing: .exif, inserting: segment, afterLeading: [0xE0]))
    }

    /// The file with `profile` in APP2 `ICC_PROFILE` chunks, after the JFIF and EXIF headers.
    public func settingICCProfile(_ profile: Data, in data: Data) throws(MetadataEditingError) -> Data {
        let limit = 255 * Self.iccChunkSize
        guard profile.count <= limit else {
            throw MetadataEditingError(format: "JPEG", reason: .tooLarge(size: profile.count, limit: limit))
        }
        let file = try JPEGSegments([UInt8](data))
        let bytes = [UInt8](profile)
        let chunks = stride(from: 0, to: bytes.count, by: Self.iccChunkSize).map {
            bytes[$0..<min(bytes.count, $0 + Self.iccChunkSize)]
        }
        let segments = chunks.enumerated().flatMap { index, chunk in
            JPEGSegments.segment(
                0xE2,
                payload: Array("ICC_PROFILE\0".utf8) + [UInt8(index + 1), UInt8(chunks.count)] + chunk
            )
        }
        return Data(file.rebuilt(removing: .iccProfile, inserting: segments, afterLeading: [0xE0, 0xE1]))
    }
}

/// A JPEG's marker segments up to its first scan, each with the kind of metadata it holds.
struct JPEGSegments {
    private let bytes: [UInt8]
    /// Each segment's marker and its bytes from `FF` to the end of its payload.
    private var segments: [(marker: UInt8, range: Range<Int>)] = []
    /// Where the first SOS marker starts: from there on everything is copied.
    private var scanStart = 0

    init(_ bytes: [UInt8]) throws(MetadataEditingError) {
        self.bytes = bytes
        guard bytes.count >= 4, bytes[0] == 0xFF, bytes[1] == 0xD8 else { throw Self.malformed("no SOI marker") }
        var offset = 2
        while offset + 4 <= bytes.count {
            guard bytes[offset] == 0xFF else { throw Self.malformed("no marker at byte \(offset)") }
            let marker = bytes[offset + 1]
            if marker == 0xFF {  // fill byte
                offset += 1
                continue
            }
            let length = bytes.bigEndianInteger(at: offset + 2, size: 2)
            guard length >= 2, offset + 2 + length <= bytes.count else { throw Self.malformed("segment past the end") }
            if marker == 0xDA {
                scanStart = offset
                return
            }
            segments.append((marker, offset..<(offset + 2 + length)))
            offset += 2 + length
        }
        throw Self.malformed("no scan")
    }

    /// A segment with `marker` and `payload`; the caller keeps the payload under 65,534 bytes.
    static func segment(_ marker: UInt8, payload: [UInt8]) -> [UInt8] {
        [0xFF, marker] + .bigEndian(payload.count + 2, size: 2) + payload
    }

    /// The file without the segments of `kinds`, with `insertion` placed after the run of
    /// segments with markers in `leading` that follows SOI.
    func rebuilt(removing kinds: MetadataKinds, inserting insertion: [UInt8], afterLeading leading: Set<UInt8>)
        -> [UInt8]
    {
        let kept = segments.filter { kinds.isDisjoint(with: kind(of: $0)) }
        let split = kept.firstIndex { !leading.contains($0.marker) } ?? kept.count
        var output: [UInt8] = [0xFF, 0xD8]
        for segment in kept[..<split] { output += bytes[segment.range] }
        output += insertion
        for segment in kept[split...] { output += bytes[segment.range] }
        return output + bytes[scanStart...]
    }

    /// The kind of metadata a segment holds; empty for segments decoding needs.
    private func kind(of segment: (marker: UInt8, range: Range<Int>)) -> MetadataKinds {
        let payload = bytes[(segment.range.lowerBound + 4)..<segment.range.upperBound]
        switch segment.marker {
        case 0xE1 where payload.starts(with: "Exif\0\0".utf8): return .exif
        case 0xE1 where payload.starts(with: "http://ns.adobe.com/x".utf8): return .xmp
        case 0xE2 where payload.starts(with: "ICC_PROFILE\0".utf8): return .iccProfile
        case 0xE1...0xED, 0xEF, 0xFE: return .other
        default: return []
        }
    }

    private static func malformed(_ detail: String) -> MetadataEditingError {
        MetadataEditingError(format: "JPEG", reason: .malformed(detail))
    }
}
