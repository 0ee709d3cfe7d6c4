// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

internal import CNukeGIF
public import NukeCore

#if canImport(FoundationEssentials)
    public import FoundationEssentials
#else
    public import Foundation
#endif

/// Encodes GIF with giflib: stills, and animations with a colour table per frame.
///
/// - Each frame's colours are its own when it draws at most 255, else 255 chosen by giflib's
///   median cut (decision 0024), with Floyd–Steinberg dithering when ``dithers`` is set.
/// - Alpha below 128 is transparent, above is opaque (GIF has no partial transparency).
/// - After the first frame, a frame stores only the rectangle that changed, its unchanged pixels
///   transparent; a frame that makes opaque pixels transparent again is preceded by a full frame
///   cleared after it is shown. Durations are rounded to centiseconds; the loop count is kept.
/// - Frames are read from the animation one at a time: three canvases are in memory at most.
public struct GIFEncoder: ImageEncoding, Hashable {
    /// Whether colours reduced to a palette are dithered (Floyd–Steinberg). Default `false`:
    /// smaller files, flat areas stay flat.
    public var dithers: Bool

    /// Creates an encoder.
    public init(dithers: Bool = false) {
        self.dithers = dithers
    }

    /// Encodes a still.
    ///
    /// - Throws: `ImageEncodingError` for an empty image or one over 65,535 pixels a side.
    public func encode(_ image: Bitmap) throws -> Data {
        let writer = try GIFFrameWriter(width: image.width, height: image.height, loopCount: 1, dithers: dithers)
        try writer.add(try image.convertedToRGBA(), delay: 0)
        return try writer.finish()
    }

    /// Encodes the container's animation when it has more than one frame, else its image.
    ///
    /// - Throws: `ImageEncodingError`, and the animation's errors for a frame it cannot produce.
    public func encode(_ container: ImageContainer, context: ImageEncodingContext) throws -> Data {
        guard let animation = container.animation, animation.frameCount > 1 else { return try encode(container.image) }
        try context.checkFrameCount(of: animation)
        let writer = try GIFFrameWriter(
            width: animation.width,
            height: animation.height,
            loopCount: animation.loopCount,
            dithers: dithers
        )
        for index in 0..<animation.frameCount {
            try writer.add(try animation.frame(at: index).convertedToRGBA(), delay: animation.frameDurations[index])
        }
        return try writer.finish()
    }
}
