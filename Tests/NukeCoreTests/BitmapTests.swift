// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

import Foundation
import NukeImaging
import NukeTestSupport
import Testing

@testable import NukeCore

@Suite struct BitmapTests {
    @Test("Geometry is validated; opacity is computed or given")
    func creation() throws {
        #expect(throws: BitmapError.self) { try Bitmap(width: -1, height: 1, pixelFormat: .gray8, pixels: []) }
        #expect(throws: BitmapError.self) { try Bitmap(width: 2, height: 2, pixelFormat: .rgba8, pixels: [0, 0, 0]) }
        #expect(throws: BitmapError.self) {
            try Bitmap(
                width: 2,
                height: 1,
                pixelFormat: .rgba8,
                bytesPerRow: 4,
                pixels: [UInt8](repeating: 0, count: 8)
            )
        }
        let opaque = try Bitmap(width: 2, height: 1, pixelFormat: .rgba8, pixels: [1, 2, 3, 255, 4, 5, 6, 255])
        #expect(opaque.isOpaque)
        let translucent = try Bitmap(width: 2, height: 1, pixelFormat: .rgba8, pixels: [1, 2, 3, 255, 4, 5, 6, 10])
        #expect(!translucent.isOpaque)
        #expect(try Bitmap(width: 3, height: 3, pixelFormat: .gray8).isOpaque)
        #expect(
            try Bitmap(width: 2, height: 2, pixelFormat: .rgba8, fill: [9, 8, 7, 6]).pixel(x: 1, y: 1) == [9, 8, 7, 6]
        )
    }

    @Test("Copies share storage until written (copy-on-write)")
    func copyOnWrite() throws {
        let original = try Bitmap(width: 2, height: 2, pixelFormat: .gray8, fill: [5])
        var copy = original
        copy.withUnsafeMutableBytes { $0[0] = 99 }
        #expect(original.pixel(x: 0, y: 0) == [5])
        #expect(copy.pixel(x: 0, y: 0) == [99])
    }

    @Test("Memory-cache cost inputs: 640×480 RGBA is 1,228,800 bytes")
    func byteCount() throws {
        #expect(try Bitmap(width: 640, height: 480, pixelFormat: .rgba8).byteCount == 1_228_800)
    }

    @Test("cropped takes a rectangle inside the image, with padded rows; anything else is a typed error")
    func cropped() throws {
        // 4×3 gray with two padding bytes a row: values 10·y + x.
        var pixels = [UInt8]()
        for y in 0..<3 { pixels += (0..<4).map { UInt8(10 * y + $0) } + [99, 99] }
        let image = try Bitmap(width: 4, height: 3, pixelFormat: .gray8, bytesPerRow: 6, pixels: pixels)
        let part = try image.cropped(x: 1, y: 1, width: 2, height: 2)
        #expect(part.width == 2 && part.height == 2 && part.bytesPerRow == 2)
        #expect(part.pixels == [11, 12, 21, 22])
        #expect(try image.cropped(x: 0, y: 0, width: 4, height: 3) == image)
        for (x, y, width, height) in [
            (0, 0, 0, 1), (-1, 0, 2, 2), (3, 0, 2, 1), (0, 2, 1, 2), (.max, 0, 1, 1), (0, 0, .max, 1),
        ] {
            #expect(throws: BitmapError.rectangleOutsideImage(x: x, y: y, width: width, height: height)) {
                try image.cropped(x: x, y: y, width: width, height: height)
            }
        }
    }

    @Test("pasting copies pixels over a copy, clipped; formats are reconciled")
    func pasting() throws {
        let base = try Bitmap(width: 4, height: 4, pixelFormat: .rgba8, fill: [0, 0, 0, 255])
        let patch = try Bitmap(width: 2, height: 2, pixelFormat: .rgba8, fill: [200, 100, 50, 128])
        let pasted = try base.pasting(patch, atX: 3, y: -1)
        #expect(pasted.pixel(x: 3, y: 0) == [200, 100, 50, 128])
        #expect(pasted.pixel(x: 2, y: 0) == [0, 0, 0, 255] && pasted.pixel(x: 3, y: 1) == [0, 0, 0, 255])
        #expect(!pasted.isOpaque && base.isOpaque)
        #expect(try base.pasting(patch, atX: 10, y: 10) == base)
        let gray = try Bitmap(width: 3, height: 3, pixelFormat: .gray8, fill: [7])
        let mixed = try gray.pasting(patch, atX: 0, y: 0)
        #expect(mixed.pixelFormat == .rgba8 && mixed.pixel(x: 2, y: 2) == [7, 7, 7, 255])
        let grayPatch = try Bitmap(width: 1, height: 1, pixelFormat: .gray8, fill: [90])
        #expect(try base.pasting(grayPatch, atX: 1, y: 1).pixel(x: 1, y: 1) == [90, 90, 90, 255])
        #expect(try gray.pasting(grayPatch, atX: 1, y: 1).pixel(x: 1, y: 1) == [90])
    }
}
