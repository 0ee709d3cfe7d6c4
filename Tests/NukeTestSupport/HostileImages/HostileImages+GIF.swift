// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

#if canImport(FoundationEssentials)
    public import FoundationEssentials
#else
    public import Foundation
#endif

extension HostileImages {
    /// A GIF whose logical screen is `width × height` and whose `frameCount` frames are each one
    /// pixel (a two-colour local palette, 40 ms delay): a few bytes a frame, whatever the canvas.
    public static func gif(width: Int, height: Int, frameCount: Int) -> Data {
        var data = Data("GIF89a".utf8)
        data.appendLittleEndian16(width)
        data.appendLittleEndian16(height)
        data.append(contentsOf: [0x00, 0, 0])  // no global palette
        for _ in 0..<frameCount {
            data.append(contentsOf: [0x21, 0xF9, 4, 0x00, 4, 0, 0, 0])  // graphic control: 4 cs delay
            data.append(0x2C)  // image descriptor at 0, 0, one pixel, local palette of 2 colours
            data.append(contentsOf: [0, 0, 0, 0, 1, 0, 1, 0, 0x80])
            data.append(contentsOf: [0xFF, 0, 0, 0, 0, 0xFF])
            // LZW, minimum code size 2: clear (4), index 0, end (5) in 3-bit codes, LSB first.
            data.append(contentsOf: [2, 2, 0x44, 0x01, 0])
        }
        data.append(0x3B)
        return data
    }
}
