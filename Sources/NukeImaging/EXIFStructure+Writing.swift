// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

internal import NukeCore

extension EXIFStructure {
    /// Writes `value`'s low `size` bytes at `offset` in the block's byte order; nothing when the
    /// field is not inside the block.
    public mutating func write(_ value: Int, at offset: Int, size: Int) {
        guard offset >= 0, (1...4).contains(size), offset <= bytes.count - size else { return }
        let field: [UInt8] = isLittleEndian ? .littleEndian(value, size: size) : .bigEndian(value, size: size)
        bytes.replaceSubrange(offset..<(offset + size), with: field)
    }

    /// Zeroes the bytes in `range` (clamped to the block), such as a thumbnail's.
    public mutating func zero(_ range: Range<Int>) {
        let range = range.clamped(to: 0..<bytes.count)
        bytes.replaceSubrange(range, with: repeatElement(0, count: range.count))
    }

    /// A little-endian block whose IFD0 holds `fields`: ASCII values under ascending tags, each
    /// value without its terminating zero.
    public static func block(asciiFields fields: [(tag: Int, value: [UInt8])]) -> EXIFStructure {
        var output: [UInt8] = [0x49, 0x49, 0x2A, 0x00, 8, 0, 0, 0]
        func append(_ value: Int, size: Int) { output += .littleEndian(value, size: size) }
        var values: [UInt8] = []
        var valueOffset = 8 + 2 + fields.count * 12 + 4
        append(fields.count, size: 2)
        for (tag, value) in fields {
            let text = value + [0]
            append(tag, size: 2)
            append(2, size: 2)
            append(text.count, size: 4)
            if text.count <= 4 {
                output += text + repeatElement(0, count: 4 - text.count)
            } else {
                append(valueOffset, size: 4)
                let padded = text + (text.count.isMultiple(of: 2) ? [] : [0])
                values += padded
                valueOffset += padded.count
            }
        }
        append(0, size: 4)
        return EXIFStructure(littleEndianBytes: output + values)
    }

    private init(littleEndianBytes bytes: [UInt8]) {
        self.bytes = bytes
        self.isLittleEndian = true
    }
}
