// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

import Nuke

/// Where the most interesting window of an image lies (imgproxy's `g:sm`).
///
/// The image is reduced to at most ``analysisSize`` pixels on its long side; each pixel scores
/// its edge strength (a Laplacian of luma), its saturation and its closeness to skin tones, as
/// libvips' "attention" strategy does; the window of the crop's size with the highest total wins,
/// the one nearest the centre among equals (so a flat image is cropped in the middle).
enum SmartCrop {
    /// The long side of the image the scores are computed on.
    static let analysisSize = 128

    /// The top left corner of the `crop` window of `image` with the most interest, clamped to the
    /// image.
    static func origin(crop: (width: Int, height: Int), in image: Bitmap) -> (x: Int, y: Int) {
        let spare = (x: image.width - crop.width, y: image.height - crop.height)
        guard spare.x > 0 || spare.y > 0 else { return (0, 0) }
        let scale = max(1, Double(max(image.width, image.height)) / Double(analysisSize))
        let width = max(1, Int((Double(image.width) / scale).rounded()))
        let height = max(1, Int((Double(image.height) / scale).rounded()))
        guard let small = try? image.resized(width: width, height: height, filter: .bilinear) else {
            return (spare.x / 2, spare.y / 2)
        }
        let scores = interest(small)
        let window = (
            width: min(width, max(1, Int((Double(crop.width) / scale).rounded()))),
            height: min(height, max(1, Int((Double(crop.height) / scale).rounded())))
        )
        let best = bestWindow(scores, width: width, height: height, window: window)
        let x = Int((Double(best.x) * Double(spare.x) / Double(max(1, width - window.width))).rounded())
        let y = Int((Double(best.y) * Double(spare.y) / Double(max(1, height - window.height))).rounded())
        return (
            width == window.width ? spare.x / 2 : min(max(0, x), spare.x),
            height == window.height ? spare.y / 2 : min(max(0, y), spare.y)
        )
    }

    /// Each pixel's interest: edges, saturation and skin.
    private static func interest(_ image: Bitmap) -> [Double] {
        let (width, height) = (image.width, image.height)
        var luma = [Double](repeating: 0, count: width * height)
        var colour = [Double](repeating: 0, count: width * height)
        image.withUnsafeBytes { bytes in
            let bpp = image.pixelFormat.bytesPerPixel
            for y in 0..<height {
                for x in 0..<width {
                    let offset = y * image.bytesPerRow + x * bpp
                    let (r, g, b) =
                        bpp == 1
                        ? (Double(bytes[offset]), Double(bytes[offset]), Double(bytes[offset]))
                        : (Double(bytes[offset]), Double(bytes[offset + 1]), Double(bytes[offset + 2]))
                    let index = y * width + x
                    luma[index] = 0.299 * r + 0.587 * g + 0.114 * b
                    let saturation = max(r, g, b) - min(r, g, b)
                    colour[index] = saturation / 2 + skin(r, g, b) * 64
                }
            }
        }
        var scores = colour
        for y in 0..<height {
            for x in 0..<width {
                let center = luma[y * width + x]
                let left = luma[y * width + max(0, x - 1)]
                let right = luma[y * width + min(width - 1, x + 1)]
                let up = luma[max(0, y - 1) * width + x]
                let down = luma[min(height - 1, y + 1) * width + x]
                scores[y * width + x] += abs(4 * center - left - right - up - down)
            }
        }
        return scores
    }

    /// How close a colour is to skin (1 on smartcrop.js's skin tone, 0 far from it).
    private static func skin(_ r: Double, _ g: Double, _ b: Double) -> Double {
        let length = (r * r + g * g + b * b).squareRoot()
        guard length > 0 else { return 0 }
        let (dr, dg, db) = (r / length - 0.78, g / length - 0.57, b / length - 0.44)
        return max(0, 1 - (dr * dr + dg * dg + db * db).squareRoot() * 8)
    }

    /// The top left corner of the `window` with the highest total score, nearest the centre among
    /// equal totals; sums from a summed-area table.
    private static func bestWindow(
        _ scores: [Double],
        width: Int,
        height: Int,
        window: (width: Int, height: Int)
    ) -> (x: Int, y: Int) {
        var table = [Double](repeating: 0, count: (width + 1) * (height + 1))
        for y in 0..<height {
            var row = 0.0
            for x in 0..<width {
                row += scores[y * width + x]
                table[(y + 1) * (width + 1) + x + 1] = table[y * (width + 1) + x + 1] + row
            }
        }
        func total(_ x: Int, _ y: Int) -> Double {
            let (right, bottom) = (x + window.width, y + window.height)
            return table[bottom * (width + 1) + right] - table[y * (width + 1) + right]
                - table[bottom * (width + 1) + x] + table[y * (width + 1) + x]
        }
        let middle = (x: Double(width - window.width) / 2, y: Double(height - window.height) / 2)
        var best = (x: Int(middle.x), y: Int(middle.y))
        var bestTotal = total(best.x, best.y)
        var bestDistance =
            (Double(best.x) - middle.x) * (Double(best.x) - middle.x)
            + (Double(best.y) - middle.y) * (Double(best.y) - middle.y)
        for y in 0...(height - window.height) {
            for x in 0...(width - window.width) {
                let candidate = total(x, y)
                let distance =
                    (Double(x) - middle.x) * (Double(x) - middle.x) + (Double(y) - middle.y) * (Double(y) - middle.y)
                // Relative tolerance: sums of many doubles in different orders differ in the last bits.
                let tolerance = max(1e-9, abs(bestTotal) * 1e-9)
                if candidate > bestTotal + tolerance
                    || (abs(candidate - bestTotal) <= tolerance && distance < bestDistance)
                {
                    (best, bestTotal, bestDistance) = ((x, y), candidate, distance)
                }
            }
        }
        return best
    }
}
