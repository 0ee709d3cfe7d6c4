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

    /// Converts `count` RGBA pixels of `bytes` from byte `offset` on into `target` as floats in
    /// 0…255, their colour multiplied by alpha / 255 when `premultiplied`: the row conversion of
    /// the resampler and the blur. Two loops rather than a test per pixel.
    @inline(__always)
    static func convertRGBA(
        _ count: Int,
        at offset: Int,
        in bytes: UnsafeRawBufferPointer,
        premultiplied: Bool,
        into target: UnsafeMutablePointer<SIMD4<Float>>
    ) {
        if premultiplied {
            for x in 0..<count { target[x] = SIMD4(rgbaAt: offset &+ x &* 4, in: bytes, premultiplied: true) }
        } else {
            for x in 0..<count { target[x] = SIMD4(rgbaAt: offset &+ x &* 4, in: bytes, premultiplied: false) }
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
