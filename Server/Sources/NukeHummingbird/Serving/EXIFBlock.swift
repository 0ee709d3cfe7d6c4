// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

import Foundation
import Nuke

/// The EXIF a result keeps (imgproxy's `sm` and `kcr`), made from a source's block (the bytes
/// under `UserInfoKey.exifKey`), read by NukeCore's `EXIFStructure`. A malformed block keeps
/// nothing.
struct EXIFBlock {
    private let structure: EXIFStructure
    /// Where IFD0 starts.
    private let ifd0: Int

    /// The largest block kept: what one JPEG APP1 segment holds after its `Exif\0\0`.
    static let maximumSize = 65_527

    /// Reads the block; `nil` without a TIFF header and an IFD0, or past ``maximumSize``.
    init?(_ data: Data) {
        guard data.count <= Self.maximumSize, let structure = EXIFStructure(Array(data)),
            let ifd0 = structure.firstDirectoryOffset
        else { return nil }
        self.structure = structure
        self.ifd0 = ifd0
    }

    /// IFD0's SHORT or LONG value of `tag`.
    func integer(_ tag: Int) -> Int? { structure.integer(tag, inDirectoryAt: ifd0) }

    /// IFD0's ASCII value of `tag`.
    func ascii(_ tag: Int) -> [UInt8]? { structure.ascii(tag, inDirectoryAt: ifd0) }

    /// Where the IFD after IFD0 starts (0 for none).
    var nextIFDOffset: Int? { structure.nextDirectoryOffset(after: ifd0) }

    /// The whole block, for `sm:0`, with its orientation set to 1 (the pixels are turned as the
    /// orientation said, or kept as stored with `ar:0`), and IFD1 dropped with its thumbnail's
    /// bytes zeroed: the thumbnail shows the uncropped source.
    func keepingAll() -> Data {
        var bytes = structure.bytes
        func write(_ value: Int, at offset: Int, size: Int) {
            guard offset >= 0, offset <= bytes.count - size else { return }
            for index in 0..<size {
                let shift = 8 * (structure.isLittleEndian ? index : size - 1 - index)
                bytes[offset + index] = UInt8(truncatingIfNeeded: value >> shift)
            }
        }
        if let entry = structure.entry(0x0112, inDirectoryAt: ifd0), entry.type == 3 {
            write(1, at: entry.position + 8, size: 2)
        }
        if let link = structure.nextDirectoryLink(ofDirectoryAt: ifd0), let ifd1 = nextIFDOffset, ifd1 > 0 {
            if let thumbnail = structure.thumbnailRange {
                bytes.replaceSubrange(thumbnail, with: repeatElement(0, count: thumbnail.count))
            }
            write(0, at: link, size: 4)
        }
        return Data(bytes)
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
        func append(_ value: Int, size: Int) { output += EXIFEmbedding.littleEndian(value, size: size) }
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
}
