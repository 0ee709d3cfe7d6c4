// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

internal import CNukeLCMS
internal import CNukeLibLCMS
internal import NukeCore
internal import NukeImaging

/// A fast transform to sRGB for matrix/curve profiles (Display P3, Adobe RGB, ProPhoto and most
/// camera and editor profiles; gray profiles with a curve), the colours Little CMS's own
/// matrix/curve transform gives, at a fraction of its cost.
///
/// Each 8-bit input value goes through its channel's curve to linear light (a 256-entry table, 14
/// fractional bits), the three are mixed by one integer 3×3 matrix (the source's colorants
/// followed by the inverse of sRGB's, both as the profiles store them, adapted to D50), and the
/// result goes through sRGB's curve (a 16,384-entry table). Alpha is copied. The pixel loop is C
/// (`nuke_matrix_shaper_rgba`): 64 pixels at a time with AVX-512 where the processor has it, else
/// per-channel tables of the matrix's terms summed per pixel. Each of the matrix's terms is rounded back to 14 bits before the three
/// are summed, what AVX-512's 16-bit multiply (`vpmulhrsw`) gives, so every loop gives the same
/// bytes.
///
/// `@unchecked Sendable`: its tables are written once, in `init`, and only read afterwards.
final class MatrixShaperTransform: ColorTransform, @unchecked Sendable {
    private static let linearOne = 1 << NUKE_LINEAR_BITS
    private static let linearMax = Int(NUKE_LINEAR_MAX)

    private let pixelFormat: PixelFormat
    /// The pixel loop of ``apply(to:)`` and ``apply(inPlace:)``.
    private let loop: LCMSColorManager.PixelLoop
    /// The tables and matrix the C loop reads (RGBA); allocated here, freed in `deinit`.
    private let tables: UnsafeMutablePointer<nuke_matrix_shaper>
    /// Gray: the stored value's sRGB value.
    private let grayTable: [UInt8]

    /// The transform for `profile`, or `nil` if it is not a matrix/curve profile of the pixels'
    /// colour space, its matrix is out of the integer loop's range, or the intent is absolute
    /// colorimetric (Little CMS's own transform then).
    init?(
        profile: LCMSProfile,
        pixelFormat: PixelFormat,
        intent: RenderingIntent,
        loop: LCMSColorManager.PixelLoop = .fastest
    ) {
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
        let toLinear: [[Int32]]
        let matrix: [Int32]
        if isGray {
            guard profile.colorSpace == cmsSigGrayData, let curve = Self.curve(handle, cmsSigGrayTRCTag) else {
                return nil
            }
            toLinear = [Self.table(curve)]
            // Gray maps to sRGB's gray (equal channels): linear light stays the same.
            matrix = []
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
            // The C loop sums in 32 bits: each row's coefficients must stay under 8 in all.
            for row in 0..<3 where product[row * 3..<row * 3 + 3].reduce(0, { $0 + abs($1) }) >= 7.99 {
                return nil
            }
            matrix = product.map { Int32(($0 * Double(Self.linearOne)).rounded()) }
        }
        guard let srgbCurve = Self.curve(sRGB.handle, cmsSigRedTRCTag),
            let inverseCurve = cmsReverseToneCurve(srgbCurve)
        else { return nil }
        defer { cmsFreeToneCurve(inverseCurve) }
        let toSRGB = (0...Self.linearMax).map { level in
            let value = cmsEvalToneCurveFloat(inverseCurve, Float(level) / Float(Self.linearMax))
            return UInt8(max(0, min(255, (value * 255).rounded())))
        }
        self.pixelFormat = pixelFormat
        self.loop = loop
        grayTable = isGray ? toLinear[0].map { toSRGB[Int(min(max($0, 0), Int32(Self.linearMax)))] } : []
        // Zeroed where it is allocated: the struct is about 290 KB, too large for a temporary on
        // a thread's stack (`nuke_matrix_shaper()` would build one).
        let size = MemoryLayout<nuke_matrix_shaper>.size
        let storage = UnsafeMutableRawPointer.allocate(
            byteCount: size,
            alignment: MemoryLayout<nuke_matrix_shaper>.alignment
        )
        storage.initializeMemory(as: UInt8.self, repeating: 0, count: size)
        tables = storage.bindMemory(to: nuke_matrix_shaper.self, capacity: 1)
        if !isGray {
            withUnsafeMutableBytes(of: &tables.pointee.to_linear) { bytes in
                let values = bytes.bindMemory(to: Int32.self)
                for channel in 0..<3 {
                    for value in 0..<256 { values[channel * 256 + value] = toLinear[channel][value] }
                }
            }
            withUnsafeMutableBytes(of: &tables.pointee.matrix) { bytes in
                _ = bytes.bindMemory(to: Int32.self).initialize(from: matrix)
            }
            let srgb = nuke_matrix_shaper_srgb_table(tables)
            for level in 0...Self.linearMax { srgb[level] = toSRGB[level] }
            nuke_matrix_shaper_prepare(tables)
        }
    }

