// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

/// The TIFF structure inside an EXIF APP1 segment, read as far as NukeJPEG needs: IFD0's
/// orientation and IFD1's embedded JPEG thumbnail. Every offset is checked; anything malformed
/// reads as absent.
struct EXIFStructure {
    private let tiff: [UInt8]
    private let littleEndian: Bool

    /// Reads the TIFF header (`II*` or `MM*`); `nil` if it is not one.
    init?(_ tiff: [UInt8]) {
        guard tiff.count >= 8 else { return nil }
        switch (tiff[0], tiff[1]) {
        case (0x49, 0x49): littleEndian = true
        case (0x4D, 0x4D): littleEndian = false
        default: return nil
        }
        self.tiff = tiff
    }

    /// The Orientation tag (0x0112) of IFD0, if present and 1…8.
    var orientation: Int? {
        guard let ifd0 = read(4, 4), let entry = entry(0x0112, inIFDAt: ifd0), entry.type == 3,
            let value = read(entry.position + 8, 2)
        else { return nil }
        return (1...8).contains(value) ? value : nil
    }

    /// Where IFD1's JPEG thumbnail lies in the TIFF bytes (JPEGInterchangeFormat, 0x0201, and its
    /// length, 0x0202), if IFD1 has one that lies inside them.
    var thumbnailRange: Range<Int>? {
        guard let ifd0 = read(4, 4), let count = read(ifd0, 2), let ifd1 = read(ifd0 + 2 + count * 12, 4), ifd1 > 0,
            let start = longValue(0x0201, inIFDAt: ifd1), let length = longValue(0x0202, inIFDAt: ifd1),
            length > 0, start > 0, start <= tiff.count - length
        else { return nil }
        return start..<start + length
    }

    /// The value of a LONG (or SHORT) tag in the IFD at `offset`.
    private func longValue(_ tag: Int, inIFDAt offset: Int) -> Int? {
        guard let entry = entry(tag, inIFDAt: offset) else { return nil }
        switch entry.type {
        case 3: return read(entry.position + 8, 2)
        case 4: return read(entry.position + 8, 4)
        default: return nil
        }
    }

    /// The entry of `tag` in the IFD at `offset`: where it starts and its type.
    private func entry(_ tag: Int, inIFDAt offset: Int) -> (position: Int, type: Int)? {
        guard let count = read(offset, 2) else { return nil }
        for index in 0..<min(count, 512) {
            let position = offset + 2 + index * 12
            guard let entryTag = read(position, 2), let type = read(position + 2, 2) else { return nil }
            if entryTag == tag { return (position, type) }
        }
        return nil
    }

    /// The unsigned integer of `size` bytes at `offset`, in the structure's byte order.
    private func read(_ offset: Int, _ size: Int) -> Int? {
        guard offset >= 0, offset <= tiff.count - size else { return nil }
        var value = 0
        for index in 0..<size {
            value = value << 8 | Int(tiff[offset + (littleEndian ? size - 1 - index : index)])
        }
        return value
    }
}
