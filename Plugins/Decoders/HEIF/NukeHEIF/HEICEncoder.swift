// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

internal import CNukeLibHEIF
public import NukeCore

#if canImport(FoundationEssentials)
    public import FoundationEssentials
#else
    public import Foundation
#endif

/// Encodes bitmaps as HEIC (HEVC in HEIF) with libheif and its x265 encoder, 8 bits, 4:2:0:
/// gray and opaque images as colour, others with an alpha plane; the ICC profile kept when the
/// container carries one, else marked sRGB.
public struct HEICEncoder: ImageEncoding, Hashable {
    /// x265's speed presets, fastest first: each slower one writes smaller files at the same
    /// quality for more CPU.
    public enum Preset: String, Hashable, Sendable, CaseIterable {
        /// The fastest.
        case ultrafast
        /// Between `ultrafast` and `veryfast`.
        case superfast
        /// Between `superfast` and `faster`.
        case veryfast
        /// Between `veryfast` and `fast`.
        case faster
        /// Between `faster` and `medium`.
        case fast
        /// x265's own default.
        case medium
        /// libheif's default.
        case slow
        /// Slower than `slow`.
        case slower
        /// The slowest of use.
        case veryslow
    }

    /// The largest width or height written: HEIF's images of one piece, as imgproxy limits them.
    public static let maximumSide = 16384

    /// The quality, 0…1 (default 0.5, libheif's own).
    public var quality: Double
    /// The x265 preset (default: `.fast`).
    public var preset: Preset

    /// Creates an encoder.
    public init(quality: Double = 0.5, preset: Preset = .fast) {
        self.quality = quality
        self.preset = preset
    }

    /// Whether the libheif on this system has an HEVC encoder (Debian's links x265).
    public static var isAvailable: Bool {
        _ = HEIFFile.initialized
        return heif_have_encoder_for_format(heif_compression_HEVC) != 0
    }

    /// Encodes `image` as plain sRGB.
    ///
    /// - Throws: `ImageEncodingError.unsupportedImage(reason:)` for an empty image, one over
    ///   ``maximumSide`` or a quality outside 0…1; `ImageEncodingError.failed(reason:)` with
    ///   libheif's message, also when it has no HEVC encoder.
    public func encode(_ image: Bitmap) throws -> Data {
        try encode(image, iccProfile: nil)
    }

    /// Encodes the container's image, with its ICC profile when it carries one (its pixels kept
    /// their colours: `ColorManagementPolicy.keepOriginalProfile`). The context's
    /// `compressionQuality`, when set, replaces ``quality``.
    public func encode(_ container: ImageContainer, context: ImageEncodingContext) throws -> Data {
        var encoder = self
        if let quality = context.compressionQuality { encoder.quality = quality }
        return try encoder.encode(container.image, iccProfile: container.userInfo[.iccProfileKey] as? Data)
    }

    private func encode(_ image: Bitmap, iccProfile: Data?) throws -> Data {
        guard (1...Self.maximumSide).contains(image.width), (1...Self.maximumSide).contains(image.height) else {
            throw ImageEncodingError.unsupportedImage(reason: "\(image.width)×\(image.height) cannot be a HEIC")
        }
        guard quality.isFinite, (0...1).contains(quality) else {
            throw ImageEncodingError.unsupportedImage(reason: "HEIC quality must be within 0…1")
        }
        _ = HEIFFile.initialized
        let rgba = try image.convertedToRGBA()
        guard let context = heif_context_alloc() else { throw ImageEncodingError.failed(reason: "libheif: no context") }
        defer { heif_context_free(context) }
        var encoder: OpaquePointer?
        try heif_context_get_encoder_for_format(context, heif_compression_HEVC, &encoder).checkEncoding()
        guard let encoder else { throw ImageEncodingError.failed(reason: "libheif has no HEVC encoder") }
        defer { heif_encoder_release(encoder) }
        try heif_encoder_set_lossy_quality(encoder, Int32((quality * 100).rounded())).checkEncoding()
        try heif_encoder_set_parameter(encoder, "preset", preset.rawValue).checkEncoding()
        let picture = try Self.picture(of: rgba, iccProfile: iccProfile)
        defer { heif_image_release(picture) }
        try heif_context_encode_image(context, picture, encoder, nil, nil).checkEncoding()
        let output = EncodedBytes()
        var writer = heif_writer(writer_api_version: 1) { _, bytes, count, userData in
            let output = Unmanaged<EncodedBytes>.fromOpaque(userData!).takeUnretainedValue()
            output.data.append(bytes!.assumingMemoryBound(to: UInt8.self), count: count)
            // The message of a success must outlive the call: a static string's bytes do.
            let success = UnsafeRawPointer(("Success" as StaticString).utf8Start).assumingMemoryBound(to: CChar.self)
            return heif_error(code: heif_error_Ok, subcode: heif_suberror_Unspecified, message: success)
        }
        try withExtendedLifetime(output) {
            try heif_context_write(context, &writer, Unmanaged.passUnretained(output).toOpaque()).checkEncoding()
        }
        return output.data
    }

    /// An interleaved RGB or RGBA picture of `image`, which must be RGBA.
    private static func picture(of image: Bitmap, iccProfile: Data?) throws -> OpaquePointer {
        let channels = image.isOpaque ? 3 : 4
        var picture: OpaquePointer?
        let chroma = channels == 3 ? heif_chroma_interleaved_RGB : heif_chroma_interleaved_RGBA
        try heif_image_create(Int32(image.width), Int32(image.height), heif_colorspace_RGB, chroma, &picture)
            .checkEncoding()
        guard let picture else { throw ImageEncodingError.failed(reason: "libheif: no image") }
        do {
            try heif_image_add_plane(picture, heif_channel_interleaved, Int32(image.width), Int32(image.height), 8)
                .checkEncoding()
            var stride: Int32 = 0
            guard let plane = heif_image_get_plane(picture, heif_channel_interleaved, &stride) else {
                throw ImageEncodingError.failed(reason: "libheif: no plane")
            }
            image.withUnsafeBytes { pixels in
                for y in 0..<image.height {
                    let (source, target) = (y * image.bytesPerRow, plane + y * Int(stride))
                    for x in 0..<image.width {
                        for channel in 0..<channels {
                            target[x * channels + channel] = pixels[source + x * 4 + channel]
                        }
                    }
                }
            }
            if let iccProfile, !iccProfile.isEmpty {
                try iccProfile.withUnsafeBytes { profile in
                    try heif_image_set_raw_color_profile(picture, "prof", profile.baseAddress, profile.count)
                        .checkEncoding()
                }
            }
            return picture
        } catch {
            heif_image_release(picture)
            throw error
        }
    }
}

/// What libheif's writer hands over, gathered; only its own call touches it.
private final class EncodedBytes {
    var data = Data()
}

extension heif_error {
    /// Throws the encoding error this libheif result stands for, if it is one.
    fileprivate func checkEncoding() throws {
        guard code != heif_error_Ok else { return }
        let reason = message.map { String(cString: $0) } ?? "libheif error \(code.rawValue)"
        throw ImageEncodingError.failed(reason: "libheif: \(reason)")
    }
}
