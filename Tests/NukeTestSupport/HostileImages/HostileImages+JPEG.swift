// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

#if canImport(FoundationEssentials)
    public import FoundationEssentials
#else
    public import Foundation
#endif

extension HostileImages {
    /// `jpeg` with the frame header (SOF0, SOF1 or SOF2) rewritten to declare `width × height`;
    /// the scan data stays that of the small original, so it ends long before the declared image.
    public static func jpeg(_ jpeg: Data, declaringWidth width: Int, height: Int) -> Data {
        var bytes = [UInt8](jpeg)
        guard let frame = markerSegments(bytes).first(where: { [0xC0, 0xC1, 0xC2].contains($0.marker) }) else {
            preconditionFailure("no SOF0/1/2 segment")
        }
        bytes.replaceSubrange(
            (frame.offset + 5)..<(frame.offset + 9),
            with: bigEndian(height, count: 2) + bigEndian(width, count: 2)
        )
        return Data(bytes)
    }

    /// The offsets of every SOS (start of scan) marker, in file order.
    public static func jpegScanOffsets(_ jpeg: Data) -> [Int] {
        let bytes = [UInt8](jpeg)
        return (0..<max(0, bytes.count - 1)).filter { bytes[$0] == 0xFF && bytes[$0 + 1] == 0xDA }
    }

    /// The first `length` bytes of `jpeg`, followed by an EOI marker when `endsWithEOI`: the
    /// entropy-coded data stops early, at a real end marker or at the end of the data.
    public static func jpeg(_ jpeg: Data, cutAt length: Int, endsWithEOI: Bool) -> Data {
        var data = Data(jpeg.prefix(length))
        if endsWithEOI { data.append(contentsOf: [0xFF, 0xD9]) }
        return data
    }

    /// The marker segments before the first scan: each marker's code and offset.
    private static func markerSegments(_ bytes: [UInt8]) -> [(marker: UInt8, offset: Int)] {
        var segments: [(marker: UInt8, offset: Int)] = []
        var offset = 2
        while offset + 3 < bytes.count, bytes[offset] == 0xFF {
            let marker = bytes[offset + 1]
            segments.append((marker, offset))
            if marker == 0xDA { break }
            offset += 2 + (Int(bytes[offset + 2]) << 8 | Int(bytes[offset + 3]))
        }
        return segments
    }
}
