// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

public import NukeCore
internal import NukeImaging
internal import Synchronization

#if canImport(FoundationEssentials)
    public import FoundationEssentials
#else
    public import Foundation
#endif

/// Decodes AVIF with libavif (AV1 through dav1d, libgav1 or libaom): stills and image sequences,
/// 8 to 12 bits, with or without alpha.
///
/// - Pixels come out as straight-alpha RGBA (8 bits per channel), converted from YUV by libavif
///   with the file's matrix coefficients and range; HEIF's transforms are applied: the clean
///   aperture's crop, `irot`, then `imir` (EXIF orientation inside an AVIF is not, as in browsers).
/// - The `Exif` payload is kept under `UserInfoKey.exifKey` when ``Options/keepsEXIF`` is on.
/// - The ICC profile's bytes are kept under `UserInfoKey.iccProfileKey`; without one, the colour
///   code points under `UserInfoKey.cicpKey` (a colour manager then converts either to sRGB).
/// - Sequences (`avis`) become an `ImageAnimation` whose frames are decoded in order on demand,
///   with their durations; the first frame is the container's `image` and the original data is
///   attached so caches keep the animation. libavif 0.11 reads no loop count: animations loop
///   forever.
/// - The size from the container is checked against the pixel limit, and the frame count against
///   the frame limit, before any pixel is decoded; the AV1 decoder is told the same pixel limit.
/// - Thumbnails are resampled after a full decode: libavif 0.11 cannot scale while decoding, so
///   there is no shrink-on-load either.
/// - Previews of a download in progress, when the preview policy is `.incremental` (not the
///   default for AVIF): the rows decoded so far of a grid image (large images, and phones', are
///   grids of cells, which libavif decodes as their data arrives), exactly the final image's,
///   above transparent rows; a new preview each time more rows are decoded. An image of one
///   cell is decoded only once it has arrived whole, and sequences have no previews.
public final class AVIFDecoder: ImageDecoding {
    private let context: ImageDecodingContext
    private let options: Options
    /// How many rows the last preview had.
    private let previewRows = Mutex(0)

    /// What the decoder keeps besides the pixels.
    public struct Options: Hashable, Sendable {
        /// Keep the file's `Exif` payload (its TIFF structure) under `UserInfoKey.exifKey`, for
        /// callers that write it into their results (an image proxy's `sm:0`). Off by default,
        /// as JPEG's.
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
        let reader = try makeReader(data, isPartial: false)
        var container: ImageContainer
        if reader.frameCount > 1 {
            container = try decodeSequence(data, reader: reader)
        } else {
            guard let image = try reader.nextFrame() else { throw ImageDecodingError.truncated }
            container = ImageContainer(image: try context.thumbnail(of: image), type: .avif)
        }
        if let profile = reader.iccProfile { container.userInfo[.iccProfileKey] = profile }
        if let cicp = reader.cicp { container.userInfo[.cicpKey] = cicp }
        if options.keepsEXIF, let exif = reader.exifPayload.flatMap(EXIFStructure.tiffPayload) {
            container.userInfo[.exifKey] = exif
        }
        return container
    }

    /// libavif's YUV planes (up to 16 bits a sample, and alpha) beside the RGBA output, and a
    /// thumbnail's copy if asked, from the parsed header; `nil` when the header is not within
    /// the limits, which the decode refuses.
    public func estimatedMemory(for data: Data) -> Int? {
        guard let reader = try? makeReader(data, isPartial: false) else { return nil }
        let samples = 3 + (reader.hasAlpha ? 1 : 0)
        let target =
            context.request.thumbnail == nil ? (0, 0) : context.targetSize(width: reader.width, height: reader.height)
        return reader.width * reader.height * (4 + 2 * samples) + target.0 * target.1 * 4
    }

    /// A preview of partial data, as the type's documentation describes; `nil` when there is
    /// nothing new to show.
    public func decodePartiallyDownloadedData(_ data: Data) -> ImageContainer? {
        guard context.previewPolicy == .incremental,
            let reader = try? makeReader(data, isPartial: true), reader.frameCount == 1,
            let rows = try? reader.decodeAvailableRows(), rows > 0
        else { return nil }
        let isNew = previewRows.withLock { previous in
            guard rows > previous else { return false }
            previous = rows
            return true
        }
        guard isNew, let preview = try? context.thumbnail(of: try reader.decodedImage(rows: rows)) else { return nil }
        var container = ImageContainer(image: preview, type: .avif, isPreview: true)
        if let profile = reader.iccProfile { container.userInfo[.iccProfileKey] = profile }
        if let cicp = reader.cicp { container.userInfo[.cicpKey] = cicp }
        return container
    }

    /// A reader of `data` (complete, or the start of a download) once it is within the limits:
    /// the pixel and frame limits, and the memory budget for libavif's YUV planes (up to 16 bits
    /// a sample, and alpha) beside the RGBA output.
    private func makeReader(_ data: Data, isPartial: Bool) throws -> AVIFReader {
        let reader = try AVIFReader(
            data: data,
            maximumPixelCount: context.maximumPixelCount,
            maximumFrameCount: context.maximumFrameCount,
            partialSizeHint: isPartial ? partialSizeHint(data) : nil
        )
        let samplesPerPixel = 3 + (reader.hasAlpha ? 1 : 0)
        let (bytes, overflow) = (reader.width * reader.height).multipliedReportingOverflow(by: 4 + 2 * samplesPerPixel)
        guard !overflow, bytes <= context.memoryBudget else {
            throw ImageDecodingError.exceedsMemoryBudget(bytes: overflow ? .max : bytes, budget: context.memoryBudget)
        }
        return reader
    }

    /// libavif's bound for the size of a file still arriving: the length the response announced,
    /// else 1 GiB (libavif refuses boxes that claim to lie beyond it).
    private func partialSizeHint(_ data: Data) -> Int {
        let expected = context.dataResponse?.expectedContentLength ?? -1
        return expected >= data.count ? Int(expected) : 1 << 30
    }

    private func decodeSequence(_ data: Data, reader: AVIFReader) throws -> ImageContainer {
        let size = reader.transforms.size(width: reader.width, height: reader.height)
        let animation = ImageAnimation(
            width: size.width,
            height: size.height,
            frameDurations: try reader.frameDurations(),
            loopCount: 0,
            memoryBudget: context.animationMemoryBudget,
            source: AVIFAnimationSource(
                data: data,
                maximumPixelCount: context.maximumPixelCount,
                maximumFrameCount: context.maximumFrameCount
            )
        )
        let first = try context.thumbnail(of: try animation.frame(at: 0))
        return ImageContainer(image: first, type: .avif, data: data, animation: animation)
    }
}
