// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

public import NukeCore
internal import NukeImaging

#if canImport(FoundationEssentials)
    public import FoundationEssentials
#else
    public import Foundation
#endif

/// Decodes HEIF (HEIC: HEVC-coded images, as phones write them) with libheif and libde265.
///
/// - The primary image is decoded to straight-alpha RGBA, 8 bits a channel (10- and 12-bit
///   images are reduced by libheif), with the file's crop, rotation and mirror applied by libheif
///   (EXIF orientation inside a HEIF is not applied again, as in browsers).
/// - The `Exif` block is kept under `UserInfoKey.exifKey` when ``Options/keepsEXIF`` is on.
/// - The ICC profile's bytes are kept under `UserInfoKey.iccProfileKey`; without one, `nclx`
///   code points under `UserInfoKey.cicpKey` (a colour manager then converts either to sRGB).
/// - A thumbnail request is served from the file's embedded thumbnail when one is at least the
///   requested size (phones embed a 320- or 512-pixel one), else from the primary image;
///   the result is resampled to the exact size. With
///   `ThumbnailOptions.createThumbnailFromImageAlways` off, the largest embedded thumbnail is
///   used whatever its size (as Apple's ImageIO does), scaled down if it is larger than asked.
/// - The size is checked against the pixel limit, and the decode's memory (libheif's planes
///   and the output) against the memory budget, before any image data is decoded; so is the
///   canvas every grid or overlay in the file declares, which libheif allocates as declared, and
///   the picture every HEVC parameter set declares, which libde265 allocates as declared. The
///   coded pixels one image takes to decode (every tile, each time it is used) are held to
///   ``decodedPixelsPerLimit`` times the pixel limit. AV1-coded items are refused (AVIF's).
/// - Image sequences, depth maps and auxiliary images are not decoded; there are no previews of
///   partial data (libheif reads whole files).
public final class HEIFDecoder: ImageDecoding {
    private let context: ImageDecodingContext
    private let options: Options

    /// What the decoder keeps besides the pixels.
    public struct Options: Hashable, Sendable {
        /// Keep the primary image's `Exif` block (its TIFF structure) under
        /// `UserInfoKey.exifKey`, for callers that write it into their results (an image proxy's
        /// `sm:0`). Off by default, as JPEG's.
        public var keepsEXIF = false

        /// The defaults.
        public init() {}
    }

    /// Creates a decoder for one download.
    public init(context: ImageDecodingContext, options: Options = Options()) {
        self.context = context
        self.options = options
    }

    /// Decodes complete data.
    public func decode(_ data: Data) throws -> ImageContainer {
        let file = try HEIFFile(data: data, maximumPixelCount: context.maximumPixelCount)
        let primary = file.primary
        // What libheif and libde265 allocate as the file declares it: canvases and coded pictures.
        let allocated =
            file.canvases.map { ($0.width, $0.height) } + file.codedPictures.sizes.map { ($0.width, $0.height) }
        let sizes = [(primary.width, primary.height), (primary.codedWidth, primary.codedHeight)] + allocated
        for (width, height) in sizes {
            guard width > 0, height > 0 else {
                throw ImageDecodingError.corrupt(reason: "the HEIF image has no pixels")
            }
            let (pixels, overflow) = width.multipliedReportingOverflow(by: height)
            guard !overflow, pixels <= context.maximumPixelCount else {
                throw ImageDecodingError.imageTooLarge(width: width, height: height, limit: context.maximumPixelCount)
            }
        }
        try checkDecodingWork(file)
        let target = context.targetSize(width: primary.width, height: primary.height)
        let anySize = context.request.thumbnail?.createThumbnailFromImageAlways == false
        let source = embeddedThumbnail(of: primary, atLeast: target, orAnySize: anySize) ?? primary
        try checkMemory(source)
        for (width, height) in allocated { try checkMemory(width: width, height: height, hasAlpha: true) }
        var container = ImageContainer(image: try context.thumbnail(of: try source.decode()), type: .heic)
        if let profile = primary.iccProfile { container.userInfo[.iccProfileKey] = profile }
        if let cicp = primary.cicp { container.userInfo[.cicpKey] = cicp }
        if options.keepsEXIF, let exif = primary.exifPayload.flatMap(EXIFStructure.tiffPayload) {
            container.userInfo[.exifKey] = exif
        }
        return container
    }

