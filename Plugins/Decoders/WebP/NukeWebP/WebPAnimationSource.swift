// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

internal import CNukeLibWebP
internal import NukeCore

#if canImport(FoundationEssentials)
    internal import FoundationEssentials
#else
    internal import Foundation
#endif

/// An animated WebP's frames: the canvas and loop count from the demuxer (no decoding), the
/// frames' places and durations from one pass over the container (``WebPFrameList``), and each
/// frame decoded and composited in turn by ``WebPAnimationCursor``.
struct WebPAnimationSource: AnimationFrameSource {
    let data: Data
    let width: Int
    let height: Int
    let frames: [WebPFrameList.Frame]
    let loopCount: Int

    /// The frames' durations, in seconds.
    var durations: [Double] { frames.map(\.duration) }

    /// Reads the canvas, loop count and frames; throws `ImageDecodingError.tooManyFrames` past
    /// `maximumFrameCount`, before reading any frame.
    init(data: Data, maximumFrameCount: Int) throws {
        self.data = data
        var header: (width: Int, height: Int, loopCount: Int, frameCount: Int)?
        data.withUnsafeBytes { bytes in
            var webpData = WebPData(bytes: bytes.baseAddress?.assumingMemoryBound(to: UInt8.self), size: bytes.count)
            guard let demuxer = WebPDemux(&webpData) else { return }
            defer { WebPDemuxDelete(demuxer) }
            header = (
                Int(WebPDemuxGetI(demuxer, WEBP_FF_CANVAS_WIDTH)),
                Int(WebPDemuxGetI(demuxer, WEBP_FF_CANVAS_HEIGHT)),
                Int(WebPDemuxGetI(demuxer, WEBP_FF_LOOP_COUNT)),
                Int(WebPDemuxGetI(demuxer, WEBP_FF_FRAME_COUNT))
            )
        }
        guard let header, header.width > 0, header.height > 0, header.frameCount > 0 else {
            throw ImageDecodingError.corrupt(reason: "the WebP animation cannot be parsed")
        }
        guard header.frameCount <= maximumFrameCount else {
            throw ImageDecodingError.tooManyFrames(limit: maximumFrameCount)
        }
        guard let frames = WebPFrameList.read(data), frames.count == header.frameCount,
            frames.allSatisfy({ $0.x + $0.width <= header.width && $0.y + $0.height <= header.height })
        else {
            throw ImageDecodingError.corrupt(reason: "the WebP animation's frames cannot be listed")
        }
        (width, height, loopCount, self.frames) = (header.width, header.height, header.loopCount, frames)
    }

    func makeCursor() throws -> any AnimationFrameCursor {
        WebPAnimationCursor(data: data, frames: frames, width: width, height: height)
    }
}

/// One pass over an animated WebP: decodes each frame into its rectangle of the canvas and
/// composites it as libwebp's `WebPAnimDecoder` does, pixel for pixel (key frames, blending of
/// straight alpha, disposal to transparent), but in time linear in the frame count.
final class WebPAnimationCursor: AnimationFrameCursor {
    private let data: Data
    private let frames: [WebPFrameList.Frame]
    private let width: Int
    private let height: Int
    private var next = 0
    /// The canvas being drawn, and the previous frame's canvas after its disposal.
    private var canvas: [UInt8]
    private var disposed: [UInt8]
    private var previousWasKeyFrame = false

    init(data: Data, frames: [WebPFrameList.Frame], width: Int, height: Int) {
        self.data = data
        self.frames = frames
        self.width = width
        self.height = height
        self.canvas = []
        self.disposed = []
    }

    func nextFrame() throws -> Bitmap? {
        guard next < frames.count else { return nil }
        if canvas.isEmpty {  // Allocated on first use: the source may never be played.
            canvas = [UInt8](repeating: 0, count: width * height * 4)
            disposed = canvas
        }
        let frame = frames[next]
        let previous = next > 0 ? frames[next - 1] : nil
        let hasAlpha = try features(of: frame).hasAlpha
        let isKeyFrame = isKey(frame, hasAlpha: hasAlpha, previous: previous)
        if isKeyFrame {
            canvas.withUnsafeMutableBytes { _ = $0.initializeMemory(as: UInt8.self, repeating: 0) }
        } else {
            canvas = disposed
        }
        try decode(frame)
        if let previous, frame.blends, !isKeyFrame {
            blend(frame, over: previous)
        }
        disposed = canvas
        if frame.disposesToBackground { clear(frame, in: &disposed) }
        previousWasKeyFrame = isKeyFrame
        next += 1
        return try Bitmap(width: width, height: height, pixelFormat: .rgba8) { buffer in
            canvas.withUnsafeBufferPointer { buffer.baseAddress!.update(from: $0.baseAddress!, count: buffer.count) }
        }
    }

