// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

extension Bitmap {
    /// The bitmap as RGBA: a gray bitmap becomes an opaque RGBA copy (each value in red, green and
    /// blue); an RGBA bitmap is returned as is. For encoders whose library takes RGBA only.
    public func convertedToRGBA() throws -> Bitmap {
        guard pixelFormat == .gray8 else { return self }
        return try Bitmap(width: width, height: height, pixelFormat: .rgba8, isOpaque: true) { buffer in
            withUnsafeBytes { gray in
                for y in 0..<height {
                    for x in 0..<width {
                        let value = gray[y * bytesPerRow + x]
                        let offset = (y * width + x) * 4
                        buffer[offset] = value
                        buffer[offset + 1] = value
                        buffer[offset + 2] = value
                        buffer[offset + 3] = 255
                    }
                }
            }
        }
    }
}
