// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

public import NukeCore

#if canImport(FoundationEssentials)
    public import FoundationEssentials
#else
    public import Foundation
#endif

/// Writes animated GIFs from bitmaps, for generated fixtures and the demo gallery.
///
/// Deliberately simple: one fixed 256-colour palette (3 bits red, 3 green, 2 blue, no
/// dithering, nearest level per channel), opaque frames over the whole canvas, and LZW data that only ever uses literal
/// codes (a clear code every 200 pixels keeps codes 9 bits wide). Every decoder reads it; it is
/// larger than a real encoder's output.
public enum GIFWriter {
    /// One frame and how long it shows.
    public struct Frame: Sendable {
        /// The frame's pixels; every frame must have the canvas size.
        public var image: Bitmap
        /// The delay in hundredths of a second.
        public var delayCentiseconds: Int

        /// Creates a frame.
        public init(image: Bitmap, delayCentiseconds: Int) {
            self.image = image
            self.delayCentiseconds = delayCentiseconds
        }
    }

    /// Encodes `frames` as an animated GIF whose NETSCAPE2.0 block says `repetitionCount`
    /// (0: loop for ever); browsers, and `ImageAnimation.loopCount`, play it that many times plus one.
    public static func encode(_ frames: [Frame], repetitionCount: Int = 0) -> Data {
        precondition(!frames.isEmpty, "a GIF needs at least one frame")
        let width = frames[0].image.width
        let height = frames[0].image.height
        var out = Data("GIF89a".utf8)
        out.appendLittleEndian16(width)
        out.appendLittleEndian16(height)
        out.append(contentsOf: [0xF7, 0, 0])  // 256-entry global palette, background 0, square pixels
        for index in 0..<256 {
            out.append(contentsOf: paletteColor(index))
        }
        out.append(contentsOf: [0x21, 0xFF, 0x0B])
        out.append(contentsOf: Array("NETSCAPE2.0".utf8))
        out.append(contentsOf: [0x03, 0x01])
        out.appendLittleEndian16(repetitionCount)
        out.append(0)
        for frame in frames {
            precondition(frame.image.width == width && frame.image.height == height, "frames must share a size")
            out.append(contentsOf: [0x21, 0xF9, 0x04, 0x04])  // graphic control: keep the frame
            out.appendLittleEndian16(frame.delayCentiseconds)
            out.append(contentsOf: [0, 0])
            out.append(0x2C)
            out.append(contentsOf: [0, 0, 0, 0])
            out.appendLittleEndian16(width)
            out.appendLittleEndian16(height)
            out.append(0)
            out.append(8)  // LZW minimum code size
            appendSubBlocks(literalLZW(paletteIndices(frame.image)), to: &out)
        }
        out.append(0x3B)
        return out
    }

    private static func paletteColor(_ index: Int) -> [UInt8] {
        [UInt8((index >> 5) * 255 / 7), UInt8(((index >> 2) & 7) * 255 / 7), UInt8((index & 3) * 255 / 3)]
    }

    private static func paletteIndices(_ image: Bitmap) -> [UInt8] {
        var indices = [UInt8]()
        indices.reserveCapacity(image.pixelCount)
        for y in 0..<image.height {
            for x in 0..<image.width {
                let pixel = image.pixel(x: x, y: y)
                let isGray = pixel.count == 1
                let red = (Int(pixel[0]) * 7 + 127) / 255
                let green = (Int(isGray ? pixel[0] : pixel[1]) * 7 + 127) / 255
                let blue = (Int(isGray ? pixel[0] : pixel[2]) * 3 + 127) / 255
                indices.append(UInt8(red << 5 | green << 2 | blue))
            }
        }
        return indices
    }

    /// 9-bit codes, least significant bit first: clear, literals (a clear every 200), end.
    private static func literalLZW(_ indices: [UInt8]) -> [UInt8] {
        let clear = 256
        let end = 257
        var bytes = [UInt8]()
        var accumulator = 0
        var bitCount = 0
        func emit(_ code: Int) {
            accumulator |= code << bitCount
            bitCount += 9
            while bitCount >= 8 {
                bytes.append(UInt8(accumulator & 0xFF))
                accumulator >>= 8
                bitCount -= 8
            }
        }
        for (position, index) in indices.enumerated() {
            if position % 200 == 0 { emit(clear) }
            emit(Int(index))
        }
        emit(end)
        if bitCount > 0 { bytes.append(UInt8(accumulator & 0xFF)) }
        return bytes
    }

    private static func appendSubBlocks(_ bytes: [UInt8], to out: inout Data) {
        var start = 0
        while start < bytes.count {
            let count = min(255, bytes.count - start)
            out.append(UInt8(count))
            out.append(contentsOf: bytes[start..<start + count])
            start += count
        }
        out.append(0)
    }
}
