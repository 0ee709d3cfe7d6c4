// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

/// How a stored image must be turned to appear upright: the eight values of the EXIF
/// `Orientation` tag (0x0112), also used by PNG's `eXIf` chunk and WebP's EXIF metadata.
public enum ImageOrientation: Int, Hashable, Sendable, CaseIterable {
    /// Stored upright.
    case up = 1
    /// Mirrored left to right.
    case upMirrored = 2
    /// Upside down.
    case down = 3
    /// Mirrored top to bottom.
    case downMirrored = 4
    /// Mirrored along the top-left to bottom-right diagonal.
    case leftMirrored = 5
    /// Must be turned 90° clockwise.
    case right = 6
    /// Mirrored along the top-right to bottom-left diagonal.
    case rightMirrored = 7
    /// Must be turned 90° counter-clockwise.
    case left = 8

    /// Whether turning the image upright swaps its width and height.
    public var swapsDimensions: Bool { rawValue >= 5 }
}

extension Bitmap {
    /// Returns the bitmap turned upright from the given orientation.
    public func applyingOrientation(_ orientation: ImageOrientation) -> Bitmap {
        guard orientation != .up, width > 0, height > 0 else { return self }
        let (outWidth, outHeight) = orientation.swapsDimensions ? (height, width) : (width, height)
        let bpp = pixelFormat.bytesPerPixel
        let (sourceWidth, sourceHeight, sourceStride) = (width, height, bytesPerRow)
        do {
            return try Bitmap(width: outWidth, height: outHeight, pixelFormat: pixelFormat, isOpaque: isOpaque) {
                buffer in
                withUnsafeBytes { source in
                    for y in 0..<outHeight {
                        for x in 0..<outWidth {
                            let (sx, sy): (Int, Int)
                            switch orientation {
                            case .up: (sx, sy) = (x, y)
                            case .upMirrored: (sx, sy) = (sourceWidth - 1 - x, y)
                            case .down: (sx, sy) = (sourceWidth - 1 - x, sourceHeight - 1 - y)
                            case .downMirrored: (sx, sy) = (x, sourceHeight - 1 - y)
                            case .leftMirrored: (sx, sy) = (y, x)
                            case .right: (sx, sy) = (y, sourceHeight - 1 - x)
                            case .rightMirrored: (sx, sy) = (sourceWidth - 1 - y, sourceHeight - 1 - x)
                            case .left: (sx, sy) = (sourceWidth - 1 - y, x)
                            }
                            let from = sy * sourceStride + sx * bpp
                            let to = (y * outWidth + x) * bpp
                            for channel in 0..<bpp { buffer[to + channel] = source[from + channel] }
                        }
                    }
                }
            }
        } catch {
            preconditionFailure("a reoriented bitmap has valid geometry: \(error)")
        }
    }
}
