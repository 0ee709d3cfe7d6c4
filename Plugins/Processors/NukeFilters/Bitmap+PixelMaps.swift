internal import NukeCore

extension Bitmap {
    /// Applies `transform` to every pixel's straight-alpha RGBA (0…1); the result is clamped.
    /// Gray input is read as RGB; the output stays gray when every result is achromatic.
    func mappingPixels(_ transform: (SIMD4<Float>) -> SIMD4<Float>) throws -> Bitmap {
        try mapping { pixel, _, _ in transform(pixel) }
    }

    /// Applies `transform` to every pixel's RGB (0…1), keeping alpha.
    func mappingColors(_ transform: (SIMD3<Float>) -> SIMD3<Float>) throws -> Bitmap {
        try mapping { pixel, _, _ in
            let rgb = transform(SIMD3(pixel.x, pixel.y, pixel.z))
            return SIMD4(rgb.x, rgb.y, rgb.z, pixel.w)
        }
    }

    /// Applies `transform` to every pixel's RGB with its position.
    func mappingColors(position: Bool, _ transform: (SIMD3<Float>, Int, Int) -> SIMD3<Float>) throws -> Bitmap {
        try mapping { pixel, x, y in
            let rgb = transform(SIMD3(pixel.x, pixel.y, pixel.z), x, y)
            return SIMD4(rgb.x, rgb.y, rgb.z, pixel.w)
        }
    }

    /// Combines each pixel's RGB with the same pixel of `other` (same size and format).
    func combining(_ other: Bitmap, _ transform: (SIMD3<Float>, SIMD3<Float>) -> SIMD3<Float>) throws -> Bitmap {
        try mapping { pixel, x, y in
            let second = other.normalizedPixel(x: x, y: y)
            let rgb = transform(SIMD3(pixel.x, pixel.y, pixel.z), SIMD3(second.x, second.y, second.z))
            return SIMD4(rgb.x, rgb.y, rgb.z, pixel.w)
        }
    }

    /// Blocks of `scale` pixels, aligned so block edges pass through the centre, each filled with
    /// the colour at its middle.
    func pixellated(scale: Double, centerX: Double, centerY: Double) throws -> Bitmap {
        func blockMiddle(_ coordinate: Int, _ center: Double, _ limit: Int) -> Int {
            let block = ((Double(coordinate) + 0.5 - center) / scale).rounded(.down)
            let middle = center + (block + 0.5) * scale
            return Swift.min(limit - 1, Swift.max(0, Int(middle.rounded(.down))))
        }
        return try mapping { _, x, y in
            normalizedPixel(x: blockMiddle(x, centerX, width), y: blockMiddle(y, centerY, height))
        }
    }

    /// The pixel at (x, y) as RGBA in 0…1 (gray expanded).
    func normalizedPixel(x: Int, y: Int) -> SIMD4<Float> {
        let offset = y * bytesPerRow + x * pixelFormat.bytesPerPixel
        return withUnsafeBytes { bytes in
            if pixelFormat == .gray8 {
                let value = Float(bytes[offset]) / 255
                return SIMD4(value, value, value, 1)
            }
            return SIMD4(
                Float(bytes[offset]),
                Float(bytes[offset + 1]),
                Float(bytes[offset + 2]),
                Float(bytes[offset + 3])
            ) / 255
        }
    }

    private func mapping(_ transform: (SIMD4<Float>, Int, Int) -> SIMD4<Float>) throws -> Bitmap {
        var isAchromatic = pixelFormat == .gray8
        var isOpaqueResult = true
        let rgba = try Bitmap(width: width, height: height, pixelFormat: .rgba8) { buffer in
            for y in 0..<height {
                for x in 0..<width {
                    let result = transform(normalizedPixel(x: x, y: y), x, y)
                    let clamped = (result.clamped(lowerBound: .zero, upperBound: SIMD4(repeating: 1)) * 255).rounded(
                        .toNearestOrAwayFromZero
                    )
                    let offset = (y * width + x) * 4
                    buffer[offset] = UInt8(clamped.x)
                    buffer[offset + 1] = UInt8(clamped.y)
                    buffer[offset + 2] = UInt8(clamped.z)
                    buffer[offset + 3] = UInt8(clamped.w)
                    if clamped.x != clamped.y || clamped.y != clamped.z { isAchromatic = false }
                    if clamped.w != 255 { isOpaqueResult = false }
                }
            }
        }
        guard isAchromatic, isOpaqueResult else { return rgba }
        return try Bitmap(width: width, height: height, pixelFormat: .gray8) { buffer in
            rgba.withUnsafeBytes { source in
                for index in 0..<(width * height) { buffer[index] = source[index * 4] }
            }
        }
    }
}
