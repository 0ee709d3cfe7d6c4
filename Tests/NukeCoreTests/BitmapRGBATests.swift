// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

import NukeCore
import Testing

@Suite struct BitmapRGBATests {
    @Test("Gray becomes opaque RGBA with the value in every colour channel; RGBA stays as is")
    func convertedToRGBA() throws {
        let gray = try Bitmap(width: 3, height: 2, pixelFormat: .gray8, pixels: [0, 10, 20, 30, 40, 250])
        let rgba = try gray.convertedToRGBA()
        #expect(rgba.pixelFormat == .rgba8 && rgba.isOpaque && rgba.width == 3 && rgba.height == 2)
        #expect(rgba.pixel(x: 2, y: 1) == [250, 250, 250, 255])
        #expect(rgba.pixel(x: 1, y: 0) == [10, 10, 10, 255])
        #expect(try rgba.convertedToRGBA() == rgba)
    }
}
