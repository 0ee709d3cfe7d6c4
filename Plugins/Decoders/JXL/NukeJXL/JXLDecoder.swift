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

/// Decodes JPEG XL with libjxl: stills and animations, lossy and lossless, with alpha.
///
/// - Pixels come out as straight-alpha RGBA, 8 bits a channel, with the file's orientation
///   applied by libjxl; the colour profile of the decoded pixels is kept under
///   `UserInfoKey.iccProfileKey` (a colour manager then converts it to sRGB).
/// - Animations become an `ImageAnimation` whose frames are decoded in order on demand, with
///   their durations and loop count; the first frame is the container's `image` and the data is
///   attached so caches keep the animation.
/// - The size is checked against the pixel limit and the frame count against the frame limit
///   (frame headers are read without decoding pixels) before any frame is decoded.
/// - Thumbnails are resampled after a full decode.
/// - Previews of a still image as it downloads (the `.incremental` preview policy, the default
///   for JPEG XL): from the moment the image's 1:8 DC has arrived, libjxl's rendering of what it
///   has — the DC upsampled, with every group decoded so far at full detail; a new preview only
///   when it differs from the last. Lossy files have a DC early (a third of the file or less);
///   lossless files and animations have no previews.
public final class JXLDecoder: ImageDecoding {
    private let context: ImageDecodingContext
    /// A digest of the last preview's pixels (libjxl keeps every byte it is given, so how much
    /// of the data it used does not tell a new preview from the last).
    private let lastPreviewDigest = Mutex<Int?>(nil)

    /// Creates a decoder for one download.
    public init(context: ImageDecodingContext) {
        self.context = context
    }

    /// Decodes complete data.
    public func decode(_ data: Data) throws -> ImageContainer {
        let reader = try makeReader(data, isPartial: false)
        var container: ImageContainer
        if reader.isAnimated {
            container = try decodeAnimation(data, header: reader)
        } else {
            guard let image = try reader.nextFrame() else { throw ImageDecodingError.truncated }
            container = ImageContainer(image: try context.thumbnail(of: image), type: .jxl)
        }
        if let profile = reader.iccProfile { container.userInfo[.iccProfileKey] = profile }
        return container
    }

    /// libjxl's float planes beside the output, and a thumbnail's copy if asked, from the basic
    /// info; `nil` when the header is not within the limits, which the decode refuses.
    public func estimatedMemory(for data: Data) -> Int? {
        guard let reader = try? JXLReader(data: data, maximumPixelCount: context.maximumPixelCount, headersOnly: true)
        else { return nil }
        let target =
            context.request.thumbnail == nil ? (0, 0) : context.targetSize(width: reader.width, height: reader.height)
        return reader.width * reader.height * 4 * 4 + target.0 * target.1 * 4
    }

    /// A preview of partial data, as the type's documentation describes; `nil` when there is
    /// nothing new to show.
    public func decodePartiallyDownloadedData(_ data: Data) -> ImageContainer? {
        guard context.previewPolicy == .incremental,
            let reader = try? makeReader(data, isPartial: true), !reader.isAnimated,
            let preview = try? reader.preview()
        else { return nil }
        let digest = preview.withUnsafeBytes { bytes in
            var hasher = Hasher()
            hasher.combine(bytes: bytes)
            return hasher.finalize()
        }
        let isNew = lastPreviewDigest.withLock { last in
            guard digest != last else { return false }
            last = digest
            return true
        }
        guard isNew, let image = try? context.thumbnail(of: preview) else { return nil }
        var container = ImageContainer(image: image, type: .jxl, isPreview: true)
        if let profile = reader.iccProfile { container.userInfo[.iccProfileKey] = profile }
        return container
    }

    /// A reader of `data` once it is known to be JPEG XL within the limits: the pixel limit,
    /// and the memory budget for libjxl's float planes beside the output.
    private func makeReader(_ data: Data, isPartial: Bool) throws -> JXLReader {
        guard data.starts(with: [0xFF, 0x0A]) || data.starts(with: [0, 0, 0, 0x0C, 0x4A, 0x58, 0x4C, 0x20]) else {
            throw ImageDecodingError.unrecognizedFormat
        }
        let reader = try JXLReader(data: data, maximumPixelCount: context.maximumPixelCount, isPartial: isPartial)
        let (bytes, overflow) = (reader.width * reader.height).multipliedReportingOverflow(by: 4 * 4)
        guard !overflow, bytes <= context.memoryBudget else {
            throw ImageDecodingError.exceedsMemoryBudget(bytes: overflow ? .max : bytes, budget: context.memoryBudget)
        }
        return reader
    }

    private func decodeAnimation(_ data: Data, header: JXLReader) throws -> ImageContainer {
        let durations = try JXLReader(data: data, maximumPixelCount: context.maximumPixelCount, headersOnly: true)
            .frameDurations(limit: context.maximumFrameCount)
        guard !durations.isEmpty else { throw ImageDecodingError.truncated }
        let animation = ImageAnimation(
            width: header.width,
            height: header.height,
            frameDurations: durations,
            loopCount: header.loopCount,
            memoryBudget: context.animationMemoryBudget,
            source: JXLAnimationSource(data: data, maximumPixelCount: context.maximumPixelCount)
        )
        let first = try context.thumbnail(of: try animation.frame(at: 0))
        return ImageContainer(image: first, type: .jxl, data: data, animation: animation)
    }
}

/// A JPEG XL animation's frames, decoded (and composited by libjxl) in order.
struct JXLAnimationSource: AnimationFrameSource {
    let data: Data
    let maximumPixelCount: Int

    func makeCursor() throws -> any AnimationFrameCursor {
        JXLAnimationCursor(reader: try JXLReader(data: data, maximumPixelCount: maximumPixelCount))
    }
}

/// One pass over an animation's frames.
final class JXLAnimationCursor: AnimationFrameCursor {
    private let reader: JXLReader

    init(reader: JXLReader) {
        self.reader = reader
    }

    func nextFrame() throws -> Bitmap? {
        try reader.nextFrame()
    }
}
