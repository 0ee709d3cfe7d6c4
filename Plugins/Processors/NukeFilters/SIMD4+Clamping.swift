// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

extension SIMD4 where Scalar == Float {
    /// Each lane limited to `0...upper`, NaN to 0 (a filter's parameters can overflow Float),
    /// per lane: the generic `clamped(lowerBound:upperBound:)` is not inlined and costs more than
    /// a colour matrix.
    @inline(__always)
    func clampedToZero(upTo upper: Float) -> SIMD4<Float> {
        SIMD4(
            x.clampedToZero(upTo: upper),
            y.clampedToZero(upTo: upper),
            z.clampedToZero(upTo: upper),
            w.clampedToZero(upTo: upper)
        )
    }
}

extension BinaryFloatingPoint {
    /// `self` limited to `0...upper`; NaN is 0.
    @inline(__always)
    func clampedToZero(upTo upper: Self) -> Self {
        self > 0 ? Swift.min(self, upper) : 0
    }
}
