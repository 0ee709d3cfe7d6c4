// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

public import NukeCore

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
/// - Thumbnails are resampled after a full decode; there are no previews of partial data yet.
public final class JXLDecoder: ImageDecoding {
    private let context: ImageDecodingContext

    /// Creates a decoder for one download.
    public init(context: ImageDecodingContext) {
        self.context = context
    }

    /// Decodes complete data.
    public func decode(_ data: Data) throws -> ImageContainer {
        guard data.starts(with: [0xFF, 0x0A]) || data.starts(with: [0, 0, 0, 0x0C, 0x4A, 0x58, 0x4C, 0x20]) else {
            throw ImageDecodingError.unrecognizedFormat
        }
        let reader = try JXLReader(data: data, maximumPixelCount: context.maximumPixelCount)
        let (bytes, overflow) = (reader.width * reader.height).multipliedReportingOverflow(by: 4 * 4)
        guard !overflow, bytes <= context.memoryBudget else {  // libjxl's float planes beside the output
            throw ImageDecodingError.exceedsMemoryBudget(bytes: overflow ? .max : bytes, budget: context.memoryBudget)
        }
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
