// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

internal import CNukeTIFF
public import NukeCore

#if canImport(FoundationEssentials)
    public import FoundationEssentials
#else
    public import Foundation
#endif

/// Encodes bitmaps as one-page TIFF with libtiff, 8 bits a sample: gray as gray, opaque colour
/// as RGB, other colour as RGB with straight (unassociated) alpha; upright, in strips, 72 dpi.
public struct TIFFEncoder: ImageEncoding, Hashable {
    /// How the strips are compressed; every TIFF reader in use reads all three.
    public enum Compression: Hashable, Sendable {
        /// Stored as they are.
        case none
        /// LZW, after the horizontal predictor.
        case lzw
        /// Deflate (zlib, "Adobe Deflate"), after the horizontal predictor: the smallest.
        case deflate
    }

    /// The compression (default: Deflate).
    public var compression: Compression

    /// Creates an encoder.
    public init(compression: Compression = .deflate) {
        self.compression = compression
    }

    /// Encodes `image` as plain sRGB.
    ///
    /// - Throws: `ImageEncodingError.unsupportedImage(reason:)` for an empty image or one over
    ///   TIFF's 32-bit sizes; `ImageEncodingError.failed(reason:)` with libtiff's message.
    public func encode(_ image: Bitmap) throws -> Data {
        try encode(image, iccProfile: nil)
    }

    /// Encodes the container's image, with its ICC profile when it carries one (its pixels kept
    /// their colours: `ColorManagementPolicy.keepOriginalProfile`).
    public func encode(_ container: ImageContainer, context: ImageEncodingContext) throws -> Data {
        try encode(container.image, iccProfile: container.userInfo[.iccProfileKey] as? Data)
    }

    private func encode(_ image: Bitmap, iccProfile: Data?) throws -> Data {
        // Classic TIFF's offsets are 32-bit: the pixels, stored uncompressed at worst, must fit.
        guard image.width > 0, image.height > 0, image.byteCount < Int(UInt32.max) / 2 else {
            throw ImageEncodingError.unsupportedImage(reason: "\(image.width)×\(image.height) cannot be a TIFF")
        }
        let channels = image.pixelFormat == .gray8 ? 1 : image.isOpaque ? 3 : 4
        let profile = [UInt8](iccProfile ?? Data())
        var output = nuke_tiff_output()
        let status = image.withUnsafeBytes { pixels in
            nuke_tiff_write(
                &output,
                pixels.baseAddress?.assumingMemoryBound(to: UInt8.self),
                UInt32(image.width),
                UInt32(image.height),
                image.bytesPerRow,
                UInt16(image.pixelFormat.bytesPerPixel),
                UInt16(channels),
                compression.tag,
                profile.isEmpty ? nil : profile,
                UInt32(profile.count)
            )
        }
        guard status == NUKE_TIFF_OK, let data = output.data else {
            let message = withUnsafeBytes(of: output.message) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            throw ImageEncodingError.failed(reason: "libtiff: \(message)")
        }
        return Data(bytesNoCopy: data, count: output.size, deallocator: .free)
    }
}

extension TIFFEncoder.Compression {
    /// libtiff's `TIFFTAG_COMPRESSION` value.
    fileprivate var tag: UInt16 {
        switch self {
        case .none: UInt16(NUKE_TIFF_COMPRESSION_NONE)
        case .lzw: UInt16(NUKE_TIFF_COMPRESSION_LZW)
        case .deflate: UInt16(NUKE_TIFF_COMPRESSION_DEFLATE)
        }
    }
}
