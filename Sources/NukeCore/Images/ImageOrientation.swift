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
        do {
            return try Bitmap(width: outWidth, height: outHeight, pixelFormat: pixelFormat, isOpaque: isOpaque) {
                buffer in
                withUnsafeBytes { source in
                    let target = UnsafeMutableRawPointer(buffer.baseAddress!)
                    if pixelFormat.bytesPerPixel == 4 {
                        // Four bytes with an alignment of 1: rows may start anywhere.
                        reorient(orientation, source.baseAddress!, into: target, as: (UInt8, UInt8, UInt8, UInt8).self)
                    } else {
                        reorient(orientation, source.baseAddress!, into: target, as: UInt8.self)
                    }
                }
            }
        } catch {
            preconditionFailure("a reoriented bitmap has valid geometry: \(error)")
        }
    }

    /// Moves whole pixels (`Pixel` is one pixel's bytes) from `source` into `target`, tightly
    /// packed: flips row by row, turns in 32×32 tiles so both sides stay in cache.
    private func reorient<Pixel>(
        _ orientation: ImageOrientation,
        _ source: UnsafeRawPointer,
        into target: UnsafeMutableRawPointer,
        as _: Pixel.Type
    ) {
        let (sourceWidth, sourceHeight, sourceStride) = (width, height, bytesPerRow)
        let output = target.assumingMemoryBound(to: Pixel.self)
        func row(_ y: Int) -> UnsafePointer<Pixel> {
            UnsafeRawPointer(source + y * sourceStride).assumingMemoryBound(to: Pixel.self)
        }
        switch orientation {
        case .up, .upMirrored, .down, .downMirrored:
            let mirrors = orientation == .upMirrored || orientation == .down
            let flips = orientation == .down || orientation == .downMirrored
            for y in 0..<sourceHeight {
                let from = row(flips ? sourceHeight - 1 - y : y)
                let to = output + y * sourceWidth
                if mirrors {
                    for x in 0..<sourceWidth { to[x] = from[sourceWidth - 1 - x] }
                } else {
                    to.update(from: from, count: sourceWidth)
                }
            }
        case .leftMirrored, .right, .rightMirrored, .left:
            // The output is `sourceHeight` wide; output (x, y) reads source (sx, sy).
            let outWidth = sourceHeight
            let tile = 32
            for tileY in stride(from: 0, to: sourceWidth, by: tile) {
                for tileX in stride(from: 0, to: sourceHeight, by: tile) {
                    for y in tileY..<min(tileY + tile, sourceWidth) {
                        let to = output + y * outWidth
                        for x in tileX..<min(tileX + tile, sourceHeight) {
                            let (sx, sy): (Int, Int)
                            switch orientation {
                            case .leftMirrored: (sx, sy) = (y, x)
                            case .right: (sx, sy) = (y, sourceHeight - 1 - x)
                            case .rightMirrored: (sx, sy) = (sourceWidth - 1 - y, sourceHeight - 1 - x)
                            default: (sx, sy) = (sourceWidth - 1 - y, x)
                            }
                            to[x] = row(sy)[sx]
                        }
                    }
                }
            }
        }
    }
}
