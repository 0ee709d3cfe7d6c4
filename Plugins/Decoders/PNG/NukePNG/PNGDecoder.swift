// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

internal import CNukePNG
public import NukeCore
internal import NukeImaging
internal import Synchronization

#if canImport(FoundationEssentials)
    public import FoundationEssentials
#else
    public import Foundation
#endif

/// Decodes PNG with libpng: every colour type and bit depth (1, 2, 4, 8, 16), palettes with
/// `tRNS`, gray with alpha, Adam7 interlacing; 16-bit samples are scaled to 8 bits with rounding.
///
/// Gray images without transparency decode to `PixelFormat.gray8`; everything else to
/// `PixelFormat.rgba8` (straight alpha). During a progressive download, each further
/// Adam7 pass (or, for plain images when previews are asked for, each further band of rows)
/// yields a preview. The embedded ICC profile (`iCCP`) is kept under `UserInfoKey.iccProfileKey`;
/// the `eXIf` chunk under `UserInfoKey.exifKey` when ``Options/keepsEXIF`` is on.
/// Thumbnail requests are decoded fully, then resampled. The pixel limit is
/// checked from the header before any pixel memory is allocated.
public final class PNGDecoder: ImageDecoding {
    private let context: ImageDecodingContext
    private let options: Options
    private let progress = Mutex(0)

    /// What the decoder keeps besides the pixels.
    public struct Options: Hashable, Sendable {
        /// Keep the `eXIf` chunk (a TIFF structure) under `UserInfoKey.exifKey`, for callers that
        /// write it into their results (an image proxy's `sm:0`). Off by default, as JPEG's: it
        /// can be tens of kilobytes beside a small image in memory caches.
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
        let decoded = try decodePixels(data, allowPartial: false)
        var container = try makeContainer(decoded.bitmap)
        if let profile = decoded.chunks.iccProfile { container.userInfo[.iccProfileKey] = profile }
        if let exif = decoded.chunks.exif.flatMap(EXIFStructure.tiffPayload) {
            container.userInfo[.exifKey] = exif
        }
        return container
    }

    /// The output's bytes, from the header (libpng decodes into it row by row); `nil` past the
    /// pixel limit, which the decode refuses.
    public func estimatedMemory(for data: Data) -> Int? {
        guard let layout = PNGLayout(data), layout.pixelCount <= context.maximumPixelCount else { return nil }
        return layout.pixelCount * layout.pixelFormat.bytesPerPixel
    }

    /// A preview of partial data, when more of the image arrived since the last one: a further
    /// complete Adam7 pass for interlaced images, 1/8 more of the rows for plain ones.
    public func decodePartiallyDownloadedData(_ data: Data) -> ImageContainer? {
        guard let decoded = try? decodePixels(data, allowPartial: true), !decoded.isComplete else { return nil }
        let level =
            decoded.isInterlaced
            ? decoded.completedPasses * 1000
            : decoded.completedRows * 8 / max(1, decoded.bitmap.height) * 1000
        guard level > 0 else { return nil }
        let isNew = progress.withLock { previous in
            guard level > previous else { return false }
            previous = level
            return true
        }
        guard isNew, var preview = try? makeContainer(decoded.bitmap) else { return nil }
        preview.isPreview = true
        if let profile = decoded.chunks.iccProfile { preview.userInfo[.iccProfileKey] = profile }
        return preview
    }

    // MARK: Private

    private struct Decoded {
        var bitmap: Bitmap
        var isComplete: Bool
        var isInterlaced: Bool
        var completedPasses: Int
        var completedRows: Int
        var chunks: Chunks
    }

    /// What the decode kept of the metadata chunks (the EXIF block only when ``Options/keepsEXIF``).
    private struct Chunks {
        var iccProfile: Data?
        var exif: Data?
    }

