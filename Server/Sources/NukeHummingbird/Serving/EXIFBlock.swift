// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

import Foundation

/// The EXIF a result keeps (imgproxy's `sm` and `kcr`), made from a source's TIFF structure (the
/// bytes under `UserInfoKey.exifKey`). Every offset is checked; a malformed block keeps nothing.
struct EXIFBlock {
    private var tiff: [UInt8]
    private let littleEndian: Bool
    /// Where IFD0 starts.
    private var ifd0 = 0

    /// The largest block kept: what one JPEG APP1 segment holds after its `Exif\0\0`.
    static let maximumSize = 65_527

    /// Reads the TIFF header (`II*` or `MM*`) and finds IFD0; `nil` if either is missing.
    init?(_ data: Data) {
        guard data.count >= 8, data.count <= Self.maximumSize else { return nil }
        tiff = Array(data)
        switch (tiff[0], tiff[1]) {
        case (0x49, 0x49): littleEndian = true
        case (0x4D, 0x4D): littleEndian = false
        default: return nil
        }
        guard let offset = read(4, 4), read(offset, 2) != nil else { return nil }
        ifd0 = offset
    }

    /// The whole block, for `sm:0`, with its orientation set to 1 (the pixels are turned as the
    /// orientation said, or kept as stored with `ar:0`), and IFD1 dropped with its thumbnail's
    /// bytes zeroed: the thumbnail shows the uncropped source.
    func keepingAll() -> Data {
        var block = self
        if let entry = entry(0x0112), entry.type == 3 { block.write(1, at: entry.position + 8, size: 2) }
        if let ifd1 = nextIFDOffset, ifd1 > 0 {
            if let thumbnail = thumbnailRange(inIFDAt: ifd1) {
                block.tiff.replaceSubrange(thumbnail, with: repeatElement(0, count: thumbnail.count))
            }
            block.write(0, at: ifd0 + 2 + entryCount * 12, size: 4)
        }
        return Data(block.tiff)
    }

    /// A new block of IFD0's Artist (0x013B) and Copyright (0x8298) only, for `kcr`; `nil` when
    /// the source has neither.
    func keepingCopyright() -> Data? {
        let fields = [0x013B, 0x8298].compactMap { tag in ascii(tag).map { (tag, $0) } }
        guard !fields.isEmpty else { return nil }
        return Self.block(asciiFields: fields)
    }

    /// A little-endian TIFF structure whose IFD0 holds `fields` (ascending tags, ASCII values).
    static func block(asciiFields fields: [(tag: Int, value: [UInt8])]) -> Data {
        var output: [UInt8] = [0x49, 0x49, 0x2A, 0x00, 8, 0, 0, 0]
        func append(_ value: Int, size: Int) {
            for index in 0..<size { output.append(UInt8(truncatingIfNeeded: value >> (8 * index))) }
        }
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
        return Data(output + values)
    }

    // MARK: Reading

    private var entryCount: Int { min(read(ifd0, 2) ?? 0, 512) }

    /// The IFD0 entry of `tag`: where it starts and its type.
    private func entry(_ tag: Int, inIFDAt offset: Int? = nil) -> (position: Int, type: Int, count: Int)? {
        let offset = offset ?? ifd0
        guard let count = read(offset, 2) else { return nil }
        for index in 0..<min(count, 512) {
            let position = offset + 2 + index * 12
            guard let entryTag = read(position, 2), let type = read(position + 2, 2),
                let valueCount = read(position + 4, 4)
            else { return nil }
            if entryTag == tag { return (position, type, valueCount) }
        }
        return nil
    }

    /// The SHORT or LONG value of `tag` in IFD0 (or the IFD at `offset`), if present.
    func integer(_ tag: Int, inIFDAt offset: Int? = nil) -> Int? {
        guard let entry = entry(tag, inIFDAt: offset) else { return nil }
        switch entry.type {
        case 3: return read(entry.position + 8, 2)
        case 4: return read(entry.position + 8, 4)
        default: return nil
        }
    }

    /// Where the IFD after IFD0 starts (0 for none).
    var nextIFDOffset: Int? { read(ifd0 + 2 + entryCount * 12, 4) }

    /// IFD0's ASCII value of `tag` without its trailing NULs, at most 4,096 bytes; `nil` when
    /// absent, empty or out of bounds.
    func ascii(_ tag: Int) -> [UInt8]? {
        guard let entry = entry(tag), entry.type == 2, entry.count > 0, entry.count <= 4096 else { return nil }
        let start = entry.count <= 4 ? entry.position + 8 : read(entry.position + 8, 4) ?? -1
        guard start >= 0, start <= tiff.count - entry.count else { return nil }
        var value = Array(tiff[start..<start + entry.count])
        while value.last == 0 { value.removeLast() }
        return value.isEmpty ? nil : value
    }

    /// Where the JPEG thumbnail of the IFD at `offset` lies, if it lies inside the block.
    private func thumbnailRange(inIFDAt offset: Int) -> Range<Int>? {
        guard let start = integer(0x0201, inIFDAt: offset), let length = integer(0x0202, inIFDAt: offset), start > 0,
            length > 0, start <= tiff.count - length
        else { return nil }
        return start..<start + length
    }

    /// The unsigned integer of `size` bytes at `offset`, in the block's byte order.
    private func read(_ offset: Int, _ size: Int) -> Int? {
        guard offset >= 0, offset <= tiff.count - size else { return nil }
        var value = 0
        for index in 0..<size {
            value = value << 8 | Int(tiff[offset + (littleEndian ? size - 1 - index : index)])
        }
        return value
    }

    private mutating func write(_ value: Int, at offset: Int, size: Int) {
        guard offset >= 0, offset <= tiff.count - size else { return }
        for index in 0..<size {
            let shift = 8 * (littleEndian ? index : size - 1 - index)
            tiff[offset + index] = UInt8(truncatingIfNeeded: value >> shift)
        }
    }
}
