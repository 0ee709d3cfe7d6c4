// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

extension SIMD4 where Scalar == Float {
    /// Each lane limited to `0...upper`, per lane: the generic `clamped(lowerBound:upperBound:)` is
    /// not inlined and costs more than a colour matrix.
    @inline(__always)
    func clampedToZero(upTo upper: Float) -> SIMD4<Float> {
        SIMD4(
            Swift.min(Swift.max(x, 0), upper),
            Swift.min(Swift.max(y, 0), upper),
            Swift.min(Swift.max(z, 0), upper),
            Swift.min(Swift.max(w, 0), upper)
        )
    }
}
