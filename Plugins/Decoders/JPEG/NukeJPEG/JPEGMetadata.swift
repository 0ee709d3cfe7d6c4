// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

internal import NukeCore
internal import NukeImaging

#if canImport(FoundationEssentials)
    internal import FoundationEssentials
#else
    internal import Foundation
#endif

/// What NukeJPEG reads from a JPEG's marker segments itself: the EXIF orientation and embedded
/// thumbnail, the ICC profile (reassembled from its APP2 chunks) and where the first scan starts.
struct JPEGMetadata {
    /// The EXIF orientation tag's value, 1…8.
    var orientation: Int?
    /// Where the EXIF thumbnail (a JPEG) lies in the data, if the file embeds one.
    var exifThumbnailRange: Range<Int>?
    /// Where the EXIF segment's TIFF structure lies in the data, if it has a valid header.
    var exifRange: Range<Int>?
    var iccProfile: Data?
    /// The offset of the first SOS marker, if the data reaches it.
    var firstScanOffset: Int?

    init(_ data: Data) {
        // Header segments live in the first megabyte; read them in place, without a copy.
        self = data.withUnsafeBytes { raw in
            JPEGMetadata(segments: UnsafeBufferPointer(rebasing: raw.bindMemory(to: UInt8.self).prefix(1 << 20)))
        }
    }

    private init(segments bytes: UnsafeBufferPointer<UInt8>) {
        guard bytes.count >= 4, bytes[0] == 0xFF, bytes[1] == 0xD8 else { return }
        var iccChunks: [Int: [UInt8]] = [:]
        var offset = 2
        while offset + 4 <= bytes.count {
            guard bytes[offset] == 0xFF else { break }
            let marker = bytes[offset + 1]
            if marker == 0xFF {  // Fill bytes.
                offset += 1
                continue
            }
            if marker == 0xD8 || (0xD0...0xD7).contains(marker) || marker == 0x01 {
                offset += 2
                continue
            }
            if marker == 0xDA {
                firstScanOffset = offset
                break
            }
            if marker == 0xD9 { break }
            let length = bytes.bigEndianInteger(at: offset + 2, size: 2)
            guard length >= 2, offset + 2 + length <= bytes.count else { break }
            let payload = bytes[(offset + 4)..<(offset + 2 + length)]
            if marker == 0xE1, payload.starts(with: Array("Exif\0\0".utf8)),
                let exif = EXIFStructure(Array(payload.dropFirst(6)))
            {
                orientation = exif.orientation
                let tiffStart = offset + 4 + 6
                exifRange = tiffStart..<(offset + 2 + length)
                exifThumbnailRange = exif.thumbnailRange.map {
                    ($0.lowerBound + tiffStart)..<($0.upperBound + tiffStart)
                }
            } else if marker == 0xE2, payload.starts(with: Array("ICC_PROFILE\0".utf8)), payload.count > 14 {
                let sequence = Int(payload[payload.startIndex + 12])
                iccChunks[sequence] = Array(payload.dropFirst(14))
            }
            offset += 2 + length
        }
        if !iccChunks.isEmpty {
            iccProfile = Data(iccChunks.keys.sorted().flatMap { iccChunks[$0]! })
        }
    }

    /// The number of scans whose data has fully arrived: scans are counted by their SOS markers
    /// after the first one, and a scan is complete once the next SOS (or the EOI) is in the data.
    static func completedScanCount(_ data: Data, firstScanOffset: Int) -> Int {
        var markers = 0
        var sawEnd = false
        data.withUnsafeBytes { buffer in
            let bytes = buffer.bindMemory(to: UInt8.self)
            var index = firstScanOffset
            while index + 1 < bytes.count {
                if bytes[index] == 0xFF {
                    let next = bytes[index + 1]
                    if next == 0xDA {
                        markers += 1
                    } else if next == 0xD9 {
                        sawEnd = true
                        break
                    }
                    if next != 0 { index += 1 }
                }
                index += 1
            }
        }
        return sawEnd ? markers : max(0, markers - 1)
    }
}
