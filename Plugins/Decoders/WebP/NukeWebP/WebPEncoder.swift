// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

internal import CNukeLibWebP
public import NukeCore

#if canImport(FoundationEssentials)
    public import FoundationEssentials
#else
    public import Foundation
#endif

/// Encodes bitmaps as WebP with libwebp: lossy with a quality, or lossless. Alpha is kept.
public struct WebPEncoder: ImageEncoding, Hashable {
    /// Lossy with a quality (0…1), or lossless.
    public enum Mode: Hashable, Sendable {
        /// Lossy (VP8) at a quality from 0 to 1.
        case lossy(quality: Double)
        /// Lossless (VP8L).
        case lossless
    }

    /// The compression mode (default: lossy at 0.8).
    public var mode: Mode

    /// Creates an encoder.
    public init(mode: Mode = .lossy(quality: 0.8)) {
        self.mode = mode
    }

    /// Encodes `image` (gray bitmaps are expanded to RGBA first).
    ///
    /// - Throws: `ImageEncodingError.unsupportedImage(reason:)` for an empty image, one
    ///   over WebP's 16383-pixel side limit, or a quality outside 0…1.
    public func encode(_ image: Bitmap) throws -> Data {
        guard image.width > 0, image.height > 0, image.width <= 16383, image.height <= 16383 else {
            throw ImageEncodingError.unsupportedImage(reason: "\(image.width)×\(image.height) cannot be a WebP")
        }
        let rgba = try image.convertedToRGBA()
        var output: UnsafeMutablePointer<UInt8>?
        let size = rgba.withUnsafeBytes { pixels -> Int in
            let base = pixels.baseAddress!.assumingMemoryBound(to: UInt8.self)
            let (width, height, stride) = (Int32(rgba.width), Int32(rgba.height), Int32(rgba.bytesPerRow))
            switch mode {
            case .lossy(let quality):
                guard quality.isFinite, (0...1).contains(quality) else { return -1 }
                return WebPEncodeRGBA(base, width, height, stride, Float(quality * 100), &output)
            case .lossless:
                return WebPEncodeLosslessRGBA(base, width, height, stride, &output)
            }
        }
        guard size > 0, let output else {
            if let output { WebPFree(output) }
            if size < 0 { throw ImageEncodingError.unsupportedImage(reason: "WebP quality must be within 0…1") }
            throw ImageEncodingError.failed(reason: "libwebp could not encode the image")
        }
        return Data(bytesNoCopy: output, count: size, deallocator: .custom { pointer, _ in WebPFree(pointer) })
    }

    /// Encodes the container: its animation, when it has one of more than one frame, as an
    /// animated WebP (each frame in the mode asked for, only what changed since the previous
    /// frame stored, durations in milliseconds and the loop count kept), else its image; with its
    /// ICC profile in an `ICCP` chunk when it carries one (its pixels kept their colours:
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
        let encoded: Data
        if let animation = container.animation, animation.frameCount > 1 {
            try context.checkFrameCount(of: animation)
            encoded = try WebPAnimationEncoder(mode: mode).encode(animation)
        } else {
            encoded = try encode(container.image)
        }
        guard let profile = container.userInfo[.iccProfileKey] as? Data, !profile.isEmpty else { return encoded }
        do {
            return try WebPMetadataEditor().settingICCProfile(profile, in: encoded)
        } catch {
            throw ImageEncodingError.failed(reason: "\(error)")
        }
    }
}
