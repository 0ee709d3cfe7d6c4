// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

/// Separable image resampling with precomputed coefficients, alpha-correct (colour is filtered
/// premultiplied by alpha) and with area averaging ahead of large reductions.
///
/// Shared by every decoder's thumbnail path and by the `Resize` processor.
enum Resampler {
    /// From this reduction factor on, a box reduction by a power of two runs before the filter,
    /// leaving the filter a factor between this and twice this.
    ///
    /// Powers of two, because decoders shrink on load by powers of two (JPEG's 1/2, 1/4, 1/8
    /// scales; WebP's rescaler by the same factors): a shrunk decode followed by this resampler
    /// then runs the same filter over the same factor as a full decode does.
    static let areaReductionThreshold = 3

    /// The box reduction ahead of the filter for a reduction from `input` to `output` pixels:
    /// the largest power of two not above `input / output / areaReductionThreshold` (1: none).
    static func areaReductionFactor(input: Int, output: Int) -> Int {
        let factor = input / max(1, output) / areaReductionThreshold
        guard factor >= 2 else { return 1 }
        return 1 << (Int.bitWidth - 1 - factor.leadingZeroBitCount)
    }

    /// Resamples `source` to exactly `width × height`.
    static func resample(_ source: Bitmap, width: Int, height: Int, filter: ResamplingFilter) -> Bitmap {
        var source = source
        let factorX = areaReductionFactor(input: source.width, output: width)
        let factorY = areaReductionFactor(input: source.height, output: height)
        if factorX >= 2 || factorY >= 2 {
            source = boxReduce(source, factorX: max(1, factorX), factorY: max(1, factorY))
        }
        if source.width == width, source.height == height { return source }
        let horizontal = Coefficients(input: source.width, output: width, filter: filter)
        let vertical = Coefficients(input: source.height, output: height, filter: filter)
        return source.pixelFormat == .gray8
            ? filterGray(source, width: width, height: height, horizontal: horizontal, vertical: vertical)
            : filterRGBA(source, width: width, height: height, horizontal: horizontal, vertical: vertical)
    }

    // MARK: Coefficients

    /// For each output position: the first input index and normalised weights (a fixed number of
    /// taps per output, zero-padded, so the inner loops have a constant trip count).
    struct Coefficients {
        var starts: [Int]
        /// The taps that fall inside the input, per output (≤ ``taps``).
        var counts: [Int]
        var taps: Int
        var weights: [Float]

        init(input: Int, output: Int, filter: ResamplingFilter) {
            let scale = Double(input) / Double(output)
            let filterScale = max(scale, 1)
            let support = filter.support * filterScale
            taps = max(1, Int((support * 2).rounded(.up)) + 1)
            starts = [Int](repeating: 0, count: output)
            counts = [Int](repeating: 0, count: output)
            weights = [Float](repeating: 0, count: output * taps)
            for index in 0..<output {
                let center = (Double(index) + 0.5) * scale
                var first = max(0, Int((center - support).rounded(.down)))
                let last = min(input, Int((center + support).rounded(.up)))
                first = min(first, max(0, last - taps))
                var row = [Double](repeating: 0, count: taps)
                var total = 0.0
                for tap in 0..<min(taps, last - first) {
                    let weight = filter.weight((Double(first + tap) + 0.5 - center) / filterScale)
                    row[tap] = weight
                    total += weight
                }
                if total == 0 {  // A box filter can miss every sample when enlarging: take the nearest.
                    row[max(0, min(taps - 1, Int(center) - first))] = 1
                    total = 1
                }
                starts[index] = first
                counts[index] = min(taps, input - first)
                for tap in 0..<taps { weights[index * taps + tap] = Float(row[tap] / total) }
            }
        }

        /// Calls `body` with unchecked views of the tables, for the inner loops.
        func withBuffers<R>(
            _ body: (UnsafeBufferPointer<Int>, UnsafeBufferPointer<Int>, UnsafeBufferPointer<Float>) -> R
        ) -> R {
            starts.withUnsafeBufferPointer { starts in
                counts.withUnsafeBufferPointer { counts in
                    weights.withUnsafeBufferPointer { weights in body(starts, counts, weights) }
                }
            }
        }
    }

    // MARK: RGBA

