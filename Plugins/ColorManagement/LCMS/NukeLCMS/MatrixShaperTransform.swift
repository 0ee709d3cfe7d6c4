// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

internal import CNukeLibLCMS
internal import NukeCore

/// A fast transform to sRGB for matrix/curve profiles (Display P3, Adobe RGB, ProPhoto and most
/// camera and editor profiles; gray profiles with a curve), the colours Little CMS's own
/// matrix/curve transform gives, at a fraction of its cost.
///
/// Each 8-bit input value goes through its channel's curve to linear light (a 256-entry table, 14
/// fractional bits), the three are mixed by one integer 3×3 matrix (the source's colorants
/// followed by the inverse of sRGB's, both as the profiles store them, adapted to D50), and the
/// result goes through sRGB's curve (a 16,384-entry table). Alpha is copied.
///
/// `@unchecked Sendable`: its tables are written once, in `init`, and only read afterwards.
final class MatrixShaperTransform: ColorTransform, @unchecked Sendable {
    private static let linearBits = 14
    private static let linearOne = 1 << linearBits
    private static let linearMax = linearOne - 1

    private let pixelFormat: PixelFormat
    /// Per channel: 8-bit value → linear light, 0…16383.
    private let toLinear: [[Int32]]
    /// Row-major, 14 fractional bits.
    private let matrix: [Int32]
    /// Linear light 0…16383 → 8-bit sRGB value.
    private let toSRGB: [UInt8]

    /// The transform for `profile`, or `nil` if it is not a matrix/curve profile of the pixels'
    /// colour space, or the intent is absolute colorimetric (Little CMS's own transform then).
    init?(profile: LCMSProfile, pixelFormat: PixelFormat, intent: RenderingIntent) {
        let handle = profile.handle
        let isGray = pixelFormat == .gray8
        // Absolute colorimetry keeps the source's white, which this matrix (adapted to D50) does not.
        guard intent != .absoluteColorimetric else { return nil }
        // LUT tags take precedence over colorants in Little CMS for this intent: leave those to it.
        guard cmsIsCLUT(handle, cmsUInt32Number(intent.rawValue), cmsUInt32Number(LCMS_USED_AS_INPUT)) == 0 else {
            return nil
        }
        let sRGB = LCMSProfile.sRGB()
        // Open until its curve has been read and reversed below.
        defer { withExtendedLifetime(sRGB) {} }
        if isGray {
            guard profile.colorSpace == cmsSigGrayData, let curve = Self.curve(handle, cmsSigGrayTRCTag) else {
                return nil
            }
            toLinear = [Self.table(curve)]
            // Gray maps to sRGB's gray (equal channels): linear light stays the same.
            matrix = [Int32(Self.linearOne)]
        } else {
            guard profile.colorSpace == cmsSigRgbData, cmsIsMatrixShaper(handle) != 0,
                let source = Self.colorants(handle), let destination = Self.colorants(sRGB.handle),
                let inverse = Self.inverse(destination)
            else { return nil }
            var curves: [[Int32]] = []
            for tag in [cmsSigRedTRCTag, cmsSigGreenTRCTag, cmsSigBlueTRCTag] {
                guard let curve = Self.curve(handle, tag) else { return nil }
                curves.append(Self.table(curve))
            }
            toLinear = curves
            let product = Self.multiply(inverse, source)
            matrix = product.map { Int32(($0 * Double(Self.linearOne)).rounded()) }
        }
        guard let srgbCurve = Self.curve(sRGB.handle, cmsSigRedTRCTag),
            let inverseCurve = cmsReverseToneCurve(srgbCurve)
        else { return nil }
        defer { cmsFreeToneCurve(inverseCurve) }
        toSRGB = (0..<Self.linearOne).map { level in
            let value = cmsEvalToneCurveFloat(inverseCurve, Float(level) / Float(Self.linearMax))
            return UInt8(max(0, min(255, (value * 255).rounded())))
        }
        self.pixelFormat = pixelFormat
    }

    /// `image` converted; it must be of the pixel format the transform was made for.
    func apply(to image: Bitmap) throws -> Bitmap {
        try Bitmap(width: image.width, height: image.height, pixelFormat: image.pixelFormat, isOpaque: image.isOpaque) {
            output in
            image.withUnsafeBytes { input in
                if pixelFormat == .gray8 {
                    convertGray(input, image: image, output: output)
                } else {
                    convertRGBA(input, image: image, output: output)
                }
            }
        }
    }

