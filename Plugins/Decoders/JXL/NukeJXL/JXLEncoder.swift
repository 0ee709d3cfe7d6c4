// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

internal import CNukeLibJXL
public import NukeCore

#if canImport(Glibc)
    internal import Glibc
#elseif canImport(Musl)
    internal import Musl
#endif

#if canImport(FoundationEssentials)
    public import FoundationEssentials
#else
    public import Foundation
#endif

/// Encodes bitmaps as JPEG XL with libjxl: lossy at a Butteraugli distance, or lossless. Alpha is
/// kept; sRGB is signalled.
public struct JXLEncoder: ImageEncoding, Hashable {
    /// Lossy at a distance, or lossless.
    public enum Mode: Hashable, Sendable {
        /// Lossy at a Butteraugli distance: 0.5 (very high quality) to 15; 1 is visually lossless,
        /// cjxl's default.
        case lossy(distance: Double)
        /// Lossless (modular).
        case lossless
    }

    /// The compression mode (default: distance 1).
    public var mode: Mode
    /// The effort, 1 (fastest) to 9 (slowest, smallest); default 7, as cjxl's.
    public var effort: Int

    /// The distance cjxl uses for a JPEG-like quality (1–100; 90 is distance 1).
    public static func distance(forQuality quality: Int) -> Double {
        let quality = Double(min(100, max(1, quality)))
        guard quality < 30 else { return 0.1 + (100 - quality) * 0.09 }
        let exponent: Double = (30 - quality) / 5
        return 6.4 + pow(2.5, exponent) / 6.25
    }

    /// Creates an encoder.
    public init(mode: Mode = .lossy(distance: 1), effort: Int = 7) {
        self.mode = mode
        self.effort = effort
    }

    /// Encodes `image` (gray bitmaps as gray).
    ///
    /// - Throws: `ImageEncodingError.unsupportedImage(reason:)` for an empty image or settings
    ///   out of range; `ImageEncodingError.failed(reason:)` when libjxl fails.
    public func encode(_ image: Bitmap) throws -> Data {
        try encode(image, iccProfile: nil)
    }

    /// Encodes the container's image, with its ICC profile when it carries one (its pixels kept
    /// their colours: `ColorManagementPolicy.keepOriginalProfile`); sRGB otherwise. The context's
    /// `compressionQuality`, when set, replaces a lossy mode's distance with cjxl's distance for
    /// that quality (``distance(forQuality:)`` of the quality × 100).
    public func encode(_ container: ImageContainer, context: ImageEncodingContext) throws -> Data {
        var encoder = self
        if let quality = context.compressionQuality, case .lossy = mode {
            guard quality.isFinite, (0...1).contains(quality) else {
                throw ImageEncodingError.unsupportedImage(reason: "JPEG XL quality \(quality) is outside 0…1")
            }
            encoder.mode = .lossy(distance: Self.distance(forQuality: Int((quality * 100).rounded())))
        }
        return try encoder.encode(container.image, iccProfile: container.userInfo[.iccProfileKey] as? Data)
    }