    private static func filterRGBA(
        _ source: Bitmap,
        width: Int,
        height: Int,
        horizontal: Coefficients,
        vertical: Coefficients
    ) -> Bitmap {
        let premultiply = !source.isOpaque
        let (sourceWidth, sourceHeight, stride) = (source.width, source.height, source.bytesPerRow)
        // Horizontal pass: every source row into `width` premultiplied SIMD pixels.
        var intermediate = [SIMD4<Float>](repeating: .zero, count: width * sourceHeight)
        var row = [SIMD4<Float>](repeating: .zero, count: sourceWidth)
        source.withUnsafeBytes { bytes in
            intermediate.withUnsafeMutableBufferPointer { intermediate in
                row.withUnsafeMutableBufferPointer { row in
                    horizontal.withBuffers { starts, counts, weights in
                        for y in 0..<sourceHeight {
                            let line = y * stride
                            for x in 0..<sourceWidth {
                                row[x] = SIMD4(rgbaAt: line &+ x &* 4, in: bytes, premultiplied: premultiply)
                            }
                            for x in 0..<width {
                                // Four accumulators shorten the chain of dependent additions.
                                var sum0 = SIMD4<Float>.zero
                                var sum1 = SIMD4<Float>.zero
                                var sum2 = SIMD4<Float>.zero
                                var sum3 = SIMD4<Float>.zero
                                let start = starts[x]
                                let base = x &* horizontal.taps
                                let count = counts[x]
                                var tap = 0
                                while tap &+ 3 < count {
                                    sum0 += row[start &+ tap] * weights[base &+ tap]
                                    sum1 += row[start &+ tap &+ 1] * weights[base &+ tap &+ 1]
                                    sum2 += row[start &+ tap &+ 2] * weights[base &+ tap &+ 2]
                                    sum3 += row[start &+ tap &+ 3] * weights[base &+ tap &+ 3]
                                    tap &+= 4
                                }
                                while tap < count {
                                    sum0 += row[start &+ tap] * weights[base &+ tap]
                                    tap &+= 1
                                }
                                intermediate[y &* width &+ x] = (sum0 + sum1) + (sum2 + sum3)
                            }
                        }
                    }
                }
            }
        }
        // Vertical pass, then back to straight 8-bit.
        let isOpaque = source.isOpaque
        var sums = [SIMD4<Float>](repeating: .zero, count: width)
        let output = [UInt8](unsafeUninitializedCapacity: width * height * 4) { buffer, count in
            intermediate.withUnsafeBufferPointer { intermediate in
                sums.withUnsafeMutableBufferPointer { sums in
                    vertical.withBuffers { starts, counts, weights in
                        for y in 0..<height {
                            // Whole rows at a time: contiguous reads, independent sums per pixel.
                            for x in 0..<width { sums[x] = .zero }
                            for tap in 0..<counts[y] {
                                let weight = weights[y &* vertical.taps &+ tap]
                                let row = (starts[y] &+ tap) &* width
                                for x in 0..<width { sums[x] += intermediate[row &+ x] * weight }
                            }
                            for x in 0..<width {
                                let sum = sums[x]
                                let alpha = min(max(sum.w, 0), 255)
                                let color =
                                    premultiply ? sum.unpremultiplied(alpha: alpha) : SIMD4(sum.x, sum.y, sum.z, alpha)
                                let clamped = color.clampedToZero(upTo: 255)
                                let rounded = (clamped + 0.5).rounded(.down)
                                let offset = (y &* width &+ x) &* 4
                                buffer[offset] = UInt8(rounded.x)
                                buffer[offset &+ 1] = UInt8(rounded.y)
                                buffer[offset &+ 2] = UInt8(rounded.z)
                                buffer[offset &+ 3] = isOpaque ? 255 : UInt8(rounded.w)
                            }
                        }
                    }
                }
            }
            count = width * height * 4
        }
        return makeBitmap(
            width: width,
            height: height,
            format: .rgba8,
            pixels: output,
            isOpaque: source.isOpaque ? true : nil
        )
    }

    // MARK: Gray

    private static func filterGray(
        _ source: Bitmap,
        width: Int,
        height: Int,
        horizontal: Coefficients,
        vertical: Coefficients
    ) -> Bitmap {
        let (sourceHeight, stride) = (source.height, source.bytesPerRow)
        var intermediate = [Float](repeating: 0, count: width * sourceHeight)
        source.withUnsafeBytes { bytes in
            intermediate.withUnsafeMutableBufferPointer { intermediate in
                for y in 0..<sourceHeight {
                    let line = y * stride
                    for x in 0..<width {
                        var sum: Float = 0
                        let start = horizontal.starts[x]
                        for tap in 0..<horizontal.counts[x] {
                            sum += Float(bytes[line + start + tap]) * horizontal.weights[x * horizontal.taps + tap]
                        }
                        intermediate[y * width + x] = sum
                    }
                }
            }
        }
        let output = [UInt8](unsafeUninitializedCapacity: width * height) { buffer, count in
            for y in 0..<height {
                let start = vertical.starts[y]
                for x in 0..<width {
                    var sum: Float = 0
                    for tap in 0..<vertical.counts[y] {
                        sum += intermediate[(start + tap) * width + x] * vertical.weights[y * vertical.taps + tap]
                    }
                    buffer[y * width + x] = UInt8(min(max(sum, 0), 255) + 0.5)
                }
            }
            count = width * height
        }
        return makeBitmap(width: width, height: height, format: .gray8, pixels: output, isOpaque: true)
    }

