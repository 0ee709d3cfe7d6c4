// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

public import NukeCore

extension Bitmap {
    /// A `width × height` RGBA image of pseudo-random samples, the same for the same `seed`: every
    /// level and hard edges everywhere, which make resampling filters overshoot (and clamp).
    /// Opaque, or with random alpha of which about one pixel in eight is fully transparent and
    /// one in eight fully opaque.
    public static func noise(width: Int, height: Int, isOpaque: Bool, seed: UInt64 = 1) throws -> Bitmap {
        var state = seed
        func next() -> UInt8 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return UInt8(truncatingIfNeeded: state >> 33)
        }
        var pixels = [UInt8]()
        pixels.reserveCapacity(width * height * 4)
        for _ in 0..<(width * height) {
            pixels += [next(), next(), next()]
            guard !isOpaque else {
                pixels.append(255)
                continue
            }
            let alpha = next()
            pixels.append(alpha < 32 ? 0 : alpha > 223 ? 255 : alpha)
        }
        return try Bitmap(
            width: width,
            height: height,
            pixelFormat: .rgba8,
            pixels: pixels,
            isOpaque: isOpaque ? true : nil
        )
    }

    /// A `width × height` gray image of pseudo-random levels: ``noise(width:height:isOpaque:seed:)``'s
    /// red channel.
    public static func grayNoise(width: Int, height: Int, seed: UInt64 = 1) throws -> Bitmap {
        let rgba = try noise(width: width, height: height, isOpaque: true, seed: seed)
        let pixels = rgba.withUnsafeBytes { bytes in stride(from: 0, to: bytes.count, by: 4).map { bytes[$0] } }
        return try Bitmap(width: width, height: height, pixelFormat: .gray8, pixels: pixels)
    }
}
