// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

internal import NukeCore

#if canImport(FoundationEssentials)
    public import FoundationEssentials
#else
    public import Foundation
#endif

extension HostileImages {
    /// A little-endian TIFF of 8-bit RGB whose one directory declares `width × height` (up to
    /// 2³² − 1 each) in one uncompressed strip of `stripBytes` bytes (by default what the size
    /// needs, saturated at 2³² − 1), followed by only 64 bytes of pixels.
    public static func tiff(width: Int, height: Int, stripBytes: Int? = nil) -> Data {
        let (pixels, overflow) = width.multipliedReportingOverflow(by: height)
        let needed = overflow || pixels > Int(UInt32.max) / 3 ? Int(UInt32.max) : pixels * 3
        let entries: [(tag: UInt16, type: UInt16, value: UInt32)] = [
            (256, 4, UInt32(width)),  // ImageWidth, LONG
            (257, 4, UInt32(height)),  // ImageLength
            (258, 3, 8),  // BitsPerSample (one value for every sample)
            (259, 3, 1),  // Compression: none
            (262, 3, 2),  // Photometric: RGB
            (273, 4, 8 + 2 + 9 * 12 + 4),  // StripOffsets: right after the directory
            (277, 3, 3),  // SamplesPerPixel
            (278, 4, UInt32(height)),  // RowsPerStrip: one strip
            (279, 4, UInt32(stripBytes ?? needed)),  // StripByteCounts
        ]
        var bytes: [UInt8] = [0x49, 0x49, 0x2A, 0x00, 8, 0, 0, 0]
        func put(_ value: UInt32, _ count: Int) { bytes += [UInt8].littleEndian(Int(value), size: count) }
        put(UInt32(entries.count), 2)
        for entry in entries {
            put(UInt32(entry.tag), 2)
            put(UInt32(entry.type), 2)
            put(1, 4)
            put(entry.value, 4)  // SHORT values sit in the first two bytes, little-endian
        }
        put(0, 4)  // no next directory
        return Data(bytes + [UInt8](repeating: 0x80, count: 64))
    }
}
