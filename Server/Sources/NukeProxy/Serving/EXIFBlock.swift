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
    static let maximumSize = JPEGMetadataEditor.maximumEXIFSize

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
        var kept = structure
        if let entry = structure.entry(0x0112, inDirectoryAt: ifd0), entry.type == 3 {
            kept.write(1, at: entry.position + 8, size: 2)
        }
        if let link = structure.nextDirectoryLink(ofDirectoryAt: ifd0), let ifd1 = nextIFDOffset, ifd1 > 0 {
            if let thumbnail = structure.thumbnailRange { kept.zero(thumbnail) }
            kept.write(0, at: link, size: 4)
        }
        return Data(kept.bytes)
    }

    /// A new block of IFD0's Artist (0x013B) and Copyright (0x8298) only, for `kcr`; `nil` when
    /// the source has neither.
    func keepingCopyright() -> Data? {
        let fields = [0x013B, 0x8298].compactMap { tag in ascii(tag).map { (tag, $0) } }
        guard !fields.isEmpty else { return nil }
        return Data(EXIFStructure.block(asciiFields: fields).bytes)
    }
}
