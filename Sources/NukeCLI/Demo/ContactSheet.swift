// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

import Nuke

/// Lays out images in a grid on a checkerboard (so transparency shows), one row per source
/// image, each image centred in its cell and scaled down if it does not fit.
enum ContactSheet {
    /// Renders `rows` into one opaque bitmap with cells of `cellWidth` × `cellHeight`.
    static func render(rows: [[Bitmap]], cellWidth: Int, cellHeight: Int, padding: Int = 8) throws -> Bitmap {
        let columns = rows.map(\.count).max() ?? 0
        let width = max(1, columns * (cellWidth + padding) + padding)
        let height = max(1, rows.count * (cellHeight + padding) + padding)
        var canvas = try Bitmap(width: width, height: height, pixelFormat: .rgba8, isOpaque: true) { buffer in
            for y in 0..<height {
                for x in 0..<width {
                    let shade: UInt8 = (x / 12 + y / 12) % 2 == 0 ? 236 : 212
                    let offset = (y * width + x) * 4
                    buffer[offset] = shade
                    buffer[offset + 1] = shade
                    buffer[offset + 2] = shade
                    buffer[offset + 3] = 255
                }
            }
        }
        for (row, images) in rows.enumerated() {
            for (column, image) in images.enumerated() {
                guard let fitted = fit(image, width: cellWidth, height: cellHeight) else { continue }
                let left = padding + column * (cellWidth + padding) + (cellWidth - fitted.width) / 2
                let top = padding + row * (cellHeight + padding) + (cellHeight - fitted.height) / 2
                composite(fitted, onto: &canvas, left: left, top: top)
            }
        }
        return canvas
    }

    /// `image`, scaled down to fit `width` × `height` if needed; `nil` if it cannot be.
    private static func fit(_ image: Bitmap, width: Int, height: Int) -> Bitmap? {
        guard image.width > width || image.height > height else { return image }
        let size = ImageSize(width: Double(width), height: Double(height))
        let fitted = ImageProcessors.Resize(size: size, unit: .pixels, contentMode: .aspectFit).process(image)
        return fitted.flatMap { $0.width <= width && $0.height <= height ? $0 : nil }
    }

    /// Draws `image` over `canvas` with source-over alpha blending.
    private static func composite(_ image: Bitmap, onto canvas: inout Bitmap, left: Int, top: Int) {
        let canvasRow = canvas.bytesPerRow
        let isGray = image.pixelFormat == .gray8
        canvas.withUnsafeMutableBytes { target in
            image.withUnsafeBytes { source in
                for y in 0..<image.height {
                    for x in 0..<image.width {
                        let from = y * image.bytesPerRow + x * image.pixelFormat.bytesPerPixel
                        let to = (top + y) * canvasRow + (left + x) * 4
                        let alpha = isGray ? 255 : Int(source[from + 3])
                        for channel in 0..<3 {
                            let value = Int(source[from + (isGray ? 0 : channel)])
                            let below = Int(target[to + channel])
                            target[to + channel] = UInt8((value * alpha + below * (255 - alpha) + 127) / 255)
                        }
                    }
                }
            }
        }
    }
}
