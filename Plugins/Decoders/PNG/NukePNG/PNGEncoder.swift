// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

internal import CNukePNG
public import NukeCore

#if canImport(FoundationEssentials)
    public import FoundationEssentials
#else
    public import Foundation
#endif

/// Encodes bitmaps as 8-bit PNG with libpng: gray bitmaps as gray, opaque RGBA as RGB, other RGBA
/// as RGBA.
public struct PNGEncoder: ImageEncoding, Hashable {
    /// zlib's compression level, 0 (none, fastest) … 9 (smallest); default 6.
    public var compressionLevel: Int

    /// Creates an encoder.
    public init(compressionLevel: Int = 6) {
        self.compressionLevel = compressionLevel
    }

    /// Encodes `image`.
    ///
    /// - Throws: `ImageEncodingError.unsupportedImage(reason:)` for an empty image or a
    ///   level outside 0…9; `ImageEncodingError.failed(reason:)` if libpng fails.
    public func encode(_ image: Bitmap) throws -> Data {
        try encode(image, iccProfile: nil)
    }

    /// Encodes the container's image, with its ICC profile when it carries one (its pixels kept
    /// their colours: `ColorManagementPolicy.keepOriginalProfile`); plain sRGB otherwise.
    public func encode(_ container: ImageContainer, context: ImageEncodingContext) throws -> Data {
        try encode(container.image, iccProfile: container.userInfo[.iccProfileKey] as? Data)
    }

    private func encode(_ image: Bitmap, iccProfile: Data?) throws -> Data {
        guard image.width > 0, image.height > 0, image.width <= Int(Int32.max), image.height <= Int(Int32.max) else {
            throw ImageEncodingError.unsupportedImage(reason: "\(image.width)×\(image.height) cannot be a PNG")
        }
        guard (0...9).contains(compressionLevel) else {
            throw ImageEncodingError.unsupportedImage(reason: "compression level \(compressionLevel) is outside 0…9")
        }
        var output: UnsafeMutablePointer<UInt8>?
        var size = 0
        var message = [CChar](repeating: 0, count: Int(NUKE_PNG_MESSAGE_SIZE))
        let profile = [UInt8](iccProfile ?? Data())
        let status = image.withUnsafeBytes { pixels in
            message.withUnsafeMutableBufferPointer { message in
                nuke_png_encode(
                    pixels.baseAddress?.assumingMemoryBound(to: UInt8.self),
                    Int32(image.width),
                    Int32(image.height),
                    image.bytesPerRow,
                    Int32(image.pixelFormat.bytesPerPixel),
                    image.isOpaque ? 1 : 0,
                    Int32(compressionLevel),
                    profile.isEmpty ? nil : profile,
                    profile.count,
                    &output,
                    &size,
                    message.baseAddress
                )
            }
        }
        guard status == NUKE_PNG_OK, let output else {
            let text = message.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
            throw ImageEncodingError.failed(reason: text.isEmpty ? "libpng error \(status)" : text)
        }
        return Data(bytesNoCopy: output, count: size, deallocator: .custom { pointer, _ in nuke_png_free(pointer) })
    }
}