    // MARK: Area reduction

    /// Averages `factorX × factorY` blocks (alpha-weighted), dropping the remainder at the edges
    /// into the last block.
    static func boxReduce(_ source: Bitmap, factorX: Int, factorY: Int) -> Bitmap {
        let width = max(1, source.width / factorX)
        let height = max(1, source.height / factorY)
        let bpp = source.pixelFormat.bytesPerPixel
        let hasAlpha = source.pixelFormat == .rgba8 && !source.isOpaque
        let output = [UInt8](unsafeUninitializedCapacity: width * height * bpp) { buffer, count in
            source.withUnsafeBytes { bytes in
                var sums = [UInt64](repeating: 0, count: width * bpp)
                for y in 0..<height {
                    let rowStart = y * factorY
                    let rowEnd = y == height - 1 ? source.height : rowStart + factorY
                    for index in sums.indices { sums[index] = 0 }
                    for sy in rowStart..<rowEnd {
                        let line = sy * source.bytesPerRow
                        for x in 0..<width {
                            let columnEnd = x == width - 1 ? source.width : (x + 1) * factorX
                            for sx in (x * factorX)..<columnEnd {
                                let offset = line + sx * bpp
                                if hasAlpha {
                                    let alpha = UInt64(bytes[offset + 3])
                                    sums[x * 4] += UInt64(bytes[offset]) * alpha
                                    sums[x * 4 + 1] += UInt64(bytes[offset + 1]) * alpha
                                    sums[x * 4 + 2] += UInt64(bytes[offset + 2]) * alpha
                                    sums[x * 4 + 3] += alpha
                                } else {
                                    for channel in 0..<bpp {
                                        sums[x * bpp + channel] += UInt64(bytes[offset + channel])
                                    }
                                }
                            }
                        }
                    }
                    for x in 0..<width {
                        let columnEnd = x == width - 1 ? source.width : (x + 1) * factorX
                        let area = UInt64((columnEnd - x * factorX) * (rowEnd - rowStart))
                        let offset = (y * width + x) * bpp
                        if hasAlpha {
                            let alphaSum = sums[x * 4 + 3]
                            for channel in 0..<3 {
                                buffer[offset + channel] =
                                    alphaSum == 0 ? 0 : UInt8((sums[x * 4 + channel] + alphaSum / 2) / alphaSum)
                            }
                            buffer[offset + 3] = UInt8((alphaSum + area / 2) / area)
                        } else {
                            for channel in 0..<bpp {
                                buffer[offset + channel] = UInt8((sums[x * bpp + channel] + area / 2) / area)
                            }
                        }
                    }
                }
            }
            count = width * height * bpp
        }
        return makeBitmap(
            width: width,
            height: height,
            format: source.pixelFormat,
            pixels: output,
            isOpaque: source.isOpaque ? true : nil
        )
    }

    private static func makeBitmap(width: Int, height: Int, format: PixelFormat, pixels: [UInt8], isOpaque: Bool?)
        -> Bitmap
    {
        do {
            return try Bitmap(width: width, height: height, pixelFormat: format, pixels: pixels, isOpaque: isOpaque)
        } catch {
            preconditionFailure("the resampler makes valid bitmaps: \(error)")
        }
    }
}

extension Bitmap {
    /// Returns the bitmap resampled to exactly `width × height` pixels.
    ///
    /// Colour is filtered premultiplied by alpha, so transparent pixels do not bleed their
    /// colour; gray stays gray. Reductions of 6× or more start with an area average.
    ///
    /// - Throws: ``BitmapError/invalidDimensions(width:height:)`` for a size below 1×1 or an empty
    ///   source.
    public func resized(width: Int, height: Int, filter: ResamplingFilter = .lanczos3) throws(BitmapError) -> Bitmap {
        guard width > 0, height > 0, self.width > 0, self.height > 0,
            !width.multipliedReportingOverflow(by: height).overflow
        else {
            throw .invalidDimensions(width: width, height: height)
        }
        if width == self.width, height == self.height { return self }
        return Resampler.resample(self, width: width, height: height, filter: filter)
    }
}
