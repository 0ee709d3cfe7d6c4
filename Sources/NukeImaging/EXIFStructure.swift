// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

internal import NukeCore

/// The TIFF structure of an EXIF block (a JPEG's APP1 `Exif` payload after `Exif\0\0`, a PNG
/// `eXIf` chunk, `UserInfoKey.exifKey`): its image file directories (IFDs) read as far as
/// decoders and servers need. Every offset is checked; anything malformed reads as absent.
public struct EXIFStructure: Sendable {
    /// The block's bytes, from its `II` or `MM` header.
    public internal(set) var bytes: [UInt8]
    /// Whether the block is little-endian (`II`) rather than big-endian (`MM`).
    public let isLittleEndian: Bool

    /// An entry of a directory: where its 12 bytes start, its type (3 SHORT, 4 LONG, 2 ASCII, …)
    /// and its count of values.
    public struct Entry: Hashable, Sendable {
        /// The offset of the entry's tag in ``EXIFStructure/bytes``; its value or the value's
        /// offset is 8 bytes further.
        public var position: Int
        /// The TIFF field type.
        public var type: Int
        /// The number of values.
        public var count: Int
    }

    /// Reads the TIFF header (`II*` or `MM*`); `nil` if it is not one.
    public init?(_ bytes: [UInt8]) {
        guard bytes.count >= 8 else { return nil }
        switch (bytes[0], bytes[1]) {
        case (0x49, 0x49): isLittleEndian = true
        case (0x4D, 0x4D): isLittleEndian = false
        default: return nil
        }
        self.bytes = bytes
    }

    /// Where IFD0 starts, if that lies inside the block.
    public var firstDirectoryOffset: Int? {
        unsignedInteger(at: 4, size: 4).flatMap { unsignedInteger(at: $0, size: 2) != nil ? $0 : nil }
    }

    /// Where the offset of the directory after the one at `offset` is stored.
    public func nextDirectoryLink(ofDirectoryAt offset: Int) -> Int? {
        unsignedInteger(at: offset, size: 2).map { offset + 2 + $0 * 12 }
    }

    /// Where the directory after the one at `offset` starts (0 when there is none).
    public func nextDirectoryOffset(after offset: Int) -> Int? {
        nextDirectoryLink(ofDirectoryAt: offset).flatMap { unsignedInteger(at: $0, size: 4) }
    }

    /// The entry of `tag` in the directory at `offset` (at most its first 512 entries are read).
    public func entry(_ tag: Int, inDirectoryAt offset: Int) -> Entry? {
        guard let count = unsignedInteger(at: offset, size: 2) else { return nil }
        for index in 0..<min(count, 512) {
            let position = offset + 2 + index * 12
            guard let entryTag = unsignedInteger(at: position, size: 2),
                let type = unsignedInteger(at: position + 2, size: 2),
                let valueCount = unsignedInteger(at: position + 4, size: 4)
            else { return nil }
            if entryTag == tag { return Entry(position: position, type: type, count: valueCount) }
        }
        return nil
    }

    /// The value of a SHORT or LONG `tag` in the directory at `offset`.
    public func integer(_ tag: Int, inDirectoryAt offset: Int) -> Int? {
        guard let entry = entry(tag, inDirectoryAt: offset) else { return nil }
        switch entry.type {
        case 3: return unsignedInteger(at: entry.position + 8, size: 2)
        case 4: return unsignedInteger(at: entry.position + 8, size: 4)
        default: return nil
        }
    }

    /// The value of an ASCII `tag` in the directory at `offset`, without its trailing NULs, at
    /// most 4,096 bytes; `nil` when absent, empty or outside the block.
    public func ascii(_ tag: Int, inDirectoryAt offset: Int) -> [UInt8]? {
        guard let entry = entry(tag, inDirectoryAt: offset), entry.type == 2, (1...4096).contains(entry.count)
        else { return nil }
        let start = entry.count <= 4 ? entry.position + 8 : unsignedInteger(at: entry.position + 8, size: 4) ?? -1
        guard start >= 0, start <= bytes.count - entry.count else { return nil }
        var value = Array(bytes[start..<start + entry.count])
        while value.last == 0 { value.removeLast() }
        return value.isEmpty ? nil : value
    }

    /// IFD0's Orientation tag (0x0112), if present and 1…8.
    public var orientation: Int? {
        guard let ifd0 = firstDirectoryOffset, let entry = entry(0x0112, inDirectoryAt: ifd0), entry.type == 3,
            let value = unsignedInteger(at: entry.position + 8, size: 2)
        else { return nil }
        return (1...8).contains(value) ? value : nil
    }

    /// Where IFD1's JPEG thumbnail lies in ``bytes`` (JPEGInterchangeFormat, 0x0201, and its
    /// length, 0x0202), if IFD1 has one that lies inside them.
    public var thumbnailRange: Range<Int>? {
        guard let ifd0 = firstDirectoryOffset, let ifd1 = nextDirectoryOffset(after: ifd0), ifd1 > 0,
            let start = integer(0x0201, inDirectoryAt: ifd1), let length = integer(0x0202, inDirectoryAt: ifd1),
            length > 0, start > 0, start <= bytes.count - length
        else { return nil }
        return start..<start + length
    }

    /// The unsigned integer of `size` bytes at `offset` in the block's byte order, if inside it.
    public func unsignedInteger(at offset: Int, size: Int) -> Int? {
        guard offset >= 0, (1...4).contains(size), offset <= bytes.count - size else { return nil }
        return isLittleEndian
            ? bytes.littleEndianInteger(at: offset, size: size) : bytes.bigEndianInteger(at: offset, size: size)
    }
}
