// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

/// Reading and writing the fixed-size integers of file formats: the one home for byte order in
/// this package (JPEG and PNG are big-endian, RIFF/WebP and GIF little-endian, TIFF either).
extension Collection where Element == UInt8, Index == Int {
    /// The unsigned integer of `size` bytes at `offset` (an index of the collection), most
    /// significant byte first. The caller checks the bytes are there.
    package func bigEndianInteger<Result: FixedWidthInteger>(
        at offset: Int,
        size: Int,
        as _: Result.Type = Int.self
    ) -> Result {
        (offset..<(offset + size)).reduce(0) { $0 << 8 | Result(self[$1]) }
    }

    /// The unsigned integer of `size` bytes at `offset` (an index of the collection), least
    /// significant byte first. The caller checks the bytes are there.
    package func littleEndianInteger<Result: FixedWidthInteger>(
        at offset: Int,
        size: Int,
        as _: Result.Type = Int.self
    ) -> Result {
        (offset..<(offset + size)).reversed().reduce(0) { $0 << 8 | Result(self[$1]) }
    }
}

extension Array where Element == UInt8 {
    /// `value`'s low `size` bytes, most significant first.
    package static func bigEndian(_ value: Int, size: Int) -> [UInt8] {
        (0..<size).map { UInt8(truncatingIfNeeded: value >> (8 * (size - 1 - $0))) }
    }

    /// `value`'s low `size` bytes, least significant first.
    package static func littleEndian(_ value: Int, size: Int) -> [UInt8] {
        (0..<size).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) }
    }
}