    deinit {
        tables.deallocate()
    }

    /// `image` converted; it must be of the pixel format the transform was made for.
    func apply(to image: Bitmap) throws -> Bitmap {
        try apply(to: image, loop: loop)
    }

    /// `image` converted by the given pixel loop.
    func apply(to image: Bitmap, loop: LCMSColorManager.PixelLoop) throws -> Bitmap {
        try Bitmap(width: image.width, height: image.height, pixelFormat: image.pixelFormat, isOpaque: image.isOpaque) {
            output in
            image.withUnsafeBytes { input in
                guard let from = input.baseAddress, let to = output.baseAddress else { return }
                let rows = Rows(width: image.width, height: image.height, sourceStride: image.bytesPerRow)
                convert(
                    rows,
                    from: from,
                    to: to,
                    destinationStride: image.width * pixelFormat.bytesPerPixel,
                    loop: loop
                )
            }
        }
    }

    /// Converts `image` in its storage (copied first if shared); the rows keep their stride.
    func apply(inPlace image: inout Bitmap) throws {
        apply(inPlace: &image, loop: loop)
    }

    /// Converts `image` in its storage by the given pixel loop.
    func apply(inPlace image: inout Bitmap, loop: LCMSColorManager.PixelLoop) {
        // Plain values: a copy of the bitmap would share its storage and make the write copy it.
        let rows = Rows(width: image.width, height: image.height, sourceStride: image.bytesPerRow)
        image.withUnsafeMutableBytes { pixels in
            guard let base = pixels.baseAddress else { return }
            convert(rows, from: base, to: base, destinationStride: rows.sourceStride, loop: loop)
        }
    }

    /// The conversion a decoder can run row by row on planes (`nuke_matrix_shaper_planes`), when
    /// the transform's loop is the AVX-512 one, which takes planes as they come; `nil` otherwise
    /// (decoding, then converting, is as fast there), and for gray.
    var planarRowConversion: PlanarRowConversion? {
        guard pixelFormat == .rgba8, resolved(loop) == .avx512 else { return nil }
        return PlanarRowConversion(function: nuke_matrix_shaper_planes, context: UnsafeRawPointer(tables), owner: self)
    }

    /// The loop that runs for `loop` on this processor: `loop` itself, or the one standing in for
    /// it (``LCMSColorManager/PixelLoop/fastest`` is the one it picks).
    func resolved(_ loop: LCMSColorManager.PixelLoop) -> LCMSColorManager.PixelLoop {
        let kernel = nuke_matrix_shaper_resolve(tables, loop.kernel)
        return LCMSColorManager.PixelLoop.allCases.first { $0 != .fastest && $0.kernel == kernel } ?? .plainC
    }

    /// The geometry of the pixels to convert.
    private struct Rows {
        var width: Int
        var height: Int
        var sourceStride: Int
    }

    /// Converts `rows` at `from` into rows `destinationStride` bytes apart at `to` (which may be
    /// `from`: every pixel is read before it is written).
    private func convert(
        _ rows: Rows,
        from: UnsafeRawPointer,
        to: UnsafeMutableRawPointer,
        destinationStride: Int,
        loop: LCMSColorManager.PixelLoop
    ) {
        let source = from.assumingMemoryBound(to: UInt8.self)
        let destination = to.assumingMemoryBound(to: UInt8.self)
        guard pixelFormat == .rgba8 else {
            grayTable.withUnsafeBufferPointer { table in
                for row in 0..<rows.height {
                    let input = source + row * rows.sourceStride
                    let output = destination + row * destinationStride
                    for column in 0..<rows.width { output[column] = table[Int(input[column])] }
                }
            }
            return
        }
        nuke_matrix_shaper_rgba(
            tables,
            source,
            rows.sourceStride,
            destination,
            destinationStride,
            rows.width,
            rows.height,
            loop.kernel
        )
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

extension LCMSColorManager.PixelLoop {
    /// The C loop's name for this loop.
    var kernel: nuke_kernel {
        switch self {
        case .fastest: NUKE_KERNEL_BEST
        case .summedTables: NUKE_KERNEL_TABLES
        case .plainC: NUKE_KERNEL_SCALAR
        case .avx512: NUKE_KERNEL_AVX512
        }
    }
}