    private func encode(_ image: Bitmap, iccProfile: Data?) throws -> Data {
        guard image.width > 0, image.height > 0, image.width <= 1 << 30, image.height <= 1 << 30 else {
            throw ImageEncodingError.unsupportedImage(reason: "\(image.width)×\(image.height) cannot be a JPEG XL")
        }
        guard (1...9).contains(effort) else {
            throw ImageEncodingError.unsupportedImage(reason: "JPEG XL effort must be within 1…9")
        }
        if case .lossy(let distance) = mode, !(distance.isFinite && (0.1...25).contains(distance)) {
            throw ImageEncodingError.unsupportedImage(reason: "JPEG XL distance must be within 0.1…25")
        }
        guard let encoder = JxlEncoderCreate(nil) else { throw ImageEncodingError.failed(reason: "libjxl: no encoder") }
        defer { JxlEncoderDestroy(encoder) }
        let isGray = image.pixelFormat == .gray8
        let hasAlpha = !isGray && !image.isOpaque
        var info = JxlBasicInfo()
        JxlEncoderInitBasicInfo(&info)
        info.xsize = UInt32(image.width)
        info.ysize = UInt32(image.height)
        info.bits_per_sample = 8
        info.num_color_channels = isGray ? 1 : 3
        info.num_extra_channels = hasAlpha ? 1 : 0
        info.alpha_bits = hasAlpha ? 8 : 0
        info.uses_original_profile = mode == .lossless ? JXL_TRUE : JXL_FALSE
        try Self.check(JxlEncoderSetBasicInfo(encoder, &info), "basic info")
        if let iccProfile, !iccProfile.isEmpty {
            try iccProfile.withUnsafeBytes { bytes in
                let profile = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self)
                try Self.check(JxlEncoderSetICCProfile(encoder, profile, bytes.count), "ICC profile")
            }
        } else {
            var color = JxlColorEncoding()
            JxlColorEncodingSetToSRGB(&color, isGray ? JXL_TRUE : JXL_FALSE)
            try Self.check(JxlEncoderSetColorEncoding(encoder, &color), "colour encoding")
        }
        guard let settings = JxlEncoderFrameSettingsCreate(encoder, nil) else {
            throw ImageEncodingError.failed(reason: "libjxl: no frame settings")
        }
        try Self.check(
            JxlEncoderFrameSettingsSetOption(settings, JXL_ENC_FRAME_SETTING_EFFORT, Int64(effort)),
            "effort"
        )
        switch mode {
        case .lossy(let distance): try Self.check(JxlEncoderSetFrameDistance(settings, Float(distance)), "distance")
        case .lossless: try Self.check(JxlEncoderSetFrameLossless(settings, JXL_TRUE), "lossless")
        }
        // RGBA input for an opaque image would add an alpha channel: give libjxl RGB then.
        let channels = isGray ? 1 : (hasAlpha ? 4 : 3)
        let pixels = Self.packed(image, channels: channels)
        var format = JxlPixelFormat(
            num_channels: UInt32(channels),
            data_type: JXL_TYPE_UINT8,
            endianness: JXL_NATIVE_ENDIAN,
            align: 0
        )
        try pixels.withUnsafeBytes { bytes in
            try Self.check(JxlEncoderAddImageFrame(settings, &format, bytes.baseAddress, bytes.count), "frame")
        }
        JxlEncoderCloseInput(encoder)
        return try Self.output(of: encoder)
    }

    /// `jpeg`'s own DCT coefficients recompressed as JPEG XL at this encoder's effort (its mode
    /// does not apply): nothing more is lost, in about a fifth fewer bytes (decoders of it differ
    /// from libjpeg's decode by a level or so, as JPEG decoders differ among themselves), with
    /// its ICC profile and its EXIF orientation (the image shows upright), without its EXIF,
    /// XMP, JUMBF or the data to rebuild the JPEG file.
    ///
    /// - Throws: `ImageEncodingError.unsupportedImage(reason:)` when libjxl cannot take the JPEG
    ///   as it is (arithmetic coding, 12 bits, CMYK…: decode it and encode the pixels instead) or
    ///   the effort is out of range.
    public func recompressing(jpeg: Data) throws -> Data {
        guard (1...9).contains(effort) else {
            throw ImageEncodingError.unsupportedImage(reason: "JPEG XL effort must be within 1…9")
        }
        guard let encoder = JxlEncoderCreate(nil) else { throw ImageEncodingError.failed(reason: "libjxl: no encoder") }
        defer { JxlEncoderDestroy(encoder) }
        try Self.check(JxlEncoderStoreJPEGMetadata(encoder, JXL_FALSE), "JPEG metadata setting")
        guard let settings = JxlEncoderFrameSettingsCreate(encoder, nil) else {
            throw ImageEncodingError.failed(reason: "libjxl: no frame settings")
        }
        try Self.check(
            JxlEncoderFrameSettingsSetOption(settings, JXL_ENC_FRAME_SETTING_EFFORT, Int64(effort)),
            "effort"
        )
        let status = jpeg.withUnsafeBytes { bytes in
            JxlEncoderAddJPEGFrame(settings, bytes.baseAddress?.assumingMemoryBound(to: UInt8.self), bytes.count)
        }
        guard status == JXL_ENC_SUCCESS else {
            throw ImageEncodingError.unsupportedImage(reason: "libjxl cannot recompress this JPEG")
        }
        JxlEncoderCloseInput(encoder)
        return Self.removingMetadataBoxes(try Self.output(of: encoder))
    }

    /// `container` without its EXIF, XMP and JUMBF boxes, compressed (`brob`) or not, which
    /// libjxl copies from a JPEG: the orientation is in the codestream's header.
    private static func removingMetadataBoxes(_ container: Data) -> Data {
        let bytes = [UInt8](container)
        let signature: [UInt8] = [0, 0, 0, 0x0C, 0x4A, 0x58, 0x4C, 0x20]
        guard bytes.starts(with: signature) else { return container }
        var kept = [UInt8]()
        var offset = 0
        while offset + 8 <= bytes.count {
            var size = bytes.bigEndianInteger(at: offset, size: 4)
            var header = 8
            if size == 1, offset + 16 <= bytes.count {
                (size, header) = (bytes.bigEndianInteger(at: offset + 8, size: 8), 16)
            } else if size == 0 {
                size = bytes.count - offset
            }
            guard size >= header, size <= bytes.count - offset else { return container }
            let type = String(decoding: bytes[(offset + 4)..<(offset + 8)], as: UTF8.self)
            if !["Exif", "xml ", "jumb", "brob"].contains(type) { kept += bytes[offset..<(offset + size)] }
            offset += size
        }
        return offset == bytes.count ? Data(kept) : container
    }

    /// What `encoder` writes once its input is closed.
    private static func output(of encoder: OpaquePointer) throws -> Data {
        var output = [UInt8](repeating: 0, count: 64 * 1024)
        var written = 0
        while true {
            var next: UnsafeMutablePointer<UInt8>? = nil
            var available = 0
            let status = output.withUnsafeMutableBufferPointer { buffer -> JxlEncoderStatus in
                next = buffer.baseAddress! + written
                available = buffer.count - written
                let start = next
                let status = JxlEncoderProcessOutput(encoder, &next, &available)
                written += next! - start!
                return status
            }
            if status == JXL_ENC_SUCCESS { break }
            guard status == JXL_ENC_NEED_MORE_OUTPUT else {
                throw ImageEncodingError.failed(reason: "libjxl could not encode")
            }
            output.append(contentsOf: repeatElement(0, count: output.count))
        }
        return Data(output.prefix(written))
    }

    private static func packed(_ image: Bitmap, channels: Int) -> [UInt8] {
        guard channels == 3 else {
            return image.withUnsafeBytes { Array($0.prefix(image.width * image.height * channels)) }
        }
        var rgb = [UInt8](repeating: 0, count: image.width * image.height * 3)
        image.withUnsafeBytes { rgba in
            for pixel in 0..<image.width * image.height {
                rgb[pixel * 3] = rgba[pixel * 4]
                rgb[pixel * 3 + 1] = rgba[pixel * 4 + 1]
                rgb[pixel * 3 + 2] = rgba[pixel * 4 + 2]
            }
        }
        return rgb
    }

    private static func check(_ status: JxlEncoderStatus, _ step: String) throws {
        guard status == JXL_ENC_SUCCESS else { throw ImageEncodingError.failed(reason: "libjxl refused the \(step)") }
    }
}
