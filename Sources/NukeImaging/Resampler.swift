// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

public import NukeCore

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

    /// Resamples `source` to exactly `width × height`, RGBA rows with `kernel` when it takes them.
    static func resample(
        _ source: Bitmap,
        width: Int,
        height: Int,
        filter: ResamplingFilter,
        kernel: (any ResamplingKernel)? = nil
    ) -> Bitmap {
        var source = source
        let factorX = areaReductionFactor(input: source.width, output: width)
        let factorY = areaReductionFactor(input: source.height, output: height)
        if factorX >= 2 || factorY >= 2 {
            source = boxReduce(source, factorX: max(1, factorX), factorY: max(1, factorY))
        }
        if source.width == width, source.height == height { return source }
        let horizontal = CoefficientCache.shared.coefficients(input: source.width, output: width, filter: filter)
        let vertical = CoefficientCache.shared.coefficients(input: source.height, output: height, filter: filter)
        return source.pixelFormat == .gray8
            ? filterGray(source, width: width, height: height, horizontal: horizontal, vertical: vertical)
            : filterRGBA(
                source,
                width: width,
                height: height,
                horizontal: horizontal,
                vertical: vertical,
                kernel: kernel
            )
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
            withBuffers(weights: weights, body)
        }

        /// Calls `body` with unchecked views of the starts, the counts and `weights` (one entry
        /// per weight of ``weights``, in another form).
        func withBuffers<Weight, R>(
            weights: [Weight],
            _ body: (UnsafeBufferPointer<Int>, UnsafeBufferPointer<Int>, UnsafeBufferPointer<Weight>) -> R
        ) -> R {
            starts.withUnsafeBufferPointer { starts in
                counts.withUnsafeBufferPointer { counts in
                    weights.withUnsafeBufferPointer { weights in body(starts, counts, weights) }
                }
            }
        }
    }

    // MARK: RGBA

    /// From this much work on (output pixels × taps of both filters), a resize run by a worker
    /// thread gives half of its output rows to an idle thread of its pool (`ForkJoin`): below,
    /// waking a thread costs more than it saves.
    static let minimumWorkToSplit = 1 << 20

    private static func filterRGBA(
        _ source: Bitmap,
        width: Int,
        height: Int,
        horizontal: Coefficients,
        vertical: Coefficients,
        kernel: (any ResamplingKernel)?
    ) -> Bitmap {
        // Weights broadcast to all four lanes ahead of time: the multiply then reads them from
        // memory instead of shuffling a scalar into place for every tap. Not made for a kernel,
        // which reads the table as it is (made after all if the kernel declines).
        let broadcast = { horizontal.weights.map { SIMD4<Float>(repeating: $0) } }
        let weights = kernel == nil ? broadcast() : []
        let output = [UInt8](unsafeUninitializedCapacity: width * height * 4) { buffer, count in
            let target = buffer
            source.withUnsafeBytes { bytes in
                let filterRows = { (rows: Range<Int>) in
                    if let kernel,
                        withJob(
                            source: source,
                            bytes: bytes,
                            width: width,
                            height: height,
                            horizontal: horizontal,
                            vertical: vertical,
                            output: target,
                            { kernel.resampleRGBA($0, rows: rows) }
                        )
                    {
                        return
                    }
                    filterRGBA(
                        rows,
                        of: source,
                        bytes: bytes,
                        width: width,
                        horizontal: horizontal,
                        broadcastWeights: weights.isEmpty ? broadcast() : weights,
                        vertical: vertical,
                        into: target
                    )
                }
                if width &* height &* (horizontal.taps &+ vertical.taps) >= minimumWorkToSplit {
                    ForkJoin.forHalves(of: 0..<height, filterRows)
                } else {
                    filterRows(0..<height)
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

    /// Calls `body` with the RGBA resize of `source` (its pixels `bytes`) into `output` as a
    /// kernel sees it.
    private static func withJob<R>(
        source: Bitmap,
        bytes: UnsafeRawBufferPointer,
        width: Int,
        height: Int,
        horizontal: Coefficients,
        vertical: Coefficients,
        output: UnsafeMutableBufferPointer<UInt8>,
        _ body: (RGBAResamplingJob) -> R
    ) -> R {
        horizontal.withBuffers { horizontalStarts, horizontalCounts, horizontalWeights in
            vertical.withBuffers { verticalStarts, verticalCounts, verticalWeights in
                body(
                    RGBAResamplingJob(
                        source: bytes,
                        sourceWidth: source.width,
                        sourceHeight: source.height,
                        sourceBytesPerRow: source.bytesPerRow,
                        isPremultiplied: !source.isOpaque,
                        output: UnsafeMutableRawBufferPointer(output),
                        width: width,
                        height: height,
                        horizontal: ResamplingTable(
                            starts: horizontalStarts,
                            counts: horizontalCounts,
                            taps: horizontal.taps,
                            weights: horizontalWeights
                        ),
                        vertical: ResamplingTable(
                            starts: verticalStarts,
                            counts: verticalCounts,
                            taps: vertical.taps,
                            weights: verticalWeights
                        )
                    )
                )
            }
        }
    }

    /// Output rows `outputRows` of an RGBA resize of `source` (its pixels `bytes`) into `output`,
    /// with a ring of filtered rows of their own: the same bytes whichever rows a call makes.
    /// `broadcastWeights` are `horizontal`'s weights, each in four lanes.
    private static func filterRGBA(
        _ outputRows: Range<Int>,
        of source: Bitmap,
        bytes: UnsafeRawBufferPointer,
        width: Int,
        horizontal: Coefficients,
        broadcastWeights: [SIMD4<Float>],
        vertical: Coefficients,
        into output: UnsafeMutableBufferPointer<UInt8>
    ) {
        let premultiply = !source.isOpaque
        let (sourceWidth, stride) = (source.width, source.bytesPerRow)
        let rows = FilteredRows(
            horizontal: horizontal,
            weights: broadcastWeights,
            verticalTaps: vertical.taps,
            sourceWidth: sourceWidth,
            sourceHeight: source.height
        )
        var rowOffsetStorage = [Int](repeating: 0, count: max(1, vertical.taps))
        var sums = [SIMD4<Float>](repeating: .zero, count: width)
        sums.withUnsafeMutableBufferPointer { sums in
            rowOffsetStorage.withUnsafeMutableBufferPointer { rowOffsets in
                vertical.withBuffers { starts, counts, weights in
                    for y in outputRows {
                        let (first, count, base) = (starts[y], counts[y], y &* vertical.taps)
                        rows.makeAvailable(first..<(first &+ count)) { row, target in
                            SIMD4.convertRGBA(
                                sourceWidth,
                                at: row &* stride,
                                in: bytes,
                                premultiplied: premultiply,
                                into: target
                            )
                        }
                        for tap in 0..<count { rowOffsets[tap] = rows.offset(ofRow: first &+ tap) }
                        filterColumns(
                            ring: UnsafeBufferPointer(rows.samples),
                            rowOffsets: UnsafeBufferPointer(rebasing: rowOffsets[0..<count]),
                            width: width,
                            weights: UnsafeBufferPointer(rebasing: weights[base..<(base &+ count)]),
                            into: sums
                        )
                        store(sums, row: y, width: width, premultiplied: premultiply, in: output)
                    }
                }
            }
        }
    }

    /// How many source rows the horizontal filter runs over at once.
    static let rowsPerBatch = 4

    /// The horizontal filter for four rows of samples (`rows`, one after another) into `ring` at
    /// the four offsets: each weight is read once for the four rows, and the four rows' sums are
    /// the independent additions that keep the adders busy (one row's taps form a chain that
    /// waits on each addition). Each sum adds its taps in order.
    @inline(__always)
    static func filterFourRows<Sample: ResamplingSample>(
        _ rows: UnsafeBufferPointer<Sample>,
        sourceWidth: Int,
        width: Int,
        starts: UnsafeBufferPointer<Int>,
        counts: UnsafeBufferPointer<Int>,
        weights: UnsafeBufferPointer<Sample>,
        taps: Int,
        into ring: UnsafeMutableBufferPointer<Sample>,
        at offsets: (Int, Int, Int, Int)
    ) {
        let (row1, row2, row3) = (sourceWidth, sourceWidth &* 2, sourceWidth &* 3)
        for x in 0..<width {
            var sum0 = Sample.zero
            var sum1 = Sample.zero
            var sum2 = Sample.zero
            var sum3 = Sample.zero
            let (start, base) = (starts[x], x &* taps)
            for tap in 0..<counts[x] {
                let weight = weights[base &+ tap]
                let pixel = start &+ tap
                sum0 += rows[pixel] * weight
                sum1 += rows[row1 &+ pixel] * weight
                sum2 += rows[row2 &+ pixel] * weight
                sum3 += rows[row3 &+ pixel] * weight
            }
            ring[offsets.0 &+ x] = sum0
            ring[offsets.1 &+ x] = sum1
            ring[offsets.2 &+ x] = sum2
            ring[offsets.3 &+ x] = sum3
        }
    }

    /// The vertical filter for one output row: `weights[tap]` times the ring's row at
    /// `rowOffsets[tap]`, summed into `sums`, four pixels at a time with their sums in registers
    /// across the taps.
    @inline(__always)
    private static func filterColumns(
        ring: UnsafeBufferPointer<SIMD4<Float>>,
        rowOffsets: UnsafeBufferPointer<Int>,
        width: Int,
        weights: UnsafeBufferPointer<Float>,
        into sums: UnsafeMutableBufferPointer<SIMD4<Float>>
    ) {
        var x = 0
        while x &+ 4 <= width {
            var sum0 = SIMD4<Float>.zero
            var sum1 = SIMD4<Float>.zero
            var sum2 = SIMD4<Float>.zero
            var sum3 = SIMD4<Float>.zero
            for tap in 0..<weights.count {
                let weight = weights[tap]
                let row = rowOffsets[tap] &+ x
                sum0 += ring[row] * weight
                sum1 += ring[row &+ 1] * weight
                sum2 += ring[row &+ 2] * weight
                sum3 += ring[row &+ 3] * weight
            }
            (sums[x], sums[x &+ 1], sums[x &+ 2], sums[x &+ 3]) = (sum0, sum1, sum2, sum3)
            x &+= 4
        }
        while x < width {
            var sum = SIMD4<Float>.zero
            for tap in 0..<weights.count {
                sum += ring[rowOffsets[tap] &+ x] * weights[tap]
            }
            sums[x] = sum
            x &+= 1
        }
    }

    /// Writes one output row of sums as straight 8-bit RGBA: premultiplied ones unpremultiplied,
    /// the others (an opaque source's) with alpha 255.
    @inline(__always)
    private static func store(
        _ sums: UnsafeMutableBufferPointer<SIMD4<Float>>,
        row y: Int,
        width: Int,
        premultiplied: Bool,
        in buffer: UnsafeMutableBufferPointer<UInt8>
    ) {
        let row = UnsafeMutableRawPointer(buffer.baseAddress! + y &* width &* 4)
        let count = width &* 4
        /// Calls `body` with the row's sums as `count` floats, for loops that the compiler
        /// vectorises whole (clamps by compare and select, the rounding of `roundedByte`), where
        /// the same steps on `SIMD4` compile to a branch per lane or pair of lanes.
        func withFloats(_ body: (UnsafeMutablePointer<Float>) -> Void) {
            UnsafeMutableRawPointer(sums.baseAddress!).withMemoryRebound(to: Float.self, capacity: count, body)
        }
        if premultiplied {
            // Clamped before unpremultiplying too: the same bytes (the factor 255 / alpha is at
            // least 1, so a colour above 255 ends at 255 either way).
            withFloats { floats in
                for index in 0..<count { floats[index] = clampedByte(floats[index]) }
            }
            for x in 0..<width {
                let alpha = sums[x].w
                let factor: Float = alpha > 0 ? 255 / alpha : 0
                sums[x] *= SIMD4(factor, factor, factor, 1)
            }
        }
        withFloats { floats in
            let bytes = row.assumingMemoryBound(to: UInt8.self)
            for index in 0..<count { bytes[index] = roundedByte(clampedByte(floats[index])) }
        }
        if !premultiplied {
            for x in 0..<width { row.storeBytes(of: 255, toByteOffset: x &* 4 &+ 3, as: UInt8.self) }  // Opaque.
        }
    }

    /// `value` limited to 0…255, NaN to 0.
    @inline(__always)
    static func clampedByte(_ value: Float) -> Float {
        value > 0 ? (value < 255 ? value : 255) : 0
    }

    /// A value in 0…255 rounded to the nearest integer (ties to even): adding 2^23 leaves it in
    /// the low bits of the mantissa, with no conversion instruction.
    @inline(__always)
    private static func roundedByte(_ value: Float) -> UInt8 {
        UInt8(truncatingIfNeeded: (value + 8_388_608).bitPattern)
    }

    // MARK: Area reduction

    /// Averages `factorX × factorY` blocks (alpha-weighted), dropping the remainder at the edges
    /// into the last block.
    static func boxReduce(_ source: Bitmap, factorX: Int, factorY: Int) -> Bitmap {
        let width = max(1, source.width / factorX)
        let height = max(1, source.height / factorY)
        let bpp = source.pixelFormat.bytesPerPixel
        let weighsByAlpha = source.pixelFormat == .rgba8 && !source.isOpaque
        let stride = source.bytesPerRow
        let output = [UInt8](unsafeUninitializedCapacity: width * height * bpp) { buffer, count in
            source.withUnsafeBytes { bytes in
                for y in 0..<height {
                    let rows = (y &* factorY)..<(y == height - 1 ? source.height : (y &+ 1) &* factorY)
                    for x in 0..<width {
                        let columns = (x &* factorX)..<(x == width - 1 ? source.width : (x &+ 1) &* factorX)
                        let area = UInt64(columns.count &* rows.count)
                        let offset = (y &* width &+ x) &* bpp
                        if bpp == 1 {
                            var sum: UInt64 = 0
                            for sy in rows {
                                for sx in columns { sum &+= UInt64(bytes[sy &* stride &+ sx]) }
                            }
                            buffer[offset] = UInt8(truncatingIfNeeded: (sum &+ area / 2) / area)
                            continue
                        }
                        // The block's sums in registers: colour (times alpha when it weighs) and alpha.
                        var sum = SIMD4<UInt64>.zero
                        for sy in rows {
                            let line = sy &* stride
                            for sx in columns {
                                let pixel = SIMD4<UInt64>(
                                    truncatingIfNeeded: bytes.loadUnaligned(
                                        fromByteOffset: line &+ sx &* 4,
                                        as: SIMD4<UInt8>.self
                                    )
                                )
                                sum &+= weighsByAlpha ? pixel &* SIMD4(pixel.w, pixel.w, pixel.w, 1) : pixel
                            }
                        }
                        let divisor = weighsByAlpha ? SIMD4(sum.w, sum.w, sum.w, area) : SIMD4(repeating: area)
                        for channel in 0..<4 {
                            buffer[offset &+ channel] =
                                divisor[channel] == 0
                                ? 0
                                : UInt8(truncatingIfNeeded: (sum[channel] &+ divisor[channel] / 2) / divisor[channel])
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

    static func makeBitmap(width: Int, height: Int, format: PixelFormat, pixels: [UInt8], isOpaque: Bool?)
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
    /// colour; gray stays gray. Reductions of 6× or more start with an area average. On a thread
    /// of an `ImagePipeline.WorkerPool`, a large RGBA resize gives half of its rows to an idle
    /// thread of that pool, if there is one (same result).
    ///
    /// - Parameters:
    ///   - width: The output's width in pixels.
    ///   - height: The output's height in pixels.
    ///   - filter: The resampling filter.
    ///   - kernel: A faster way to make RGBA output on this machine (a processor passes
    ///     `ImageProcessingContext.resamplingKernel`); the same bytes either way.
    /// - Throws: `BitmapError.invalidDimensions(width:height:)` for a size below 1×1 or an empty
    ///   source.
    public func resized(
        width: Int,
        height: Int,
        filter: ResamplingFilter = .lanczos3,
        kernel: (any ResamplingKernel)? = nil
    ) throws(BitmapError) -> Bitmap {
        guard width > 0, height > 0, self.width > 0, self.height > 0,
            !width.multipliedReportingOverflow(by: height).overflow
        else {
            throw .invalidDimensions(width: width, height: height)
        }
        if width == self.width, height == self.height { return self }
        return Resampler.resample(self, width: width, height: height, filter: filter, kernel: kernel)
    }
}
