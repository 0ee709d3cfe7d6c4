// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

extension SIMD4 where Scalar == Float {
    /// The RGBA pixel at `offset` in `bytes`, in 0…255, with its colour multiplied by
    /// alpha / 255 when `premultiplied`.
    @inline(__always)
    init(rgbaAt offset: Int, in bytes: UnsafeRawBufferPointer, premultiplied: Bool) {
        let pixel = bytes.loadUnaligned(fromByteOffset: offset, as: SIMD4<UInt8>.self)
        self.init(SIMD4<Int32>(truncatingIfNeeded: pixel))
        if premultiplied {
            let alpha = w / 255
            self = SIMD4(x * alpha, y * alpha, z * alpha, w)
        }
    }

    /// Premultiplied colour made straight again for `alpha` (0…255): colour × 255 / alpha, 0
    /// where alpha is 0; the result carries `alpha`.
    @inline(__always)
    func unpremultiplied(alpha: Float) -> SIMD4<Float> {
        let factor: Float = alpha > 0 ? 255 / alpha : 0
        return SIMD4(x * factor, y * factor, z * factor, alpha)
    }
}
