// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

#if canImport(FoundationEssentials)
    public import FoundationEssentials
#else
    public import Foundation
#endif

/// Turns an image into encoded bytes, for the disk cache or for output.
public protocol ImageEncoding: Sendable {
    /// Encodes a bitmap.
    func encode(_ image: Bitmap) throws -> Data

    /// Encodes a container; the default encodes its image.
    ///
    /// Encoders of animated formats override this to keep the original data of animations.
    func encode(_ container: ImageContainer, context: ImageEncodingContext) throws -> Data
}

extension ImageEncoding {
    /// Encodes `container.image`.
    public func encode(_ container: ImageContainer, context: ImageEncodingContext) throws -> Data {
        try encode(container.image)
    }
}

/// What an encoder knows about the image it encodes.
public struct ImageEncodingContext: Sendable {
    /// The request whose result is encoded.
    public var request: ImageRequest
    /// The image to encode.
    public var image: ImageContainer
    /// The loader's response, if any.
    public var dataResponse: DataResponse?
    /// The most frames an animation encoded may have (the pipeline's
    /// `maximumAnimationFrameCount`); encoders of animations throw
    /// ``ImageEncodingError/tooManyFrames(limit:)`` past it, before encoding any.
    public var maximumFrameCount: Int
    /// The quality the caller asks for, 0…1 (as Nuke's `compressionQuality`), or `nil` for the
    /// encoder's own. Lossy encoders (JPEG, and WebP, AVIF and JPEG XL in their lossy modes) use
    /// it instead of their configured quality; lossless ones ignore it. Set by
    /// ``ImageEncoders/Default`` from its `compressionQuality`.
    public var compressionQuality: Double?

    /// Creates a context.
    public init(
        request: ImageRequest,
        image: ImageContainer,
        dataResponse: DataResponse? = nil,
        maximumFrameCount: Int = ImagePipeline.Configuration.defaultMaximumAnimationFrameCount,
        compressionQuality: Double? = nil
    ) {
        self.request = request
        self.image = image
        self.dataResponse = dataResponse
        self.maximumFrameCount = maximumFrameCount
        self.compressionQuality = compressionQuality
    }

    /// Throws ``ImageEncodingError/tooManyFrames(limit:)`` when `animation` has more frames than
    /// ``maximumFrameCount``.
    public func checkFrameCount(of animation: ImageAnimation) throws {
        guard animation.frameCount <= maximumFrameCount else {
            throw ImageEncodingError.tooManyFrames(limit: maximumFrameCount)
        }
    }
}

/// Errors thrown by encoders.
public enum ImageEncodingError: Error, Hashable, Sendable, CustomStringConvertible {
    /// No encoder is registered for the format.
    case encoderNotRegistered(AssetType)
    /// The encoder cannot encode this image (pixel format, size); `reason` says why.
    case unsupportedImage(reason: String)
    /// The underlying library failed.
    case failed(reason: String)
    /// The animation has more frames than the context allows.
    case tooManyFrames(limit: Int)

    /// A sentence describing the problem.
    public var description: String {
        switch self {
        case .encoderNotRegistered(let type): "No encoder registered for \(type)"
        case .unsupportedImage(let reason): "Cannot encode image: \(reason)"
        case .failed(let reason): "Encoding failed: \(reason)"
        case .tooManyFrames(let limit): "Cannot encode an animation of more than \(limit) frames"
        }
    }
}

/// Namespace for the built-in encoders; format encoders come with plugins.
public enum ImageEncoders {}
