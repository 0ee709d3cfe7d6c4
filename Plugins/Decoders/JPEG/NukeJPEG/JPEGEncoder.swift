// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

internal import CNukeJPEG
public import NukeCore

#if canImport(FoundationEssentials)
    public import FoundationEssentials
#else
    public import Foundation
#endif

/// Encodes bitmaps as JPEG with libjpeg-turbo: RGBA (alpha is dropped: JPEG has none) or gray.
public struct JPEGEncoder: ImageEncoding, Hashable {
    /// The quality, 0…1 (default 0.8).
    public var quality: Double
    /// Whether to write a progressive JPEG.
    public var isProgressive: Bool

    /// Creates an encoder.
    public init(quality: Double = 0.8, isProgressive: Bool = false) {
        self.quality = quality
        self.isProgressive = isProgressive
    }

    /// Encodes `image`.
    ///
    /// - Throws: `ImageEncodingError.unsupportedImage(reason:)` for an empty image or
    ///   a quality outside 0…1; `ImageEncodingError.failed(reason:)` if libjpeg fails.
    public func encode(_ image: Bitmap) throws -> Data {
        try encode(image, iccProfile: nil)
    }

    /// Encodes the container's image, with its ICC profile when it carries one (its pixels kept
    /// their colours: `ColorManagementPolicy.keepOriginalProfile`); plain sRGB otherwise. The
    /// context's `compressionQuality`, when set, replaces ``quality``.
    public func encode(_ container: ImageContainer, context: ImageEncodingContext) throws -> Data {
        var encoder = self
        if let quality = context.compressionQuality { encoder.quality = quality }
        return try encoder.encode(container.image, iccProfile: container.userInfo[.iccProfileKey] as? Data)
    }

    private func encode(_ image: Bitmap, iccProfile: Data?) throws -> Data {
        guard image.width > 0, image.height > 0 else {
            throw ImageEncodingError.unsupportedImage(reason: "the image has no pixels")
        }
        guard quality.isFinite, (0...1).contains(quality) else {
            throw ImageEncodingError.unsupportedImage(reason: "JPEG quality \(quality) is outside 0…1")
        }
        var output: UnsafeMutablePointer<UInt8>?
        var size = 0
        var message = [CChar](repeating: 0, count: Int(NUKE_JPEG_MESSAGE_SIZE))
        let profile = [UInt8](iccProfile ?? Data())
        let status = image.withUnsafeBytes { pixels in
            message.withUnsafeMutableBufferPointer { message in
                nuke_jpeg_encode(
                    pixels.baseAddress?.assumingMemoryBound(to: UInt8.self),
                    Int32(image.width),
                    Int32(image.height),
                    image.bytesPerRow,
                    image.pixelFormat == .gray8 ? 1 : 0,
                    Int32((quality * 100).rounded()),
                    isProgressive ? 1 : 0,
                    profile.isEmpty ? nil : profile,
                    profile.count,
                    &output,
                    &size,
                    message.baseAddress
                )
            }
        }
        guard status == NUKE_JPEG_OK, let output else {
            let text = message.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
            if status == NUKE_JPEG_BAD_ARGUMENT {
                throw ImageEncodingError.unsupportedImage(
                    reason: "\(image.width)×\(image.height) is beyond JPEG's limits"
                )
            }
            throw ImageEncodingError.failed(reason: text.isEmpty ? "libjpeg error \(status)" : text)
        }
        return Data(bytesNoCopy: output, count: size, deallocator: .custom { pointer, _ in nuke_jpeg_free(pointer) })
    }
}
