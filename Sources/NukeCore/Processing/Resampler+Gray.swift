// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

extension Resampler {
    /// The separable filter for 8-bit gray: as the RGBA path does, source rows are filtered
    /// horizontally into a ring as tall as the vertical filter (each row once, in order) and each
    /// output row sums its window of the ring; rounded half up.
    ///
    /// Four source rows are filtered at a time, their four sums the independent additions that
    /// keep the adders busy (one row's taps form a chain that waits on each addition); the
    /// vertical sums and the store are plain loops over a row, which the compiler vectorises.
    static func filterGray(
        _ source: Bitmap,
        width: Int,
        height: Int,
        horizontal: Coefficients,
        vertical: Coefficients
    ) -> Bitmap {
        let (sourceWidth, sourceHeight, stride) = (source.width, source.height, source.bytesPerRow)
        let ringRows = max(1, vertical.taps) + Self.grayRowsPerBatch - 1
        var ring = [Float](repeating: 0, count: ringRows * width)
        var rowInSlot = [Int](repeating: -1, count: ringRows)
        var rows = [Float](repeating: 0, count: Self.grayRowsPerBatch * sourceWidth)
        var sums = [Float](repeating: 0, count: width)
        let output = [UInt8](unsafeUninitializedCapacity: width * height) { buffer, count in
            source.withUnsafeBytes { bytes in
                ring.withUnsafeMutableBufferPointer { ring in
                    rows.withUnsafeMutableBufferPointer { rows in
                        sums.withUnsafeMutableBufferPointer { sums in
                            horizontal.withBuffers { starts, counts, weights in
                                /// Filters source rows `first…` (`rowCount`, one to four) into
                                /// their slots; past the last row a batch repeats it in its slot.
                                func filterRows(_ first: Int, count rowCount: Int) {
                                    let last = rowCount &- 1
                                    for index in 0..<Self.grayRowsPerBatch {
                                        let line = (first &+ min(index, last)) &* stride
                                        let target = index &* sourceWidth
                                        for x in 0..<sourceWidth { rows[target &+ x] = Float(bytes[line &+ x]) }
                                    }
                                    func slotOffset(_ index: Int) -> Int {
                                        ((first &+ min(index, last)) % ringRows) &* width
                                    }
                                    filterFourGrayRows(
                                        UnsafeBufferPointer(rows),
                                        sourceWidth: sourceWidth,
                                        width: width,
                                        starts: starts,
                                        counts: counts,
                                        weights: weights,
                                        taps: horizontal.taps,
                                        into: ring,
                                        at: (slotOffset(0), slotOffset(1), slotOffset(2), slotOffset(3))
                                    )
                                    for index in 0...last { rowInSlot[(first &+ index) % ringRows] = first &+ index }
                                }
                                vertical.withBuffers { starts, counts, weights in
                                    for y in 0..<height {
                                        let (first, count, base) = (starts[y], counts[y], y &* vertical.taps)
                                        for tap in 0..<count {
                                            let row = first &+ tap
                                            if rowInSlot[row % ringRows] != row {
                                                filterRows(row, count: min(Self.grayRowsPerBatch, sourceHeight &- row))
                                            }
                                        }
                                        // Each output pixel's taps in order, as one sum per pixel would add them.
                                        for x in 0..<width { sums[x] = 0 }
                                        for tap in 0..<count {
                                            let offset = ((first &+ tap) % ringRows) &* width
                                            let weight = weights[base &+ tap]
                                            for x in 0..<width { sums[x] += ring[offset &+ x] * weight }
                                        }
                                        let row = y &* width
                                        for x in 0..<width { buffer[row &+ x] = roundedHalfUp(clampedByte(sums[x])) }
                                    }
                                }
                            }
                        }
                    }
                }
            }
            count = width * height
        }
        return makeBitmap(width: width, height: height, format: .gray8, pixels: output, isOpaque: true)
    }

    /// How many gray source rows the horizontal filter runs over at once.
    private static let grayRowsPerBatch = 4

    /// The horizontal filter for four rows of gray floats (`rows`, one after another) into `ring`
    /// at the four offsets; each row's sum adds its taps in order.
    @inline(__always)
    private static func filterFourGrayRows(
        _ rows: UnsafeBufferPointer<Float>,
        sourceWidth: Int,
        width: Int,
        starts: UnsafeBufferPointer<Int>,
        counts: UnsafeBufferPointer<Int>,
        weights: UnsafeBufferPointer<Float>,
        taps: Int,
        into ring: UnsafeMutableBufferPointer<Float>,
        at offsets: (Int, Int, Int, Int)
    ) {
        let (row1, row2, row3) = (sourceWidth, sourceWidth &* 2, sourceWidth &* 3)
        for x in 0..<width {
            var sum0: Float = 0
            var sum1: Float = 0
            var sum2: Float = 0
            var sum3: Float = 0
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

    /// A value in 0…255 rounded half up (its float sum with 0.5, truncated), with no conversion
    /// instruction: adding 2^23 rounds to the nearest (ties to even), and the sign of what that
    /// added takes a rounded-up tie back down.
    @inline(__always)
    private static func roundedHalfUp(_ value: Float) -> UInt8 {
        let shifted = value + 0.5
        let magic = shifted + 8_388_608
        let roundedUp = (shifted - (magic - 8_388_608)).bitPattern >> 31
        return UInt8(truncatingIfNeeded: magic.bitPattern &- roundedUp)
    }
}
