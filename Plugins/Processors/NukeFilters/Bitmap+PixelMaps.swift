// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

internal import NukeCore
internal import NukeImaging

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
            // Limited before it becomes an Int: a huge scale or centre puts it past Int's range.
            return Int(middle.clampedToZero(upTo: Double(limit - 1)))
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
        let isGray = pixelFormat == .gray8
        let stride = bytesPerRow
        let rgba = try Bitmap(width: width, height: height, pixelFormat: .rgba8) { buffer in
            guard let base = buffer.baseAddress else { return }  // no pixels
            let output = UnsafeMutableRawPointer(base)
            withUnsafeBytes { source in
                let scale = SIMD4<Float>(repeating: 1 / 255)
                for y in 0..<height {
                    let line = y &* stride
                    for x in 0..<width {
                        let pixel: SIMD4<Float>
                        if isGray {
                            let value = Float(source[line &+ x]) / 255
                            pixel = SIMD4(value, value, value, 1)
                        } else {
                            let bytes = source.loadUnaligned(fromByteOffset: line &+ x &* 4, as: SIMD4<UInt8>.self)
                            pixel = SIMD4<Float>(SIMD4<Int32>(truncatingIfNeeded: bytes)) * scale
                        }
                        let bytes = (transform(pixel, x, y).clampedToZero(upTo: 1) * 255).roundedHalfUpToBytes()
                        output.storeBytes(of: bytes, toByteOffset: (y &* width &+ x) &* 4, as: SIMD4<UInt8>.self)
                        if isAchromatic, bytes.x != bytes.y || bytes.y != bytes.z { isAchromatic = false }
                        if bytes.w != 255 { isOpaqueResult = false }
                    }
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

/// An affine colour transform in 0…1: `output = rows · (r, g, b, a) + bias`.
struct ColorMatrix {
    var r: SIMD4<Float>
    var g: SIMD4<Float>
    var b: SIMD4<Float>
    var a: SIMD4<Float> = SIMD4(0, 0, 0, 1)
    var bias: SIMD4<Float> = .zero

    /// The identity.
    static let identity = ColorMatrix(r: SIMD4(1, 0, 0, 0), g: SIMD4(0, 1, 0, 0), b: SIMD4(0, 0, 1, 0))

    /// Each RGB row set to `weights` scaled by `tint`'s component (used for luminance maps).
    static func luminance(_ weights: SIMD3<Float>, tint: SIMD3<Float> = SIMD3(repeating: 1)) -> ColorMatrix {
        let row = SIMD4(weights.x, weights.y, weights.z, 0)
        return ColorMatrix(r: row * tint.x, g: row * tint.y, b: row * tint.z)
    }

    /// `self + (other − self) · amount`, for filters mixed by an intensity.
    func mixed(with other: ColorMatrix, amount: Float) -> ColorMatrix {
        ColorMatrix(
            r: r + (other.r - r) * amount,
            g: g + (other.g - g) * amount,
            b: b + (other.b - b) * amount,
            a: a + (other.a - a) * amount,
            bias: bias + (other.bias - bias) * amount
        )
    }

    /// `other` applied after `self`.
    func then(_ other: ColorMatrix) -> ColorMatrix {
        func column(_ index: Int) -> SIMD4<Float> { SIMD4(r[index], g[index], b[index], a[index]) }
        let columns = (column(0), column(1), column(2), column(3))
        func row(_ row: SIMD4<Float>) -> SIMD4<Float> {
            SIMD4((row * columns.0).sum(), (row * columns.1).sum(), (row * columns.2).sum(), (row * columns.3).sum())
        }
        let biased = SIMD4(
            (other.r * bias).sum(),
            (other.g * bias).sum(),
            (other.b * bias).sum(),
            (other.a * bias).sum()
        )
        return ColorMatrix(
            r: row(other.r),
            g: row(other.g),
            b: row(other.b),
            a: row(other.a),
            bias: biased + other.bias
        )
    }
}

extension Bitmap {
    /// The colour matrix applied to every pixel (straight alpha), in one tight loop. Gray input
    /// stays gray when the matrix maps grays to grays and keeps alpha at 1.
    func applying(_ matrix: ColorMatrix) throws -> Bitmap {
        let isGray = pixelFormat == .gray8
        let stride = bytesPerRow
        // Columns, so each pixel costs four broadcast multiply-adds and no horizontal sums. Pixels
        // stay in 0…255 (alpha too), so only the bias is scaled.
        let columns = (
            SIMD4(matrix.r.x, matrix.g.x, matrix.b.x, matrix.a.x),
            SIMD4(matrix.r.y, matrix.g.y, matrix.b.y, matrix.a.y),
            SIMD4(matrix.r.z, matrix.g.z, matrix.b.z, matrix.a.z),
            SIMD4(matrix.r.w, matrix.g.w, matrix.b.w, matrix.a.w)
        )
        let bias = matrix.bias * 255
        let rgba = try Bitmap(width: width, height: height, pixelFormat: .rgba8) { buffer in
            guard let base = buffer.baseAddress else { return }  // no pixels
            let output = UnsafeMutableRawPointer(base)
            withUnsafeBytes { source in
                for y in 0..<height {
                    let (line, row) = (y &* stride, y &* width &* 4)
                    for x in 0..<width {
                        let pixel: SIMD4<Float>
                        if isGray {
                            let value = Float(source[line &+ x])
                            pixel = SIMD4(value, value, value, 255)
                        } else {
                            let bytes = source.loadUnaligned(fromByteOffset: line &+ x &* 4, as: SIMD4<UInt8>.self)
                            pixel = SIMD4<Float>(SIMD4<Int32>(truncatingIfNeeded: bytes))
                        }
                        var result = columns.0 * SIMD4(repeating: pixel.x) + columns.1 * SIMD4(repeating: pixel.y)
                        result += columns.2 * SIMD4(repeating: pixel.z) + columns.3 * SIMD4(repeating: pixel.w) + bias
                        output.storeBytes(
                            of: result.clampedToZero(upTo: 255).roundedHalfUpToBytes(),
                            toByteOffset: row &+ x &* 4,
                            as: SIMD4<UInt8>.self
                        )
                    }
                }
            }
        }
        return isGray ? try rgba.grayIfAchromatic() : rgba
    }

    /// The same curve applied to R, G and B through a 256-entry table; alpha kept.
    func applyingCurve(_ curve: (Float) -> Float) throws -> Bitmap {
        let table = (0..<256).map { UInt8((curve(Float($0) / 255) * 255).clampedToZero(upTo: 255) + 0.5) }
        let bpp = pixelFormat.bytesPerPixel
        let stride = bytesPerRow
        return try Bitmap(width: width, height: height, pixelFormat: pixelFormat, isOpaque: isOpaque ? true : nil) {
            buffer in
            withUnsafeBytes { source in
                table.withUnsafeBufferPointer { table in
                    for y in 0..<height {
                        let line = y &* stride
                        let out = y &* width &* bpp
                        for index in 0..<(width &* bpp) {
                            let value = source[line &+ index]
                            buffer[out &+ index] = bpp == 4 && index & 3 == 3 ? value : table[Int(value)]
                        }
                    }
                }
            }
        }
    }

    /// A gray copy when every pixel is an opaque gray, else `self`.
    func grayIfAchromatic() throws -> Bitmap {
        let isAchromatic = withUnsafeBytes { bytes -> Bool in
            for index in stride(from: 0, to: width * height * 4, by: 4)
            where bytes[index] != bytes[index + 1] || bytes[index + 1] != bytes[index + 2] || bytes[index + 3] != 255 {
                return false
            }
            return true
        }
        guard isAchromatic else { return self }
        return try Bitmap(width: width, height: height, pixelFormat: .gray8) { buffer in
            withUnsafeBytes { source in
                for index in 0..<(width * height) { buffer[index] = source[index * 4] }
            }
        }
    }
}
