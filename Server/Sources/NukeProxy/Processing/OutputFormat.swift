// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

import Foundation
import Nuke

/// The formats the proxy writes.
public enum OutputFormat: String, Hashable, Sendable, CaseIterable {
    /// JPEG (`jpg`, `jpeg`).
    case jpeg
    /// PNG.
    case png
    /// WebP.
    case webp
    /// AVIF.
    case avif
    /// GIF, animated when the result is.
    case gif
    /// JPEG XL.
    case jxl
    /// HEIC (HEVC in HEIF), where libheif has an HEVC encoder (``isAvailable``).
    case heic
    /// TIFF, Deflate-compressed.
    case tiff
    /// BMP, uncompressed.
    case bmp
    /// An icon (ICO) holding a PNG, at most 256 pixels a side.
    case ico
    /// SVG: an SVG source served as SVG, sanitised (``SVGSanitizer``), under `skp:svg` or `raw`;
    /// never written from pixels, never asked for with `f` (last: results in the cache are
    /// tagged with the case's index, so new cases go at the end).
    case svg

    /// The format an extension or `f` option names (`jpg`, `jpeg`, `png`, `webp`, `avif`, `gif`,
    /// `jxl`, `heic`, `tiff`, `tif`, `bmp`, `ico`, any case).
    public init?(name: String) {
        switch name.lowercased() {
        case "jpg", "jpeg": self = .jpeg
        case "tif", "tiff": self = .tiff
        case "svg": return nil
        case let other:
            guard let format = OutputFormat(rawValue: other) else { return nil }
            self = format
        }
    }

    /// The names ``init(name:)`` reads, for error messages.
    public static let names = "jpg, png, webp, avif, gif, jxl, heic, tiff, bmp or ico"

    /// The format `skp` names: a result format, or `svg`.
    static func skippable(named name: String) -> OutputFormat? {
        name.lowercased() == "svg" ? .svg : OutputFormat(name: name)
    }

    /// Whether results can be written from pixels in this format here: all but SVG, and HEIC
    /// only where libheif has an HEVC encoder (Debian's links x265).
    public var isAvailable: Bool {
        switch self {
        case .svg: false
        case .heic: HEICEncoder.isAvailable
        default: true
        }
    }

    /// Whether a result of more than one frame stays animated in this format: WebP and GIF.
    /// AVIF and JPEG XL give the first frame: their sequences cost several times an animated
    /// WebP to encode, too much for a request (and browsers that show JPEG XL stills do not all
    /// animate it).
    var keepsAnimation: Bool { self == .webp || self == .gif }

    /// Whether results in this format carry an ICC profile (all but GIF, BMP, ICO and SVG).
    var carriesColorProfile: Bool { ![.gif, .bmp, .ico, .svg].contains(self) }

    /// Whether the format keeps transparency (all but JPEG).
    var keepsTransparency: Bool { self != .jpeg }

    /// The `Content-Type`: `image/` and the name, but `image/x-icon` for icons (as browsers and
    /// imgproxy name them) and `image/svg+xml`.
    public var mediaType: String {
        switch self {
        case .ico: "image/x-icon"
        case .svg: "image/svg+xml"
        default: "image/\(rawValue)"
        }
    }

    /// Whether ``encoder(quality:pixelCount:)``'s quality changes the result (JPEG, WebP, AVIF, JPEG XL,
    /// HEIC).
    var isLossy: Bool { [.jpeg, .webp, .avif, .jxl, .heic].contains(self) }

    /// The longest side a result in this format can have, where the format limits it below the
    /// server's ``ProxyConfiguration/maximumResultDimension``'s reach: WebP's 16383, HEIC's 16384
    /// and ICO's 256, as imgproxy limits them.
    var maximumSide: Int? {
        switch self {
        case .webp: 16383
        case .heic: HEICEncoder.maximumSide
        case .ico: ICOEncoder.maximumSide
        default: nil
        }
    }

    /// `image` scaled down to fit ``maximumSide``, as imgproxy fits a result to its format, or
    /// `image` itself.
    func fitting(_ image: Bitmap) throws -> Bitmap {
        guard let side = maximumSide, image.width > side || image.height > side else { return image }
        let size = ImageSize(width: Double(side), height: Double(side))
        return try ImageProcessors.Resize(size: size, unit: .pixels, contentMode: .aspectFit).resize(image)
    }

