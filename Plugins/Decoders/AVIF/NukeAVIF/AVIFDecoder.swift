// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

public import NukeCore

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
/// - The ICC profile's bytes are kept under `UserInfoKey.iccProfileKey`; without one, the colour
///   code points under `UserInfoKey.cicpKey` (a colour manager then converts either to sRGB).
/// - Sequences (`avis`) become an `ImageAnimation` whose frames are decoded in order on demand,
///   with their durations; the first frame is the container's `image` and the original data is
///   attached so caches keep the animation. libavif 0.11 reads no loop count: animations loop
///   forever.
/// - The size from the container is checked against the pixel limit, and the frame count against
///   the frame limit, before any pixel is decoded; the AV1 decoder is told the same pixel limit.
/// - Thumbnails are resampled after a full decode: libavif 0.11 cannot scale while decoding, so
///   there is no shrink-on-load either, and no previews of partial data.
public final class AVIFDecoder: ImageDecoding {
    private let context: ImageDecodingContext

    /// Creates a decoder for one download.
    public init(context: ImageDecodingContext) {
        self.context = context
    }

    /// Decodes complete data.
    public func decode(_ data: Data) throws -> ImageContainer {
        let reader = try AVIFReader(
            data: data,
            maximumPixelCount: context.maximumPixelCount,
            maximumFrameCount: context.maximumFrameCount
        )
        // libavif keeps the YUV planes (up to 16 bits a sample, and alpha) beside the RGBA output.
        let samplesPerPixel = 3 + (reader.hasAlpha ? 1 : 0)
        let (bytes, overflow) = (reader.width * reader.height).multipliedReportingOverflow(by: 4 + 2 * samplesPerPixel)
        guard !overflow, bytes <= context.memoryBudget else {
            throw ImageDecodingError.exceedsMemoryBudget(bytes: overflow ? .max : bytes, budget: context.memoryBudget)
        }
        var container: ImageContainer
        if reader.frameCount > 1 {
            container = try decodeSequence(data, reader: reader)
        } else {
            guard let image = try reader.nextFrame() else { throw ImageDecodingError.truncated }
            container = ImageContainer(image: try context.thumbnail(of: image), type: .avif)
        }
        if let profile = reader.iccProfile { container.userInfo[.iccProfileKey] = profile }
        if let cicp = reader.cicp { container.userInfo[.cicpKey] = cicp }
        return container
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
