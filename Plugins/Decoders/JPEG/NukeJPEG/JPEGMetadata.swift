// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

#if canImport(FoundationEssentials)
    internal import FoundationEssentials
#else
    internal import Foundation
#endif

/// What NukeJPEG reads from a JPEG's marker segments itself: the EXIF orientation, the ICC
/// profile (reassembled from its APP2 chunks) and where the first scan starts.
struct JPEGMetadata {
    /// The EXIF orientation tag's value, 1…8.
    var orientation: Int?
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
            let length = Int(bytes[offset + 2]) << 8 | Int(bytes[offset + 3])
            guard length >= 2, offset + 2 + length <= bytes.count else { break }
            let payload = bytes[(offset + 4)..<(offset + 2 + length)]
            if marker == 0xE1, payload.starts(with: Array("Exif\0\0".utf8)) {
                orientation = Self.exifOrientation(Array(payload.dropFirst(6)))
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

    /// The Orientation tag (0x0112) of IFD0 in a TIFF structure, if present and valid.
    static func exifOrientation(_ tiff: [UInt8]) -> Int? {
        guard tiff.count >= 8 else { return nil }
        let littleEndian: Bool
        switch (tiff[0], tiff[1]) {
        case (0x49, 0x49): littleEndian = true
        case (0x4D, 0x4D): littleEndian = false
        default: return nil
        }
        func read(_ offset: Int, _ size: Int) -> Int? {
            guard offset >= 0, offset + size <= tiff.count else { return nil }
            var value = 0
            for index in 0..<size {
                let byte = Int(tiff[offset + (littleEndian ? size - 1 - index : index)])
                value = value << 8 | byte
            }
            return value
        }
        guard let ifd = read(4, 4), let count = read(ifd, 2) else { return nil }
        for entry in 0..<min(count, 512) {
            let position = ifd + 2 + entry * 12
            guard let tag = read(position, 2) else { return nil }
            if tag == 0x0112, let type = read(position + 2, 2), type == 3, let value = read(position + 8, 2) {
                return (1...8).contains(value) ? value : nil
            }
        }
        return nil
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
