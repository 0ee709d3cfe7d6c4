// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

import CNukeLibWebP
import Foundation
import NukeCore
import NukeTestSupport
import Testing

@testable import NukeWebP

@Suite("Animated WebP compositing matches libwebp's WebPAnimDecoder pixel for pixel")
struct WebPCompositingTests {
    /// Every frame as libwebp's own animation decoder composites it.
    static func libwebpFrames(_ data: Data) throws -> [[UInt8]] {
        try data.withUnsafeBytes { bytes in
            var webpData = WebPData(bytes: bytes.baseAddress!.assumingMemoryBound(to: UInt8.self), size: bytes.count)
            var options = WebPAnimDecoderOptions()
            _ = WebPAnimDecoderOptionsInit(&options)
            options.color_mode = MODE_RGBA
            let decoder = try #require(WebPAnimDecoderNew(&webpData, &options))
            defer { WebPAnimDecoderDelete(decoder) }
            var info = WebPAnimInfo()
            _ = WebPAnimDecoderGetInfo(decoder, &info)
            var frames: [[UInt8]] = []
            while WebPAnimDecoderHasMoreFrames(decoder) != 0 {
                var canvas: UnsafeMutablePointer<UInt8>?
                var timestamp: Int32 = 0
                #expect(WebPAnimDecoderGetNext(decoder, &canvas, &timestamp) != 0)
                let count = Int(info.canvas_width * info.canvas_height) * 4
                frames.append(Array(UnsafeBufferPointer(start: try #require(canvas), count: count)))
            }
            return frames
        }
    }

    /// Every frame as ``WebPAnimationCursor`` composites it.
    static func ourFrames(_ data: Data) throws -> [[UInt8]] {
        let source = try WebPAnimationSource(data: data, maximumFrameCount: 10_000)
        let cursor = try source.makeCursor()
        var frames: [[UInt8]] = []
        while let frame = try cursor.nextFrame() {
            frames.append(frame.withUnsafeBytes { Array($0) })
        }
        return frames
    }

    /// A still of `width × height` with alpha varying over it (`seed` picks the pattern), lossless
    /// or lossy.
    static func still(width: Int, height: Int, seed: Int, opaque: Bool, lossless: Bool) throws -> Data {
        let image = try Bitmap(width: width, height: height, pixelFormat: .rgba8, isOpaque: opaque ? true : nil) {
            buffer in
            for y in 0..<height {
                for x in 0..<width {
                    let offset = (y * width + x) * 4
                    buffer[offset] = UInt8((x * 37 + seed * 50) % 256)
                    buffer[offset + 1] = UInt8((y * 53 + seed * 90) % 256)
                    buffer[offset + 2] = UInt8((x * y + seed * 30) % 256)
                    buffer[offset + 3] = opaque ? 255 : UInt8([0, 40, 128, 200, 255][(x + y + seed) % 5])
                }
            }
        }
        return try WebPEncoder(mode: lossless ? .lossless : .lossy(quality: 0.8)).encode(image)
    }

    @Test("The fixtures (blending; a GIF's disposal)")
    func fixtures() throws {
        for name in ["animated-blend", "animated-from-gif"] {
            let url = try #require(Bundle.module.url(forResource: "Fixtures/\(name)", withExtension: "webp"))
            let data = try Data(contentsOf: url)
            #expect(try Self.ourFrames(data) == Self.libwebpFrames(data), "\(name)")
        }
    }

    @Test("Generated: every mix of placement, blending, disposal, alpha and compression", arguments: 0..<12)
    func generated(seed: Int) throws {
        let (width, height) = (24, 18)
        var generator = SeededGenerator(seed: UInt64(seed))
        var frames: [AnimatedWebPWriter.Frame] = []
        for index in 0..<8 {
            // Some frames cover the canvas (key-frame rules), others a rectangle at an even offset.
            let covers = generator.next() % 3 == 0
            let frameWidth = covers ? width : 2 + Int(generator.next() % 16)
            let frameHeight = covers ? height : 2 + Int(generator.next() % 12)
            let x = covers ? 0 : Int(generator.next() % UInt64((width - frameWidth) / 2 + 1)) * 2
            let y = covers ? 0 : Int(generator.next() % UInt64((height - frameHeight) / 2 + 1)) * 2
            let still = try Self.still(
                width: frameWidth,
                height: frameHeight,
                seed: seed * 8 + index,
                opaque: generator.next() % 3 == 0,
                lossless: generator.next() % 2 == 0
            )
            frames.append(
                AnimatedWebPWriter.Frame(
                    webp: still,
                    durationMilliseconds: 50,
                    size: (frameWidth, frameHeight),
                    origin: (x, y),
                    blends: generator.next() % 2 == 0,
                    disposesToBackground: generator.next() % 2 == 0
                )
            )
        }
        let data = try AnimatedWebPWriter.assemble(frames, width: width, height: height)
        let ours = try Self.ourFrames(data)
        let libwebp = try Self.libwebpFrames(data)
        #expect(ours.count == 8)
        for index in 0..<min(ours.count, libwebp.count) {
            #expect(ours[index] == libwebp[index], "seed \(seed), frame \(index)")
        }
    }

    @Test("A frame whose data does not match its rectangle is a typed error")
    func mismatchedFrame() throws {
        let still = try Self.still(width: 8, height: 8, seed: 1, opaque: true, lossless: true)
        let frame = AnimatedWebPWriter.Frame(webp: still, durationMilliseconds: 50, size: (6, 6))
        let data = try AnimatedWebPWriter.assemble([frame], width: 8, height: 8)
        #expect(throws: ImageDecodingError.self) { try Self.ourFrames(data) }
    }
}