    private func decodePixels(_ data: Data, allowPartial: Bool) throws -> Decoded {
        // A complete decode writes straight into the bitmap's storage when the header tells the
        // output's size up front; previews (and malformed headers, for libpng's own error) go
        // through a buffer libpng's side allocates and zeroes.
        if !allowPartial, let layout = PNGLayout(data), layout.pixelCount <= context.maximumPixelCount {
            var image = nuke_png_image()
            var chunks = Chunks()
            let bitmap = try Bitmap(width: layout.width, height: layout.height, pixelFormat: layout.pixelFormat) {
                buffer in
                chunks = try decode(data, allowPartial: false, into: buffer, image: &image)
            }
            return Decoded(
                bitmap: bitmap,
                isComplete: true,
                isInterlaced: image.is_interlaced != 0,
                completedPasses: 7,
                completedRows: layout.height,
                chunks: chunks
            )
        }
        var image = nuke_png_image()
        let chunks = try decode(data, allowPartial: allowPartial, into: nil, image: &image)
        guard let pixels = image.pixels else { throw ImageDecodingError.corrupt(reason: "no pixels were decoded") }
        defer { nuke_png_free(pixels) }
        let (width, height) = (Int(image.width), Int(image.height))
        let format: PixelFormat = image.channels == 1 ? .gray8 : .rgba8
        let count = width * height * format.bytesPerPixel
        let bitmap = try Bitmap(width: width, height: height, pixelFormat: format) { buffer in
            buffer.baseAddress!.update(from: pixels, count: count)
        }
        return Decoded(
            bitmap: bitmap,
            isComplete: image.is_complete != 0,
            isInterlaced: image.is_interlaced != 0,
            completedPasses: Int(image.completed_passes),
            completedRows: Int(image.completed_rows),
            chunks: chunks
        )
    }

    private func decode(
        _ data: Data,
        allowPartial: Bool,
        into output: UnsafeMutableBufferPointer<UInt8>?,
        image: inout nuke_png_image
    ) throws -> Chunks {
        var message = [CChar](repeating: 0, count: Int(NUKE_PNG_MESSAGE_SIZE))
        let limit = UInt64(max(0, context.maximumPixelCount))
        let status = data.withUnsafeBytes { bytes in
            message.withUnsafeMutableBufferPointer { message in
                nuke_png_decode(
                    bytes.baseAddress?.assumingMemoryBound(to: UInt8.self) ?? UnsafePointer(bitPattern: 1)!,
                    bytes.count,
                    limit,
                    allowPartial ? 1 : 0,
                    output?.baseAddress,
                    output?.count ?? 0,
                    &image,
                    message.baseAddress
                )
            }
        }
        guard status == NUKE_PNG_OK else {
            throw Self.error(status, message: message, image: image, limit: context.maximumPixelCount)
        }
        defer {
            nuke_png_free(image.icc_profile)
            nuke_png_free(image.exif)
            (image.icc_profile, image.exif) = (nil, nil)
        }
        return Chunks(
            iccProfile: image.icc_profile.map { Data(bytes: $0, count: image.icc_profile_size) },
            exif: options.keepsEXIF ? image.exif.map { Data(bytes: $0, count: image.exif_size) } : nil
        )
    }

    private func makeContainer(_ bitmap: Bitmap) throws -> ImageContainer {
        ImageContainer(image: try context.thumbnail(of: bitmap), type: .png)
    }

    private static func error(_ status: Int32, message: [CChar], image: nuke_png_image, limit: Int)
        -> ImageDecodingError
    {
        let text = message.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        switch status {
        case NUKE_PNG_TRUNCATED: return .truncated
        case NUKE_PNG_NOT_PNG: return .unrecognizedFormat
        case NUKE_PNG_TOO_LARGE: return .imageTooLarge(width: Int(image.width), height: Int(image.height), limit: limit)
        case NUKE_PNG_OK: return .corrupt(reason: "no pixels were decoded")
        default: return .corrupt(reason: text.isEmpty ? "libpng error \(status)" : text)
        }
    }
}
