// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

public import NukeCore

extension Bitmap {
    /// Returns the bitmap blurred by `passes` box filters of `width` pixels (made odd), edges
    /// extended; three passes approximate a Gaussian. Colour is blurred premultiplied by alpha;
    /// gray stays gray; opaque stays opaque.
    public func boxBlurred(width: Int, passes: Int) throws -> Bitmap {
        guard width > 1, passes > 0, self.width > 0, height > 0 else { return self }
        return try BoxBlur.blur(self, kernel: width | 1, passes: passes)
    }

    /// Returns the bitmap blurred by three box blurs that approximate a Gaussian of standard
    /// deviation `sigma`: boxes √(4σ² + 1) pixels wide, made odd, edges extended. `sigma` ≤ 0 (or
    /// NaN) changes nothing; a huge one costs no more than a small one.
    public func gaussianBlurred(sigma: Double) throws -> Bitmap {
        try boxBlurred(width: Self.gaussianBoxWidth(sigma: sigma), passes: 3)
    }

    /// The box width whose three passes approximate a Gaussian of standard deviation `sigma`
    /// (√(12σ²/3 + 1), made odd; capped at 2⁴⁰, far beyond any image, so it cannot overflow).
    static func gaussianBoxWidth(sigma: Double) -> Int {
        guard sigma > 0 else { return 1 }
        let width = (4 * sigma * sigma + 1).squareRoot().rounded()
        return Int(min(width, Double(1 << 40))) | 1
    }
}

/// Repeated separable box blurs with running sums: O(1) per pixel whatever the kernel, on
/// premultiplied SIMD pixels, rows and columns both walked contiguously.
enum BoxBlur {
    static func blur(_ image: Bitmap, kernel: Int, passes: Int) throws -> Bitmap {
        let channels = image.pixelFormat.bytesPerPixel
        let (width, height, stride) = (image.width, image.height, image.bytesPerRow)
        let premultiply = channels == 4 && !image.isOpaque
        let count = width * height
        // Neither plane is zero-filled first: the load writes every pixel of one, the first
        // horizontal pass every pixel of the other (for a 1024×1024 image, 32 MB the kernel would
        // otherwise clear and the loop then overwrite).
        var plane = [SIMD4<Float>](unsafeUninitializedCapacity: count) { plane, initialized in
            image.withUnsafeBytes { source in
                for y in 0..<height {
                    let (line, row) = (y &* stride, y &* width)
                    if channels == 1 {
                        for x in 0..<width { plane[row &+ x] = SIMD4(repeating: Float(source[line &+ x])) }
                    } else {
                        SIMD4.convertRGBA(
                            width,
                            at: line,
                            in: source,
                            premultiplied: premultiply,
                            into: plane.baseAddress! + row
                        )
                    }
                }
            }
            initialized = count
        }
        var scratch = [SIMD4<Float>](unsafeUninitializedCapacity: count) { _, initialized in initialized = count }
        let half = kernel / 2
        plane.withUnsafeMutableBufferPointer { plane in
            scratch.withUnsafeMutableBufferPointer { scratch in
                for _ in 0..<passes {
                    horizontal(from: plane, to: scratch, width: width, height: height, half: half)
                    vertical(from: scratch, to: plane, width: width, height: height, half: half)
                }
            }
        }
        let (format, isOpaque) = (image.pixelFormat, image.isOpaque)
        return try Bitmap(width: width, height: height, pixelFormat: format, isOpaque: isOpaque ? true : nil) {
            buffer in
            plane.withUnsafeBufferPointer { plane in
                if channels == 1 {
                    for index in 0..<count { buffer[index] = UInt8(min(max(plane[index].x, 0), 255) + 0.5) }
                    return
                }
                guard let base = buffer.baseAddress else { return }  // no pixels
                let output = UnsafeMutableRawPointer(base)
                for index in 0..<count {
                    var pixel = plane[index]
                    if premultiply { pixel = pixel.unpremultiplied(alpha: pixel.w) }
                    var clamped = pixel.clampedToZero(upTo: 255)
                    if isOpaque { clamped.w = 255 }
                    output.storeBytes(
                        of: clamped.roundedHalfUpToBytes(),
                        toByteOffset: index &* 4,
                        as: SIMD4<UInt8>.self
                    )
                }
            }
        }
    }

    /// Each row blurred along x, edges extended.
    private static func horizontal(
        from source: UnsafeMutableBufferPointer<SIMD4<Float>>,
        to target: UnsafeMutableBufferPointer<SIMD4<Float>>,
        width: Int,
        height: Int,
        half: Int
    ) {
        let scale = 1 / Float(2 * half + 1)
        let last = width - 1
        for y in 0..<height {
            let row = y &* width
            // The window around x = 0, edges extended: in O(width) whatever the kernel.
            var sum = source[row] * Float(half + 1)
            let inside = min(half, last)
            if inside > 0 {
                for index in 1...inside { sum += source[row &+ index] }
            }
            if half > last { sum += source[row &+ last] * Float(half - last) }
            for x in 0..<width {
                target[row &+ x] = sum * scale
                sum += source[row &+ min(x &+ half &+ 1, last)] - source[row &+ max(x &- half, 0)]
            }
        }
    }

    /// Each column blurred along y with a row of running sums, so memory is read row by row.
    private static func vertical(
        from source: UnsafeMutableBufferPointer<SIMD4<Float>>,
        to target: UnsafeMutableBufferPointer<SIMD4<Float>>,
        width: Int,
        height: Int,
        half: Int
    ) {
        let scale = 1 / Float(2 * half + 1)
        let last = height - 1
        var sums = [SIMD4<Float>](repeating: .zero, count: width)
        sums.withUnsafeMutableBufferPointer { sums in
            // The window around y = 0, edges extended: in O(height) rows whatever the kernel.
            for x in 0..<width { sums[x] = source[x] * Float(half + 1) }
            let inside = min(half, last)
            if inside > 0 {
                for index in 1...inside {
                    let row = index &* width
                    for x in 0..<width { sums[x] += source[row &+ x] }
                }
            }
            if half > last {
                let row = last &* width
                for x in 0..<width { sums[x] += source[row &+ x] * Float(half - last) }
            }
            for y in 0..<height {
                let row = y &* width
                let adding = min(y &+ half &+ 1, last) &* width
                let removing = max(y &- half, 0) &* width
                for x in 0..<width {
                    target[row &+ x] = sums[x] * scale
                    sums[x] += source[adding &+ x] - source[removing &+ x]
                }
            }
        }
    }
}