    /// libwebp's rule: the first frame; a frame that covers the canvas and has no alpha or does
    /// not blend; or one after a frame disposed to the background that covered the canvas or was
    /// itself a key frame. A key frame starts from a transparent canvas.
    private func isKey(_ frame: WebPFrameList.Frame, hasAlpha: Bool, previous: WebPFrameList.Frame?) -> Bool {
        guard let previous else { return true }
        if (!hasAlpha || !frame.blends), covers(frame) { return true }
        return previous.disposesToBackground && (covers(previous) || previousWasKeyFrame)
    }

    private func covers(_ frame: WebPFrameList.Frame) -> Bool {
        frame.width == width && frame.height == height
    }

    private func features(of frame: WebPFrameList.Frame) throws -> (width: Int, height: Int, hasAlpha: Bool) {
        var features = WebPBitstreamFeatures()
        let status = data.withUnsafeBytes { bytes in
            WebPGetFeatures(
                bytes.baseAddress!.assumingMemoryBound(to: UInt8.self) + frame.payload.lowerBound,
                frame.payload.count,
                &features
            )
        }
        guard status == VP8_STATUS_OK, Int(features.width) == frame.width, Int(features.height) == frame.height
        else {
            throw ImageDecodingError.corrupt(reason: "a WebP animation frame is damaged")
        }
        return (frame.width, frame.height, features.has_alpha != 0)
    }

    /// Decodes the frame's straight RGBA pixels into its rectangle of the canvas.
    private func decode(_ frame: WebPFrameList.Frame) throws {
        var config = WebPDecoderConfig()
        guard WebPInitDecoderConfig(&config) != 0 else {
            throw ImageDecodingError.unsupported(reason: "libwebp version mismatch")
        }
        let stride = width * 4
        let status = canvas.withUnsafeMutableBytes { canvas in
            data.withUnsafeBytes { bytes in
                config.output.colorspace = MODE_RGBA
                config.output.is_external_memory = 1
                config.output.u.RGBA.rgba =
                    canvas.baseAddress!.assumingMemoryBound(to: UInt8.self) + frame.y * stride + frame.x * 4
                config.output.u.RGBA.stride = Int32(stride)
                config.output.u.RGBA.size = stride * (frame.height - 1) + frame.width * 4
                return WebPDecode(
                    bytes.baseAddress!.assumingMemoryBound(to: UInt8.self) + frame.payload.lowerBound,
                    frame.payload.count,
                    &config
                )
            }
        }
        WebPFreeDecBuffer(&config.output)
        guard status == VP8_STATUS_OK else {
            throw ImageDecodingError.corrupt(reason: "a WebP animation frame is damaged")
        }
    }

    /// Blends the frame's pixels that are not opaque over the previous canvas (after its
    /// disposal), except where that disposal cleared it: there the frame's pixels stand as
    /// decoded, as in libwebp.
    private func blend(_ frame: WebPFrameList.Frame, over previous: WebPFrameList.Frame) {
        let clearedByPrevious = previous.disposesToBackground
        canvas.withUnsafeMutableBytes { canvas in
            disposed.withUnsafeBytes { disposed in
                for y in frame.y..<(frame.y + frame.height) {
                    for x in frame.x..<(frame.x + frame.width) {
                        if clearedByPrevious, (previous.x..<(previous.x + previous.width)).contains(x),
                            (previous.y..<(previous.y + previous.height)).contains(y)
                        {
                            continue
                        }
                        let offset = (y * width + x) * 4
                        Self.blendPixel(at: offset, source: canvas, destination: disposed)
                    }
                }
            }
        }
    }

    /// libwebp's `BlendPixelNonPremult`: straight-alpha "over" in integer arithmetic, for a
    /// source pixel that is not opaque.
    private static func blendPixel(
        at offset: Int,
        source: UnsafeMutableRawBufferPointer,
        destination: UnsafeRawBufferPointer
    ) {
        let sourceAlpha = UInt32(source[offset + 3])
        guard sourceAlpha != 255 else { return }
        guard sourceAlpha != 0 else {
            for channel in 0..<4 { source[offset + channel] = destination[offset + channel] }
            return
        }
        let destinationAlpha = UInt32(destination[offset + 3])
        let destinationFactor = (destinationAlpha * (256 - sourceAlpha)) >> 8
        let alpha = sourceAlpha + destinationFactor
        let scale = (UInt32(1) << 24) / alpha
        for channel in 0..<3 {
            let mixed =
                UInt32(source[offset + channel]) * sourceAlpha
                + UInt32(destination[offset + channel]) * destinationFactor
            source[offset + channel] = UInt8(truncatingIfNeeded: (mixed * scale) >> 24)
        }
        source[offset + 3] = UInt8(truncatingIfNeeded: alpha)
    }

    /// Clears the frame's rectangle to transparent.
    private func clear(_ frame: WebPFrameList.Frame, in canvas: inout [UInt8]) {
        for y in frame.y..<(frame.y + frame.height) {
            let start = (y * width + frame.x) * 4
            canvas.replaceSubrange(start..<(start + frame.width * 4), with: repeatElement(0, count: frame.width * 4))
        }
    }
}
