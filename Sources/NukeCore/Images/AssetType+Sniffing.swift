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
        func matches(_ signature: [UInt8?], at offset: Int = 0) -> Bool {
            guard bytes.count >= offset + signature.count else { return false }
            for (index, byte) in signature.enumerated() where byte != nil && bytes[offset + index] != byte {
                return false
            }
            return true
        }
        if matches([0xFF, 0xD8, 0xFF]) { return .jpeg }
        if matches([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return .png }
        if matches(Array("GIF87a".utf8)) || matches(Array("GIF89a".utf8)) { return .gif }
        if matches(Array("RIFF".utf8)) && matches(Array("WEBP".utf8), at: 8) { return .webp }
        if matches(Array("ftyp".utf8), at: 4), bytes.count >= 12 {
            return isoMediaType(brand: String(decoding: bytes[8..<12], as: UTF8.self))
        }
        if matches([0x00, 0x00, 0x00, 0x0C, 0x6A, 0x50, 0x20, 0x20, 0x0D, 0x0A, 0x87, 0x0A]) { return .jpeg2000 }
        if matches([0xFF, 0x4F, 0xFF, 0x51]) { return .jpeg2000 }
        if matches([0x00, 0x00, 0x00, 0x0C, 0x4A, 0x58, 0x4C, 0x20, 0x0D, 0x0A, 0x87, 0x0A]) { return .jxl }
        if matches([0xFF, 0x0A]) { return .jxl }
        if matches([0x00, 0x00, 0x01, 0x00]) { return .ico }
        if matches([0x49, 0x49, 0x2A, 0x00]) || matches([0x4D, 0x4D, 0x00, 0x2A]) { return .tiff }
        if matches([0x42, 0x4D]) { return .bmp }
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