    /// The x265 preset of HEIC results.
    static let heicPreset = HEICEncoder.Preset.fast

    /// The JPEG XL encoder's effort for results of `pixelCount` pixels: 4 — about half a WebP's
    /// CPU, and a quarter fewer bytes at equal quality from 480 px wide — but 5 for small results
    /// (under ``smallJPEGXLPixelCount``), where effort 4 writes more bytes than WebP at equal
    /// quality and 5 a third fewer, for 1.6–1.7× WebP's CPU (`nuke-benchmarks formats`;
    /// `Docs/Performance.md`).
    static func jpegXLEffort(forPixels pixelCount: Int) -> Int {
        pixelCount < smallJPEGXLPixelCount ? 5 : 4
    }

    /// The effort of JPEG sources recompressed as JPEG XL (``JXLEncoder/recompressing(jpeg:)``):
    /// the results' own.
    static let recompressionEffort = 4

    /// Fewer pixels than this make a small JPEG XL result: between a 320 px photo's 68,000 and a
    /// 480 px one's 154,000.
    static let smallJPEGXLPixelCount = 100_000

    /// The file name extension: `jpg` for JPEG, else the format's name.
    public var fileExtension: String { self == .jpeg ? "jpg" : rawValue }

    /// An encoder at `quality` (1–100; PNG, GIF, TIFF, BMP and ICO ignore it) for an image of
    /// `pixelCount` pixels.
    func encoder(quality: Int, pixelCount: Int) -> any ImageEncoding {
        let fraction = Double(quality) / 100
        return switch self {
        case .jpeg: JPEGEncoder(quality: fraction)
        case .png: PNGEncoder()
        case .webp: WebPEncoder(mode: .lossy(quality: fraction))
        case .avif: AVIFEncoder(mode: .lossy(quality: fraction))
        case .gif: GIFEncoder()
        case .jxl:
            JXLEncoder(
                mode: .lossy(distance: JXLEncoder.distance(forQuality: quality)),
                effort: Self.jpegXLEffort(forPixels: pixelCount)
            )
        case .heic: HEICEncoder(quality: fraction, preset: Self.heicPreset)
        case .tiff: TIFFEncoder()
        case .bmp: BMPEncoder()
        case .ico: ICOEncoder(png: PNGEncoder())
        case .svg: Unwritable()
        }
    }

    /// The encoder of a format never written from pixels (SVG, which ``isAvailable`` excludes
    /// wherever a result's format is chosen): it refuses every image.
    private struct Unwritable: ImageEncoding {
        func encode(_ image: Bitmap) throws -> Data {
            throw ImageEncodingError.unsupportedImage(reason: "SVG is served only as an SVG source, sanitised")
        }
    }

    /// The format of a result none was asked for nor negotiated for: the source's own when it is
    /// one of `preferred` and holds the result (its animation, its transparency), else the first
    /// of `preferred` that does, else PNG (which holds every still).
    static func fallback(
        source: AssetType?,
        isOpaque: Bool,
        isAnimated: Bool,
        preferred: [OutputFormat]
    ) -> OutputFormat {
        let holds = { (format: OutputFormat) in
            format.isAvailable && (!isAnimated || format.keepsAnimation) && (isOpaque || format.keepsTransparency)
        }
        if let own = source.flatMap(OutputFormat.init(sourceType:)), preferred.contains(own), holds(own) {
            return own
        }
        return preferred.first(where: holds) ?? preferred.first { $0.isAvailable && (isOpaque || $0.keepsTransparency) }
            ?? .png
    }

    /// The asset type of results in this format.
    var assetType: AssetType { AssetType(rawValue: rawValue) }

    /// The format a source of `type` is written in, when it is one of these (their names are the
    /// asset types' own).
    init?(sourceType type: AssetType) {
        self.init(rawValue: type.rawValue)
    }

    /// Whether an `Accept` header lists `mediaType` with a non-zero quality.
    static func accepts(_ accept: String, _ mediaType: String) -> Bool {
        accept.split(separator: ",").contains { item in
            let parts = item.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
            guard parts.first?.lowercased() == mediaType else { return false }
            let quality = parts.dropFirst().first { $0.hasPrefix("q=") }.flatMap { Double($0.dropFirst(2)) }
            return (quality ?? 1) > 0
        }
    }
}
