// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

#if canImport(FoundationEssentials)
    public import FoundationEssentials
#else
    public import Foundation
#endif

extension AssetType {
    /// Recognises the format of encoded image data from its leading magic bytes.
    ///
    /// Returns `nil` for data too short to tell and for formats this list does not know.
    /// GIF needs the full `GIF87a`/`GIF89a` signature; ISO-BMFF files (HEIC, AVIF, MP4…) are
    /// told apart by their `ftyp` major brand.
    ///
    /// - Parameter data: The first bytes of the file (16 are enough).
    public init?(_ data: Data) {
        guard let type = AssetType.sniff(Array(data.prefix(16))) else { return nil }
        self = type
    }

    private static func sniff(_ bytes: [UInt8]) -> AssetType? {
        func matches(_ signature: [UInt8], at offset: Int = 0) -> Bool {
            bytes.count >= offset + signature.count
                && bytes[offset..<offset + signature.count].elementsEqual(signature)
        }
        typealias Magic = MagicBytes
        if matches(Magic.jpeg) { return .jpeg }
        if matches(Magic.png) { return .png }
        if matches(Magic.gif87a) || matches(Magic.gif89a) { return .gif }
        if matches(Magic.riff) && matches(Magic.webp, at: 8) { return .webp }
        if matches(Magic.ftyp, at: 4), bytes.count >= 12 {
            return isoMediaType(brand: String(decoding: bytes[8..<12], as: UTF8.self))
        }
        if matches(Magic.jpeg2000Box) || matches(Magic.jpeg2000Codestream) { return .jpeg2000 }
        if matches(Magic.jxlBox) || matches(Magic.jxlCodestream) { return .jxl }
        if matches(Magic.ico) { return .ico }
        if matches(Magic.tiffLittleEndian) || matches(Magic.tiffBigEndian) { return .tiff }
        if matches(Magic.bmp) { return .bmp }
        return nil
    }

    private static func isoMediaType(brand: String) -> AssetType? {
        switch brand {
        case "heic", "heix", "heim", "heis", "hevc", "hevx", "hevm", "hevs": .heic
        case "avif", "avis": .avif
        case "isom", "iso2", "iso4", "iso5", "iso6", "mp41", "mp42", "mmp4", "avc1", "dash": .mp4
        case "M4V ", "M4VH", "M4VP": .m4v
        case "qt  ": .mov
        default: nil
        }
    }

    /// Maps a MIME type such as `image/jpeg` to an asset type, or returns `nil`.
    ///
    /// Used as a fallback when the magic bytes are not recognised.
    public init?(mimeType: String) {
        let essence = mimeType.split(separator: ";").first.map { String($0).trimmingWhitespace() } ?? ""
        switch essence.lowercased() {
        case "image/jpeg", "image/jpg", "image/pjpeg": self = .jpeg
        case "image/png", "image/apng": self = .png
        case "image/gif": self = .gif
        case "image/webp": self = .webp
        case "image/heic", "image/heif": self = .heic
        case "image/avif": self = .avif
        case "image/jxl": self = .jxl
        case "image/bmp", "image/x-ms-bmp": self = .bmp
        case "image/tiff": self = .tiff
        case "image/x-icon", "image/vnd.microsoft.icon": self = .ico
        case "image/jp2", "image/jpx": self = .jpeg2000
        case "video/mp4": self = .mp4
        case "video/quicktime": self = .mov
        case "video/x-m4v": self = .m4v
        default: return nil
        }
    }
}

/// The leading bytes of each format, built once (a literal per check would allocate per call).
private enum MagicBytes {
    static let jpeg: [UInt8] = [0xFF, 0xD8, 0xFF]
    static let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    static let gif87a = Array("GIF87a".utf8)
    static let gif89a = Array("GIF89a".utf8)
    static let riff = Array("RIFF".utf8)
    static let webp = Array("WEBP".utf8)
    static let ftyp = Array("ftyp".utf8)
    static let jpeg2000Box: [UInt8] = [0x00, 0x00, 0x00, 0x0C, 0x6A, 0x50, 0x20, 0x20, 0x0D, 0x0A, 0x87, 0x0A]
    static let jpeg2000Codestream: [UInt8] = [0xFF, 0x4F, 0xFF, 0x51]
    static let jxlBox: [UInt8] = [0x00, 0x00, 0x00, 0x0C, 0x4A, 0x58, 0x4C, 0x20, 0x0D, 0x0A, 0x87, 0x0A]
    static let jxlCodestream: [UInt8] = [0xFF, 0x0A]
    static let ico: [UInt8] = [0x00, 0x00, 0x01, 0x00]
    static let tiffLittleEndian: [UInt8] = [0x49, 0x49, 0x2A, 0x00]
    static let tiffBigEndian: [UInt8] = [0x4D, 0x4D, 0x00, 0x2A]
    static let bmp: [UInt8] = [0x42, 0x4D]
}
