// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

internal import CNukeLibWebP
internal import NukeCore

#if canImport(FoundationEssentials)
    internal import FoundationEssentials
#else
    internal import Foundation
#endif

/// An animated WebP's frames: durations and loop count from the demuxer (no decoding), frames
/// from `WebPAnimDecoder`.
struct WebPAnimationSource: AnimationFrameSource {
    let data: Data
    let width: Int
    let height: Int
    let durations: [Double]
    let loopCount: Int

    /// Reads the canvas, loop count and frame durations; throws
    /// `ImageDecodingError.tooManyFrames` past `maximumFrameCount`, before reading any frame.
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
        guard let durations = WebPFrameDurations.read(data), durations.count == header.frameCount else {
            throw ImageDecodingError.corrupt(reason: "the WebP animation's frames cannot be listed")
        }
        (width, height, loopCount, self.durations) = (header.width, header.height, header.loopCount, durations)
    }

    func makeCursor() throws -> any AnimationFrameCursor {
        try WebPAnimationCursor(data: data, width: width, height: height)
    }
}

/// One pass over an animated WebP; owns the decoder and a copy of the bytes it reads.
final class WebPAnimationCursor: AnimationFrameCursor {
    private let bytes: UnsafeMutableRawBufferPointer
    private let decoder: OpaquePointer
    private let width: Int
    private let height: Int

    init(data: Data, width: Int, height: Int) throws {
        let copy = UnsafeMutableRawBufferPointer.allocate(byteCount: max(1, data.count), alignment: 16)
        _ = data.copyBytes(to: copy.bindMemory(to: UInt8.self))
        var webpData = WebPData(bytes: copy.baseAddress!.assumingMemoryBound(to: UInt8.self), size: data.count)
        var options = WebPAnimDecoderOptions()
        guard WebPAnimDecoderOptionsInit(&options) != 0 else {
            copy.deallocate()
            throw ImageDecodingError.unsupported(reason: "libwebp version mismatch")
        }
        options.color_mode = MODE_RGBA
        guard let decoder = WebPAnimDecoderNew(&webpData, &options) else {
            copy.deallocate()
            throw ImageDecodingError.corrupt(reason: "the WebP animation cannot be decoded")
        }
        self.bytes = copy
        self.decoder = decoder
        self.width = width
        self.height = height
    }

    func nextFrame() throws -> Bitmap? {
        guard WebPAnimDecoderHasMoreFrames(decoder) != 0 else { return nil }
        var canvas: UnsafeMutablePointer<UInt8>?
        var timestamp: Int32 = 0
        guard WebPAnimDecoderGetNext(decoder, &canvas, &timestamp) != 0, let canvas else {
            throw ImageDecodingError.corrupt(reason: "a WebP animation frame is damaged")
        }
        // The canvas belongs to the decoder and changes with the next frame: copy it.
        return try Bitmap(width: width, height: height, pixelFormat: .rgba8) { buffer in
            buffer.baseAddress!.update(from: canvas, count: buffer.count)
        }
    }

    deinit {
        WebPAnimDecoderDelete(decoder)
        bytes.deallocate()
    }
}
