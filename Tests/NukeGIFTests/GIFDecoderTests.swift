// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

import Foundation
import NukeCore
import NukeTestSupport
import Testing

@testable import NukeGIF

func fixture(_ name: String) throws -> Data {
    let url = try #require(Bundle.module.url(forResource: name, withExtension: nil, subdirectory: "Fixtures"))
    return try Data(contentsOf: url)
}

func decode(
    _ data: Data,
    request: ImageRequest = ImageRequest(url: nil),
    maximumPixelCount: Int = 1 << 28,
    budget: Int = 64 << 20
)
    throws -> ImageContainer
{
    let context = ImageDecodingContext(
        request: request,
        data: data,
        maximumPixelCount: maximumPixelCount,
        animationMemoryBudget: budget
    )
    return try GIFDecoder(context: context).decode(data)
}

@Suite struct GIFDecoderTests {
    static let animated = [
        ("disposal-none", 3), ("disposal-background", 4), ("disposal-previous", 4), ("local-palettes", 2),
        ("zero-delays", 3),
    ]

    @Test("Every composited frame matches ImageMagick's -coalesce", arguments: animated)
    func compositedFrames(name: String, count: Int) throws {
        let container = try decode(try fixture(name + ".gif"))
        let animation = try #require(container.animation)
        #expect(container.type == .gif)
        #expect(animation.frameCount == count)
        #expect(container.frameCount == count)
        #expect(container.data == (try fixture(name + ".gif")), "the original data is attached")
        for index in 0..<count {
            // ImageMagick keeps the background colour in pixels it clears to transparent.
            let expected = try ReferenceImage.clearingTransparentColor(
                try ReferenceImage.read(try fixture("\(name).frame-\(index).reference.pam"))
            )
            let frame = try ReferenceImage.clearingTransparentColor(try animation.frame(at: index))
            #expect(ReferenceImage.maximumDifference(frame, expected) == 0, "frame \(index)")
        }
        #expect(ReferenceImage.maximumDifference(container.image, try animation.frame(at: 0)) == 0)
    }

    @Test("Interlaced frames and stills; a still has no animation")
    func interlacedAndStill() throws {
        for name in ["interlaced", "still"] {
            let container = try decode(try fixture(name + ".gif"))
            #expect(container.animation == nil)
            #expect(container.frameCount == 1)
            let expected = try ReferenceImage.read(try fixture("\(name).frame-0.reference.pam"))
            #expect(ReferenceImage.maximumDifference(container.image, expected) == 0, "\(name)")
        }
    }

    @Test("Delays follow the browser rule; loop counts come from NETSCAPE2.0")
    func timing() throws {
        let zero = try #require(try decode(try fixture("zero-delays.gif")).animation)
        #expect(zero.frameDurations == [0.1, 0.1, 0.07])
        #expect(zero.loopCount == 1, "no NETSCAPE2.0 extension: plays once")
        let previous = try #require(try decode(try fixture("disposal-previous.gif")).animation)
        #expect(previous.frameDurations == [0.1, 0.2, 0.2, 0.2])
        #expect(previous.loopCount == 4, "three repetitions: four plays")
        #expect(GIFDecoder.playCount(repetitions: 0) == 0)
        #expect(try decode(try fixture("disposal-none.gif")).animation?.loopCount == 0)
        #expect(abs(previous.duration - 0.7) < 1e-9)
    }

    @Test("Frames are random access and a sequence; going back recomposes correctly within a tiny budget")
    func access() throws {
        let container = try decode(try fixture("disposal-previous.gif"), budget: 24 * 18 * 4)  // Room for one frame.
        let animation = try #require(container.animation)
        let forward = Array(animation.frames)
        #expect(forward.count == 4)
        for index in [3, 0, 2, 1, 3] {
            #expect(try animation.frame(at: index) == forward[index])
        }
        #expect(throws: ImageDecodingError.self) { try animation.frame(at: 4) }
        #expect(throws: ImageDecodingError.self) { try animation.frame(at: -1) }
    }

    @Test("A truncated file yields the frames whose data is complete")
    func truncated() throws {
        let container = try decode(try fixture("truncated.gif"))
        let count = container.frameCount
        #expect(count >= 2 && count < 4)
        #expect(Array(try #require(container.animation).frames).count == count)
    }

    @Test("Bad input: not a GIF, too small, over the pixel limit, frames outside the screen")
    func badInput() throws {
        #expect(throws: ImageDecodingError.unrecognizedFormat) { try decode(Data("PNG".utf8)) }
        #expect(throws: ImageDecodingError.self) { try decode(Data("GIF89a".utf8)) }
        #expect(throws: ImageDecodingError.imageTooLarge(width: 24, height: 18, limit: 100)) {
            try decode(try fixture("still.gif"), maximumPixelCount: 100)
        }
        var outside = [UInt8](try fixture("disposal-none.gif"))
        // Move the second frame's left edge (after the 0x2C of its descriptor) past the screen.
        let descriptors = outside.indices.filter { outside[$0] == 0x2C && $0 > 13 + 24 }
        let second = try #require(descriptors.dropFirst().first { outside[$0 - 8] == 0x21 || outside[$0 - 1] == 0 })
        outside[second + 1] = 200
        #expect(throws: ImageDecodingError.self) { try decode(Data(outside)) }
    }

    @Test("A 1,000-frame 1000×1000 GIF decodes within the memory budget")
    func largeAnimation() throws {
        let data = makeLargeGIF(frames: 1000, size: 1000)
        let container = try decode(data, budget: 16 << 20)
        let animation = try #require(container.animation)
        #expect(animation.frameCount == 1000)
        #expect(try animation.frame(at: 999).pixel(x: 999, y: 999)[3] == 255)
        #expect(try animation.frame(at: 500).width == 1000)
    }

    @Test("Partial data gives exactly one preview: the first frame, once it is complete")
    func preview() throws {
        let data = try fixture("disposal-none.gif")
        let decoder = GIFDecoder(context: ImageDecodingContext(request: ImageRequest(url: nil), data: data))
        var previews = 0
        for length in stride(from: 10, through: data.count, by: 20) {
            if let preview = decoder.decodePartiallyDownloadedData(data.prefix(length)) {
                #expect(preview.isPreview && preview.image.width == 24)
                previews += 1
            }
        }
        #expect(previews == 1)
    }

    /// A GIF of `frames` 1×1 white frames along the diagonal of a `size`² screen, the last one at
    /// the bottom-right corner: tiny to store, yet every composited frame is a full canvas.
    private func makeLargeGIF(frames: Int, size: Int) -> Data {
        var data = Data("GIF89a".utf8)
        data += [UInt8(size & 0xFF), UInt8(size >> 8), UInt8(size & 0xFF), UInt8(size >> 8), 0x80, 0, 0]
        data += [0, 0, 0, 255, 255, 255]  // Two colours.
        data += [0x21, 0xFF, 0x0B] + Array("NETSCAPE2.0".utf8) + [3, 1, 0, 0, 0]
        for index in 0..<frames {
            data += [0x21, 0xF9, 4, 0x04, 2, 0, 0, 0]  // Disposal none, delay 2.
            let position = index == frames - 1 ? size - 1 : index % size
            data += [
                0x2C, UInt8(position & 0xFF), UInt8(position >> 8), UInt8(position & 0xFF), UInt8(position >> 8), 1, 0,
                1, 0, 0,
            ]
            data += [2, 2, 0x4C, 0x01, 0]  // LZW: min size 2, codes clear(4), 1, end(5).
        }
        data += [0x3B]
        return data
    }
}
