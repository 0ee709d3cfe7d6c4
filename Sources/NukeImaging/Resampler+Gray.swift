// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

internal import NukeCore

extension Resampler {
    /// The separable filter for 8-bit gray: as the RGBA path does, source rows are filtered
    /// horizontally into a ring (``FilteredRows``) and each output row sums its window of it;
    /// rounded half up. The vertical sums and the store are plain loops over a row, which the
    /// compiler vectorises.
    static func filterGray(
        _ source: Bitmap,
        width: Int,
        height: Int,
        horizontal: Coefficients,
        vertical: Coefficients
    ) -> Bitmap {
        let (sourceWidth, stride) = (source.width, source.bytesPerRow)
        let rows = FilteredRows(
            horizontal: horizontal,
            weights: horizontal.weights,
            verticalTaps: vertical.taps,
            sourceWidth: sourceWidth,
            sourceHeight: source.height
        )
        var sums = [Float](repeating: 0, count: width)
        let output = [UInt8](unsafeUninitializedCapacity: width * height) { buffer, count in
            source.withUnsafeBytes { bytes in
                sums.withUnsafeMutableBufferPointer { sums in
                    vertical.withBuffers { starts, counts, weights in
                        for y in 0..<height {
                            let (first, count, base) = (starts[y], counts[y], y &* vertical.taps)
                            rows.makeAvailable(first..<(first &+ count)) { row, target in
                                let line = row &* stride
                                for x in 0..<sourceWidth { target[x] = Float(bytes[line &+ x]) }
                            }
                            // Each output pixel's taps in order, as one sum per pixel would add them.
                            for x in 0..<width { sums[x] = 0 }
                            for tap in 0..<count {
                                let (offset, weight) = (rows.offset(ofRow: first &+ tap), weights[base &+ tap])
                                for x in 0..<width { sums[x] += rows.samples[offset &+ x] * weight }
                            }
                            let row = y &* width
                            for x in 0..<width { buffer[row &+ x] = roundedHalfUp(clampedByte(sums[x])) }
                        }
                    }
                }
            }
            count = width * height
        }
        return makeBitmap(width: width, height: height, format: .gray8, pixels: output, isOpaque: true)
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
