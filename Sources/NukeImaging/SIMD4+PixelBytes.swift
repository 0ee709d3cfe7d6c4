// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

extension SIMD4 where Scalar == Float {
    /// Each lane limited to `0...upper`, NaN to 0, by vector compares: the clamp before
    /// ``roundedHalfUpToBytes()``. `Swift.min` and `Swift.max` per lane compile to a branch each,
    /// mispredicted wherever a filter overshoots, and the generic
    /// `clamped(lowerBound:upperBound:)` is not inlined.
    @inlinable @inline(__always)
    public func clampedToZero(upTo upper: Float) -> SIMD4<Float> {
        let (zero, top) = (SIMD4<Float>.zero, SIMD4<Float>(repeating: upper))
        let positive = replacing(with: zero, where: .!(self .> zero))
        return positive.replacing(with: top, where: positive .> top)
    }

    /// The four lanes, each in 0…255, rounded half up to bytes: the store at the end of a pixel
    /// loop that works in `SIMD4<Float>` (the blur's, NukeFilters' colour matrices). Clamp first
    /// (``clampedToZero(upTo:)``): lanes outside 0…255 give meaningless bytes.
    ///
    /// Vector instructions only: adding 2^23 leaves each lane rounded to the nearest integer (ties
    /// to even) in its low mantissa bits, and lanes that went past `lane + 0.5`'s floor (the sign
    /// of their difference) are taken down by one. Swift's per-lane and generic SIMD conversions
    /// (`SIMD4<Int32>(_:)`) cost several times the rest of a pixel's work.
    @inlinable @inline(__always)
    public func roundedHalfUpToBytes() -> SIMD4<UInt8> {
        let shifted = self + 0.5
        let magic = shifted + 8_388_608
        let nearest = unsafeBitCast(magic, to: SIMD4<UInt32>.self)
        let roundedUp = unsafeBitCast(shifted - (magic - 8_388_608), to: SIMD4<UInt32>.self) &>> 31
        return SIMD4<UInt8>(truncatingIfNeeded: nearest &- roundedUp)
    }
}