    private func convertRGBA(_ input: UnsafeRawBufferPointer, image: Bitmap, output: UnsafeMutableBufferPointer<UInt8>)
    {
        let (m0, m1, m2, m3, m4, m5, m6, m7, m8) = (
            matrix[0], matrix[1], matrix[2], matrix[3], matrix[4], matrix[5], matrix[6], matrix[7], matrix[8]
        )
        let shift = Int32(Self.linearBits)
        let top = Int32(Self.linearMax)
        toLinear[0].withUnsafeBufferPointer { red in
            toLinear[1].withUnsafeBufferPointer { green in
                toLinear[2].withUnsafeBufferPointer { blue in
                    toSRGB.withUnsafeBufferPointer { encode in
                        let source = input.bindMemory(to: UInt8.self)
                        let rowBytes = image.width * 4
                        for row in 0..<image.height {
                            var from = row * image.bytesPerRow
                            var to = row * rowBytes
                            for _ in 0..<image.width {
                                let r = red[Int(source[from])]
                                let g = green[Int(source[from + 1])]
                                let b = blue[Int(source[from + 2])]
                                let x = min(max((m0 &* r &+ m1 &* g &+ m2 &* b) >> shift, 0), top)
                                let y = min(max((m3 &* r &+ m4 &* g &+ m5 &* b) >> shift, 0), top)
                                let z = min(max((m6 &* r &+ m7 &* g &+ m8 &* b) >> shift, 0), top)
                                output[to] = encode[Int(x)]
                                output[to + 1] = encode[Int(y)]
                                output[to + 2] = encode[Int(z)]
                                output[to + 3] = source[from + 3]
                                from += 4
                                to += 4
                            }
                        }
                    }
                }
            }
        }
    }

    private func convertGray(_ input: UnsafeRawBufferPointer, image: Bitmap, output: UnsafeMutableBufferPointer<UInt8>)
    {
        // 256 possible values: one table from stored value to sRGB value.
        let table = toLinear[0].map { toSRGB[Int(min(max($0, 0), Int32(Self.linearMax)))] }
        let source = input.bindMemory(to: UInt8.self)
        for row in 0..<image.height {
            for column in 0..<image.width {
                output[row * image.width + column] = table[Int(source[row * image.bytesPerRow + column])]
            }
        }
    }

    // MARK: Reading the profile

    private static func curve(_ profile: cmsHPROFILE, _ tag: cmsTagSignature) -> OpaquePointer? {
        cmsReadTag(profile, tag).map { OpaquePointer($0) }
    }

    /// The curve sampled at the 256 8-bit values, as linear light with 14 fractional bits.
    private static func table(_ curve: OpaquePointer) -> [Int32] {
        (0..<256).map { value in
            let linear = cmsEvalToneCurveFloat(curve, Float(value) / 255)
            return Int32((max(0, min(1, linear)) * Float(linearMax)).rounded())
        }
    }

    /// The colorant matrix (columns: the red, green and blue colorants' XYZ), row-major.
    private static func colorants(_ profile: cmsHPROFILE) -> [Double]? {
        var columns: [cmsCIEXYZ] = []
        for tag in [cmsSigRedColorantTag, cmsSigGreenColorantTag, cmsSigBlueColorantTag] {
            guard let xyz = cmsReadTag(profile, tag)?.assumingMemoryBound(to: cmsCIEXYZ.self).pointee else {
                return nil
            }
            columns.append(xyz)
        }
        return [
            columns[0].X, columns[1].X, columns[2].X,
            columns[0].Y, columns[1].Y, columns[2].Y,
            columns[0].Z, columns[1].Z, columns[2].Z,
        ]
    }

    private static func multiply(_ a: [Double], _ b: [Double]) -> [Double] {
        (0..<9).map { index in
            let (row, column) = (index / 3, index % 3)
            return (0..<3).reduce(0) { $0 + a[row * 3 + $1] * b[$1 * 3 + column] }
        }
    }

    private static func inverse(_ m: [Double]) -> [Double]? {
        let determinant =
            m[0] * (m[4] * m[8] - m[5] * m[7]) - m[1] * (m[3] * m[8] - m[5] * m[6]) + m[2] * (m[3] * m[7] - m[4] * m[6])
        guard abs(determinant) > 1e-12 else { return nil }
        let cofactors = [
            m[4] * m[8] - m[5] * m[7], m[2] * m[7] - m[1] * m[8], m[1] * m[5] - m[2] * m[4],
            m[5] * m[6] - m[3] * m[8], m[0] * m[8] - m[2] * m[6], m[2] * m[3] - m[0] * m[5],
            m[3] * m[7] - m[4] * m[6], m[1] * m[6] - m[0] * m[7], m[0] * m[4] - m[1] * m[3],
        ]
        return cofactors.map { $0 / determinant }
    }
}