    /// libheif's coded planes (up to 16 bits a sample, alpha included) beside the RGBA image it
    /// converts to and the copy handed out, for the primary image as the file declares it; `nil`
    /// when the file does not parse within the pixel limit or the memory budget, which the decode
    /// refuses.
    public func estimatedMemory(for data: Data) -> Int? {
        guard let primary = try? HEIFFile(data: data, maximumPixelCount: context.maximumPixelCount).primary else {
            return nil
        }
        let bytes = Self.memoryBytes(width: primary.codedWidth, height: primary.codedHeight, hasAlpha: primary.hasAlpha)
        return bytes.flatMap { $0 <= context.memoryBudget ? $0 : nil }
    }

    /// The embedded thumbnail to decode instead of `image`: the largest one when `anySize`, else
    /// the smallest at least `target` in both sides when the request asks for a thumbnail
    /// smaller than the image.
    private func embeddedThumbnail(
        of image: HEIFImage,
        atLeast target: (width: Int, height: Int),
        orAnySize anySize: Bool
    ) -> HEIFImage? {
        if anySize { return image.thumbnails().first }
        guard target != (image.width, image.height) else { return nil }
        return image.thumbnails().last { $0.width >= target.width && $0.height >= target.height }
    }

    /// The coded pixels one image may take to decode, in multiples of the pixel limit: a grid's
    /// tiles cover its canvas with at most a row and a column to spare, and its alpha plane as
    /// much again.
    public static let decodedPixelsPerLimit = 4

    /// libheif decodes each coded image an image uses — a grid's tile each time the grid names it
    /// — at the size its parameter set declares, however little of it is shown: a grid of 65,280
    /// one-pixel tiles, each the same 64×64 picture, is 267 million pixels of decoding behind a
    /// 256×255 image (`Fuzz/Regressions/heif/grid-of-65280-uses-of-one-tile`).
    private func checkDecodingWork(_ file: HEIFFile) throws {
        let largest = file.codedPictures.largestPixelCount
        let (pixels, overflow) = largest.multipliedReportingOverflow(by: file.mostCodedImagesDecoded)
        let (limit, limitOverflow) = context.maximumPixelCount.multipliedReportingOverflow(
            by: Self.decodedPixelsPerLimit
        )
        guard overflow || (!limitOverflow && pixels > limit) else { return }
        throw ImageDecodingError.unsupported(
            reason: "the HEIF image decodes \(file.mostCodedImagesDecoded) coded images of up to \(largest) pixels, "
                + "more than \(Self.decodedPixelsPerLimit) times the pixel limit"
        )
    }

    /// libheif holds the coded planes (up to 16 bits a sample, alpha included) beside the RGBA
    /// image it converts to and the copy handed out.
    private func checkMemory(_ image: HEIFImage) throws {
        try checkMemory(width: image.codedWidth, height: image.codedHeight, hasAlpha: image.hasAlpha)
    }

    private func checkMemory(width: Int, height: Int, hasAlpha: Bool) throws {
        let bytes = Self.memoryBytes(width: width, height: height, hasAlpha: hasAlpha)
        guard let bytes, bytes <= context.memoryBudget else {
            throw ImageDecodingError.exceedsMemoryBudget(bytes: bytes ?? .max, budget: context.memoryBudget)
        }
    }

    /// What an image coded at `width × height` takes to decode (see ``checkMemory(_:)``), or
    /// `nil` when that does not fit in an `Int`: a file may declare sides of up to 2³¹.
    private static func memoryBytes(width: Int, height: Int, hasAlpha: Bool) -> Int? {
        let samples = 3 + (hasAlpha ? 1 : 0)
        let (pixels, pixelsOverflow) = width.multipliedReportingOverflow(by: height)
        let (bytes, bytesOverflow) = pixels.multipliedReportingOverflow(by: 8 + 2 * samples)
        return pixelsOverflow || bytesOverflow ? nil : bytes
    }
}
