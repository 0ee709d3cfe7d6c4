// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

internal import NukeCore
internal import NukeImaging

#if canImport(FoundationEssentials)
    public import FoundationEssentials
#else
    public import Foundation
#endif

/// EXIF blocks and readings shared by the decoders' tests of `keepsEXIF`.
public enum EXIFFixtures {
    /// A little-endian TIFF structure: its header and one IFD with Orientation (0x0112) = 6.
    public static let orientationSix: [UInt8] =
        [0x49, 0x49, 0x2A, 0x00, 0x08, 0, 0, 0, 0x01, 0x00, 0x12, 0x01, 0x03, 0x00, 0x01, 0, 0, 0, 0x06, 0, 0, 0]
        + [0, 0, 0, 0]

    /// The Artist (0x013B) and Copyright (0x8298) of `exif`'s IFD0 as text, as the fixture
    /// scripts' `exif.tiff` writes them; `nil` when `exif` is missing or not a TIFF structure.
    public static func artistAndCopyright(in exif: Data?) -> (artist: String?, copyright: String?)? {
        guard let exif, let structure = EXIFStructure([UInt8](exif)),
            let directory = structure.firstDirectoryOffset
        else { return nil }
        let text = { (tag: Int) in
            structure.ascii(tag, inDirectoryAt: directory).map { String(decoding: $0, as: UTF8.self) }
        }
        return (text(0x013B), text(0x8298))
    }
}
