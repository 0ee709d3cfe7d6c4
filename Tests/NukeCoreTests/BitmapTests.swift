// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

import Foundation
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
}
