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

    /// The AV1 encoders libavif can be built with (Debian 12's links all three).
    public enum Codec: String, Hashable, Sendable, CaseIterable {
        /// libavif's first available encoder: libaom where it is built in.
        case automatic
        /// libaom, in real-time mode from speed 7.
        case aom
        /// SVT-AV1, which takes no picture under 64 pixels a side (libavif then fails).
        case svt
        /// rav1e.
        case rav1e

        var choice: avifCodecChoice {
            switch self {
            case .automatic: AVIF_CODEC_CHOICE_AUTO
            case .aom: AVIF_CODEC_CHOICE_AOM
            case .svt: AVIF_CODEC_CHOICE_SVT
            case .rav1e: AVIF_CODEC_CHOICE_RAV1E
            }
        }

        /// Whether the libavif loaded at run time can encode with this codec.
        public var isAvailable: Bool {
            avifCodecName(choice, avifCodecFlags(AVIF_CODEC_FLAG_CAN_ENCODE.rawValue)) != nil
        }
    }

    /// The compression mode (default: lossy at 0.6, about libavif's and imgproxy's defaults).
    public var mode: Mode
    /// The encoder's speed, 0 (slowest, smallest) to 10 (fastest); default 8.
    public var speed: Int
    /// The AV1 encoder (default: libavif's choice).
    public var codec: Codec

    /// Creates an encoder.
    public init(mode: Mode = .lossy(quality: 0.6), speed: Int = 8, codec: Codec = .automatic) {
        self.mode = mode
        self.speed = speed
        self.codec = codec
    }

    /// Encodes `image` (gray bitmaps become RGB).
    ///
    /// - Throws: `ImageEncodingError.unsupportedImage(reason:)` for an empty image, one over
    ///   libavif's 65,536-pixel side, or a quality or speed out of range;
    ///   `ImageEncodingError.failed(reason:)` when libavif fails (or has no AV1 encoder, or not
    ///   ``codec``).
    public func encode(_ image: Bitmap) throws -> Data {
        try encode(image, iccProfile: nil)
    }

    /// Encodes the container: its animation, when it has one of more than one frame, as an AVIF
    /// image sequence (each frame in the mode asked for, at speed 6 at most, durations in
    /// milliseconds; libavif 0.11 stores no loop count, so players loop it for ever), else its image with its ICC profile
    /// when it carries one (its pixels kept their colours:
    /// `ColorManagementPolicy.keepOriginalProfile`).
    ///
    /// The context's `compressionQuality`, when set, replaces a lossy mode's quality.
    ///
    /// - Throws: `ImageEncodingError`, and the animation's errors for a frame it cannot produce.
    public func encode(_ container: ImageContainer, context: ImageEncodingContext) throws -> Data {
        var encoder = self
        if let quality = context.compressionQuality, case .lossy = mode { encoder.mode = .lossy(quality: quality) }
        return try encoder.encodeContainer(container, context: context)
    }

    private func encodeContainer(_ container: ImageContainer, context: ImageEncodingContext) throws -> Data {
        let profile = container.userInfo[.iccProfileKey] as? Data
        guard let animation = container.animation, animation.frameCount > 1 else {
            return try encode(container.image, iccProfile: profile)
        }
        try context.checkFrameCount(of: animation)
        let encoder = try makeEncoder()
        defer { avifEncoderDestroy(encoder) }
        encoder.pointee.timescale = 1000
        // libavif runs libaom in real-time mode from speed 7, whose inter frames came out wrong
        // (lossless frames after the first kept the first one's colours): at most 6 here.
        encoder.pointee.speed = min(encoder.pointee.speed, 6)
        for index in 0..<animation.frameCount {
            let frame = try animation.frame(at: index)
            guard frame.width == animation.width, frame.height == animation.height else {
                throw ImageEncodingError.unsupportedImage(reason: "frame \(index) is not the animation's size")
            }
            // Every frame with an alpha plane: a sequence's frames must agree.
            let image = try makeImage(frame, iccProfile: profile, keepsAlpha: true)
            defer { avifImageDestroy(image) }
            let milliseconds = UInt64(max(1, (animation.frameDurations[index] * 1000).rounded()))
            try Self.check(avifEncoderAddImage(encoder, image, milliseconds, avifAddImageFlags(0)), encoder)
        }
        var output = avifRWData()
        defer { avifRWDataFree(&output) }
        try Self.check(avifEncoderFinish(encoder, &output), encoder)
        return try Self.data(output)
    }

    private func encode(_ image: Bitmap, iccProfile: Data?) throws -> Data {
        let avif = try makeImage(image, iccProfile: iccProfile, keepsAlpha: !image.isOpaque)
        defer { avifImageDestroy(avif) }
        let encoder = try makeEncoder()
        defer { avifEncoderDestroy(encoder) }
        var output = avifRWData()
        defer { avifRWDataFree(&output) }
        try Self.check(avifEncoderWrite(encoder, avif, &output), encoder)
        return try Self.data(output)
    }

    /// The frame as libavif's YUV image (release with `avifImageDestroy`), sRGB code points, the
    /// ICC profile attached if any; `keepsAlpha: false` writes no alpha plane.
    private func makeImage(_ image: Bitmap, iccProfile: Data?, keepsAlpha: Bool) throws -> UnsafeMutablePointer<
        avifImage
    > {
        guard image.width > 0, image.height > 0, image.width <= 65_536, image.height <= 65_536 else {
            throw ImageEncodingError.unsupportedImage(reason: "\(image.width)×\(image.height) cannot be an AVIF")
        }
        _ = try quantizer()
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
        var isInitialized = false
        defer { if !isInitialized { avifImageDestroy(avif) } }
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
            rgb.ignoreAlpha = keepsAlpha ? AVIF_FALSE : AVIF_TRUE  // no alpha plane for opaque images
            try Self.check(avifImageRGBToYUV(avif, &rgb), nil)
        }
        isInitialized = true
        return avif
    }

    /// An encoder set for ``mode``, ``speed`` and ``codec`` (release with `avifEncoderDestroy`).
    private func makeEncoder() throws -> UnsafeMutablePointer<avifEncoder> {
        guard (0...10).contains(speed) else {
            throw ImageEncodingError.unsupportedImage(reason: "AVIF speed must be within 0…10")
        }
        let quantizer = try quantizer()
        guard let encoder = avifEncoderCreate() else {
            throw ImageEncodingError.failed(reason: "libavif could not create an encoder")
        }
        encoder.pointee.maxThreads = 1  // encoding runs on one of the pipeline's workers
        encoder.pointee.speed = Int32(speed)
        encoder.pointee.codecChoice = codec.choice
        (encoder.pointee.minQuantizer, encoder.pointee.maxQuantizer) = (quantizer, quantizer)
        (encoder.pointee.minQuantizerAlpha, encoder.pointee.maxQuantizerAlpha) = (quantizer, quantizer)
        return encoder
    }

    /// The AV1 quantizer for ``mode``: 0 (lossless) to 63.
    private func quantizer() throws -> Int32 {
        switch mode {
        case .lossy(let quality):
            guard quality.isFinite, (0...1).contains(quality) else {
                throw ImageEncodingError.unsupportedImage(reason: "AVIF quality must be within 0…1")
            }
            return Int32(((1 - quality) * 63).rounded())
        case .lossless:
            return Int32(AVIF_QUANTIZER_LOSSLESS)
        }
    }

    private static func data(_ output: avifRWData) throws -> Data {
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
