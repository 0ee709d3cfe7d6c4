// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

/// The format of an encoded image, such as JPEG or PNG.
///
/// A string wrapper so plugins can add formats of their own (`AssetType("jxl")`).
/// ``init(_:)-(Data)`` recognises the built-in formats from their magic bytes.
public struct AssetType: RawRepresentable, Hashable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
    /// The format's short name, such as `"jpeg"`.
    public let rawValue: String

    /// Creates an asset type from its short name.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    /// Creates an asset type from its short name.
    public init(stringLiteral value: String) {
        self.rawValue = value
    }

    /// The short name.
    public var description: String { rawValue }

    /// Portable Network Graphics.
    public static let png: AssetType = "png"
    /// JPEG (JFIF or EXIF).
    public static let jpeg: AssetType = "jpeg"
    /// Graphics Interchange Format, still or animated.
    public static let gif: AssetType = "gif"
    /// HEIF with HEVC-coded images.
    public static let heic: AssetType = "heic"
    /// WebP, still or animated.
    public static let webp: AssetType = "webp"
    /// MPEG-4 video.
    public static let mp4: AssetType = "mp4"
    /// Apple's M4V video.
    public static let m4v: AssetType = "m4v"
    /// QuickTime movie.
    public static let mov: AssetType = "mov"
    /// Windows icon.
    public static let ico: AssetType = "ico"
    /// Windows bitmap.
    public static let bmp: AssetType = "bmp"
    /// Tagged Image File Format.
    public static let tiff: AssetType = "tiff"
    /// JPEG 2000.
    public static let jpeg2000: AssetType = "jpeg2000"
    /// JPEG XL.
    public static let jxl: AssetType = "jxl"
    /// AV1 Image File Format.
    public static let avif: AssetType = "avif"
}
