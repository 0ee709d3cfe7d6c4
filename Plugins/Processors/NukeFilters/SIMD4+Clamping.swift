// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

extension SIMD4 where Scalar == Float {
    /// Each lane limited to `0...upper`, NaN to 0 (a filter's parameters can overflow Float), by
    /// vector compares (a NaN lane is not above zero): per-lane code with a branch each cost more
    /// than a colour matrix.
    @inline(__always)
    func clampedToZero(upTo upper: Float) -> SIMD4<Float> {
        let (zero, top) = (SIMD4<Float>.zero, SIMD4<Float>(repeating: upper))
        let positive = replacing(with: zero, where: .!(self .> zero))
        return positive.replacing(with: top, where: positive .> top)
    }
}

extension BinaryFloatingPoint {
    /// `self` limited to `0...upper`; NaN is 0.
    @inline(__always)
    func clampedToZero(upTo upper: Self) -> Self {
        self > 0 ? Swift.min(self, upper) : 0
    }
}
