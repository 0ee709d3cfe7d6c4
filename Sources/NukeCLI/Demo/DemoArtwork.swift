// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

import Foundation
import Nuke

/// Draws the demo gallery's pictures: small landscapes, shapes on a transparent background and
/// the frames of a bouncing ball, all computed pixel by pixel so the demo needs no files.
enum DemoArtwork {
    /// A landscape: a sky gradient, a sun and two rows of hills; `seed` varies the colours and
    /// shapes.
    static func landscape(width: Int, height: Int, seed: Int) throws -> Bitmap {
        let hue = Double(seed % 7) / 7
        let sunX = Double(width) * (0.2 + 0.6 * Double((seed * 37) % 11) / 10)
        let sunY = Double(height) * 0.3
        let sunRadius = Double(height) * 0.12
        return try draw(width: width, height: height, isOpaque: true) { x, y in
            let fx = Double(x)
            let fy = Double(y)
            let near = Double(height) * (0.78 + 0.08 * sin(fx / Double(width) * 9 + Double(seed)))
            let far = Double(height) * (0.6 + 0.1 * sin(fx / Double(width) * 5 + Double(seed) * 2))
            if fy > near {
                return color(hue: hue + 0.35, saturation: 0.6, value: 0.45 - 0.2 * (fy - near) / Double(height))
            }
            if fy > far { return color(hue: hue + 0.45, saturation: 0.4, value: 0.6) }
            let distance = ((fx - sunX) * (fx - sunX) + (fy - sunY) * (fy - sunY)).squareRoot()
            if distance < sunRadius { return color(hue: 0.13, saturation: 0.7, value: 1) }
            return color(hue: hue, saturation: 0.5 - 0.3 * fy / Double(height), value: 0.95)
        }
    }

    /// Overlapping translucent discs on a transparent background.
    static func shapes(width: Int, height: Int, seed: Int) throws -> Bitmap {
        let discs = (0..<5).map { index in
            let x: Double = Double(width) * Double((seed * 13 + index * 29) % 17 + 2) / 20
            let y: Double = Double(height) * Double((seed * 7 + index * 11) % 13 + 2) / 16
            let radius: Double = Double(min(width, height)) * (0.15 + 0.05 * Double(index % 3))
            return (
                x: x, y: y, radius: radius, color: color(hue: Double(seed + index) / 5, saturation: 0.8, value: 0.95)
            )
        }
        return try draw(width: width, height: height, isOpaque: false) { x, y in
            var pixel: (Double, Double, Double, Double) = (0, 0, 0, 0)
            for disc in discs {
                let dx = Double(x) - disc.x
                let dy = Double(y) - disc.y
                guard dx * dx + dy * dy < disc.radius * disc.radius else { continue }
                let alpha = 0.7
                let outAlpha = alpha + pixel.3 * (1 - alpha)
                func blend(_ top: UInt8, _ bottom: Double) -> Double {
                    (Double(top) * alpha + bottom * pixel.3 * (1 - alpha)) / outAlpha
                }
                pixel = (
                    blend(disc.color.0, pixel.0), blend(disc.color.1, pixel.1), blend(disc.color.2, pixel.2), outAlpha
                )
            }
            return (UInt8(pixel.0), UInt8(pixel.1), UInt8(pixel.2), UInt8(pixel.3 * 255))
        }
    }

    /// Frame `index` of `count` of a ball bouncing across a checkered floor.
    static func bouncingBall(width: Int, height: Int, frame index: Int, of count: Int) throws -> Bitmap {
        let phase = Double(index) / Double(count)
        let ballX = Double(width) * (0.15 + 0.7 * phase)
        let ballY = Double(height) * (0.75 - 0.5 * abs(sin(phase * .pi * 2)))
        let radius = Double(height) * 0.14
        return try draw(width: width, height: height, isOpaque: true) { x, y in
            let dx = Double(x) - ballX
            let dy = Double(y) - ballY
            if dx * dx + dy * dy < radius * radius { return color(hue: 0.0, saturation: 0.8, value: 0.9) }
            if Double(y) > Double(height) * 0.85 {
                return (x / 10 + y / 10) % 2 == 0 ? (70, 70, 80, 255) : (200, 200, 210, 255)
            }
            return color(hue: 0.58, saturation: 0.3, value: 0.95)
        }
    }

    private static func draw(
        width: Int,
        height: Int,
        isOpaque: Bool,
        _ pixel: (Int, Int) -> (UInt8, UInt8, UInt8, UInt8)
    ) throws -> Bitmap {
        try Bitmap(width: width, height: height, pixelFormat: .rgba8, isOpaque: isOpaque) { buffer in
            var offset = 0
            for y in 0..<height {
                for x in 0..<width {
                    let (red, green, blue, alpha) = pixel(x, y)
                    buffer[offset] = red
                    buffer[offset + 1] = green
                    buffer[offset + 2] = blue
                    buffer[offset + 3] = alpha
                    offset += 4
                }
            }
        }
    }

    /// An opaque colour from hue (wrapping), saturation and value, all 0…1.
    private static func color(hue: Double, saturation: Double, value: Double) -> (UInt8, UInt8, UInt8, UInt8) {
        let h = (hue - hue.rounded(.down)) * 6
        let s = min(max(saturation, 0), 1)
        let v = min(max(value, 0), 1)
        let c = v * s
        let x = c * (1 - abs(h.truncatingRemainder(dividingBy: 2) - 1))
        let (r, g, b): (Double, Double, Double) =
            switch Int(h) {
            case 0: (c, x, 0)
            case 1: (x, c, 0)
            case 2: (0, c, x)
            case 3: (0, x, c)
            case 4: (x, 0, c)
            default: (c, 0, x)
            }
        let m = v - c
        return (UInt8((r + m) * 255), UInt8((g + m) * 255), UInt8((b + m) * 255), 255)
    }
}
