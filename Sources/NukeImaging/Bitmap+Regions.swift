// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

public import NukeCore

extension Bitmap {
    /// The pixels of the rectangle at (`x`, `y`), `width × height`, as a new bitmap in the same
    /// pixel format; the bitmap itself when the rectangle is the whole image. For processors that
    /// cut an image.
    ///
    /// - Throws: ``BitmapError/rectangleOutsideImage(x:y:width:height:)`` when the rectangle is
    ///   empty or does not lie inside the image.
    public func cropped(x: Int, y: Int, width: Int, height: Int) throws -> Bitmap {
        guard width > 0, height > 0, x >= 0, y >= 0, x <= self.width - width, y <= self.height - height else {
            throw BitmapError.rectangleOutsideImage(x: x, y: y, width: width, height: height)
        }
        if x == 0, y == 0, width == self.width, height == self.height { return self }
        let bytesPerPixel = pixelFormat.bytesPerPixel
        let rowBytes = width * bytesPerPixel
        let stride = bytesPerRow
        return try Bitmap(width: width, height: height, pixelFormat: pixelFormat, isOpaque: isOpaque ? true : nil) {
            buffer in
            let target = UnsafeMutableRawBufferPointer(buffer)
            withUnsafeBytes { source in
                for row in 0..<height {
                    let start = (y + row) * stride + x * bytesPerPixel
                    UnsafeMutableRawBufferPointer(rebasing: target[row * rowBytes..<(row + 1) * rowBytes])
                        .copyMemory(from: UnsafeRawBufferPointer(rebasing: source[start..<start + rowBytes]))
                }
            }
        }
    }

    /// A copy of the bitmap with `other`'s pixels copied over it, their top-left corner at
    /// (`x`, `y`); the parts of `other` outside the bitmap are left out. Pixels are replaced, not
    /// blended (blend with your own code, or `ImageProcessors.Overlay` in NukeProcessors). A gray
    /// `other` on an RGBA bitmap is expanded to RGBA; an RGBA `other` on a gray bitmap makes the
    /// result RGBA.
    ///
    /// - Throws: ``BitmapError`` if a conversion cannot allocate.
    public func pasting(_ other: Bitmap, atX x: Int, y: Int) throws -> Bitmap {
        var base = pixelFormat == other.pixelFormat || pixelFormat == .rgba8 ? self : try convertedToRGBA()
        let source = other.pixelFormat == base.pixelFormat ? other : try other.convertedToRGBA()
        let left = max(0, x)
        let top = max(0, y)
        let right = min(base.width, x.addingReportingOverflow(source.width).partialValue)
        let bottom = min(base.height, y.addingReportingOverflow(source.height).partialValue)
        guard right > left, bottom > top else { return base }
        let bytesPerPixel = base.pixelFormat.bytesPerPixel
        let rowBytes = (right - left) * bytesPerPixel
        let baseStride = base.bytesPerRow
        base.withUnsafeMutableBytes { target in
            source.withUnsafeBytes { pixels in
                for row in top..<bottom {
                    let from = (row - y) * source.bytesPerRow + (left - x) * bytesPerPixel
                    let to = row * baseStride + left * bytesPerPixel
                    UnsafeMutableRawBufferPointer(rebasing: target[to..<to + rowBytes])
                        .copyMemory(from: UnsafeRawBufferPointer(rebasing: pixels[from..<from + rowBytes]))
                }
            }
        }
        return try Bitmap(
            width: base.width,
            height: base.height,
            pixelFormat: base.pixelFormat,
            bytesPerRow: base.bytesPerRow,
            pixels: base.pixels,
            isOpaque: base.isOpaque && source.isOpaque ? true : nil
        )
    }
}
