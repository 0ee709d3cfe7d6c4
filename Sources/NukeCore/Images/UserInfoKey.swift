// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

/// A key in the `userInfo` dictionaries of ``ImageContainer`` and ``ImageRequest``.
public struct UserInfoKey: RawRepresentable, Hashable, Sendable, ExpressibleByStringLiteral {
    /// The key's string.
    public let rawValue: String

    /// Creates a key.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    /// Creates a key, as Nuke's `UserInfoKey(_:)` does.
    public init(_ rawValue: String) {
        self.rawValue = rawValue
    }

    /// Creates a key from a string literal.
    public init(stringLiteral value: String) {
        self.rawValue = value
    }

    /// The ordinal of a progressive preview (1 for the first); on the final image, the number of
    /// previews that preceded it. Value type: `Int`.
    public static let scanNumberKey: UserInfoKey = "com.github/kean/nuke/scan-number"

    /// The EXIF orientation (1…8) a decoder found in the file. Value type: `Int`.
    public static let exifOrientationKey: UserInfoKey = "nuke.exif-orientation"

    /// The file's EXIF metadata as it stores it: the TIFF structure (from its `II` or `MM`
    /// header) that a JPEG's APP1 `Exif` segment carries, when the decoder is asked to keep it
    /// (NukeJPEG's `keepsEXIF`). Encoders do not write it; nuke-server's `sm` and `kcr` options
    /// do. Value type: `Data`.
    public static let exifKey: UserInfoKey = "nuke.exif"

    /// The embedded ICC colour profile bytes. Value type: `Data`.
    public static let iccProfileKey: UserInfoKey = "nuke.icc-profile"

    /// The ICC profile of the file's own pixels when the decoder turned them into another colour
    /// space (a CMYK JPEG's CMYK profile: the image is RGB). For information (`nuke info`);
    /// encoders never write it. Value type: `Data`.
    public static let sourceICCProfileKey: UserInfoKey = "nuke.source-icc-profile"

    /// The upright size of the full image when a decoder shrank it on load (see
    /// ``ImageContainer/originalPixelSize``). Value type: ``ImageSize``.
    public static let originalPixelSizeKey: UserInfoKey = "nuke.original-pixel-size"
}
