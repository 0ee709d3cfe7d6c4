// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

internal import CNukeLibAVIF
public import NukeCore

#if canImport(FoundationEssentials)
    public import FoundationEssentials
#else
    public import Foundation
#endif

/// Encodes bitmaps as AVIF with libavif's AV1 encoder: lossy with a quality, or lossless. Alpha is
/// kept; sRGB is signalled.
public struct AVIFEncoder: ImageEncoding, Hashable {
    /// Lossy with a quality (0…1), or lossless.
    public enum Mode: Hashable, Sendable {
        /// Lossy at a quality from 0 to 1, mapped to AV1 quantizers as libavif 1.x maps its own
        /// quality (1 is quantizer 0, 0 is 63); colour is subsampled 4:2:0.
        case lossy(quality: Double)
        /// Lossless: 4:4:4 with the identity matrix and quantizer 0.
        case lossless
    }

    /// The compression mode (default: lossy at 0.6, about libavif's and imgproxy's defaults).
    public var mode: Mode
    /// The encoder's speed, 0 (slowest, smallest) to 10 (fastest); default 8.
    public var speed: Int

    /// Creates an encoder.
    public init(mode: Mode = .lossy(quality: 0.6), speed: Int = 8) {
        self.mode = mode
        self.speed = speed
    }

    /// Encodes `image` (gray bitmaps become RGB).
    ///
    /// - Throws: `ImageEncodingError.unsupportedImage(reason:)` for an empty image, one over
    ///   libavif's 65,536-pixel side, or a quality or speed out of range;
    ///   `ImageEncodingError.failed(reason:)` when libavif fails (or has no AV1 encoder).
    public func encode(_ image: Bitmap) throws -> Data {
        try encode(image, iccProfile: nil)
    }

    /// Encodes the container's image, with its ICC profile when it carries one (its pixels kept
    /// their colours: `ColorManagementPolicy.keepOriginalProfile`); sRGB code points otherwise.
    public func encode(_ container: ImageContainer, context: ImageEncodingContext) throws -> Data {
        try encode(container.image, iccProfile: container.userInfo[.iccProfileKey] as? Data)
    }

    private func encode(_ image: Bitmap, iccProfile: Data?) throws -> Data {
        guard image.width > 0, image.height > 0, image.width <= 65_536, image.height <= 65_536 else {
            throw ImageEncodingError.unsupportedImage(reason: "\(image.width)×\(image.height) cannot be an AVIF")
        }
        guard (0...10).contains(speed) else {
            throw ImageEncodingError.unsupportedImage(reason: "AVIF speed must be within 0…10")
        }
        let quantizer: Int32
        switch mode {
        case .lossy(let quality):
            guard quality.isFinite, (0...1).contains(quality) else {
                throw ImageEncodingError.unsupportedImage(reason: "AVIF quality must be within 0…1")
            }
            quantizer = Int32(((1 - quality) * 63).rounded())
        case .lossless:
            quantizer = Int32(AVIF_QUANTIZER_LOSSLESS)
        }
        let rgba = try image.convertedToRGBA()
        let isLossless = mode == .lossless
        guard
            let avif = avifImageCreate(
                UInt32(rgba.width),
                UInt32(rgba.height),
                8,
                isLossless ? AVIF_PIXEL_FORMAT_YUV444 : AVIF_PIXEL_FORMAT_YUV420
            )
        else { throw ImageEncodingError.failed(reason: "libavif could not create an image") }
        defer { avifImageDestroy(avif) }
        avif.pointee.yuvRange = AVIF_RANGE_FULL
        avif.pointee.colorPrimaries = avifColorPrimaries(AVIF_COLOR_PRIMARIES_BT709)
        avif.pointee.transferCharacteristics = avifTransferCharacteristics(AVIF_TRANSFER_CHARACTERISTICS_SRGB)
        avif.pointee.matrixCoefficients = avifMatrixCoefficients(
            isLossless ? AVIF_MATRIX_COEFFICIENTS_IDENTITY : AVIF_MATRIX_COEFFICIENTS_BT601
        )
        if let iccProfile, !iccProfile.isEmpty {
            iccProfile.withUnsafeBytes {
                avifImageSetProfileICC(avif, $0.baseAddress?.assumingMemoryBound(to: UInt8.self), $0.count)
            }
        }
        try rgba.withUnsafeBytes { pixels in
            var rgb = avifRGBImage()
            avifRGBImageSetDefaults(&rgb, avif)
            rgb.format = AVIF_RGB_FORMAT_RGBA
            rgb.depth = 8
            // libavif reads the pixels only; its struct has no const pointer.
            rgb.pixels = UnsafeMutablePointer(mutating: pixels.baseAddress!.assumingMemoryBound(to: UInt8.self))
            rgb.rowBytes = UInt32(rgba.bytesPerRow)
            rgb.ignoreAlpha = rgba.isOpaque ? AVIF_TRUE : AVIF_FALSE  // no alpha plane for opaque images
            try Self.check(avifImageRGBToYUV(avif, &rgb), nil)
        }
        guard let encoder = avifEncoderCreate() else {
            throw ImageEncodingError.failed(reason: "libavif could not create an encoder")
        }
        defer { avifEncoderDestroy(encoder) }
        encoder.pointee.maxThreads = 1  // encoding runs on one of the pipeline's workers
        encoder.pointee.speed = Int32(speed)
        (encoder.pointee.minQuantizer, encoder.pointee.maxQuantizer) = (quantizer, quantizer)
        (encoder.pointee.minQuantizerAlpha, encoder.pointee.maxQuantizerAlpha) = (quantizer, quantizer)
        var output = avifRWData()
        defer { avifRWDataFree(&output) }
        try Self.check(avifEncoderWrite(encoder, avif, &output), encoder)
        guard let bytes = output.data, output.size > 0 else {
            throw ImageEncodingError.failed(reason: "libavif wrote nothing")
        }
        return Data(bytes: bytes, count: output.size)
    }

    private static func check(_ result: avifResult, _ encoder: UnsafeMutablePointer<avifEncoder>?) throws {
        guard result != AVIF_RESULT_OK else { return }
        var reason = String(cString: avifResultToString(result))
        if let encoder {
            let detail = AVIFReader.diagnostic(encoder.pointee.diag)
            if !detail.isEmpty { reason += ": \(detail)" }
        }
        throw ImageEncodingError.failed(reason: "libavif: \(reason)")
    }
}
