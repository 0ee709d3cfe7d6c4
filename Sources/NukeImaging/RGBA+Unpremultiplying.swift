// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

extension UnsafeMutableBufferPointer where Element == UInt8 {
    /// Turns premultiplied RGBA pixels (4 bytes each) into straight alpha in place: each colour
    /// divided by its pixel's alpha, rounded to nearest; opaque and fully transparent pixels stay
    /// as they are. The one home of this for decoders whose libraries premultiply (libheif's
    /// premultiplied alpha, libtiff's associated alpha, cairo).
    package func unpremultiplyRGBA() {
        for pixel in stride(from: 0, to: count - 3, by: 4) {
            let alpha = Int(self[pixel + 3])
            guard alpha > 0, alpha < 255 else { continue }
            for channel in 0..<3 {
                self[pixel + channel] = UInt8(Swift.min(255, (Int(self[pixel + channel]) * 255 + alpha / 2) / alpha))
            }
        }
    }
}
