// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

import Foundation
import NukeCore
import NukeGIF
import NukeLoopback
import NukeWebP
import Testing

@Suite struct ImageWriterTests {
    private let red = try! Bitmap(width: 8, height: 6, pixelFormat: .rgba8, fill: [255, 0, 0, 255])
    private let blue = try! Bitmap(width: 8, height: 6, pixelFormat: .rgba8, fill: [0, 0, 255, 255])

    @Test func gifWriterFramesDecodeWithTheirDelaysAndLoopCount() throws {
        let data = GIFWriter.encode(
            [GIFWriter.Frame(image: red, delayCentiseconds: 10), GIFWriter.Frame(image: blue, delayCentiseconds: 30)],
            repetitionCount: 3
        )

        let container = try GIFDecoder(context: ImageDecodingContext(request: ImageRequest(url: nil), data: data))
            .decode(data)

        let animation = try #require(container.animation)
        #expect(animation.frameDurations == [0.1, 0.3])
        #expect(animation.loopCount == 4)  // three repetitions: four plays
        #expect(container.image.pixel(x: 4, y: 3) == [255, 0, 0, 255])
        #expect(Array(animation.frames).map { $0.pixel(x: 4, y: 3) } == [[255, 0, 0, 255], [0, 0, 255, 255]])
    }

    @Test func animatedWebPWriterAssemblesFramesLibwebpDecodes() throws {
        let frames = try [red, blue].map { image in
            AnimatedWebPWriter.Frame(webp: try WebPEncoder(mode: .lossless).encode(image), durationMilliseconds: 70)
        }

        let data = try AnimatedWebPWriter.assemble(frames, width: 8, height: 6)
        let container = try WebPDecoder(context: ImageDecodingContext(request: ImageRequest(url: nil), data: data))
            .decode(data)

        let animation = try #require(container.animation)
        #expect(animation.frameDurations == [0.07, 0.07])
        #expect(Array(animation.frames).map { $0.pixel(x: 4, y: 3) } == [[255, 0, 0, 255], [0, 0, 255, 255]])
    }

    @Test func animatedWebPWriterRefusesAFrameThatIsNotWebP() throws {
        let still = try WebPEncoder(mode: .lossless).encode(red)
        let frames = [still, Data("not a WebP file".utf8)].map {
            AnimatedWebPWriter.Frame(webp: $0, durationMilliseconds: 70)
        }

        #expect(throws: AnimatedWebPWriter.Error.notWebP(frame: 1)) {
            try AnimatedWebPWriter.assemble(frames, width: 8, height: 6)
        }
    }
}
