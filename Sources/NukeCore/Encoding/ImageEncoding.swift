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

    /// Creates a context.
    public init(request: ImageRequest, image: ImageContainer, dataResponse: DataResponse? = nil) {
        self.request = request
        self.image = image
        self.dataResponse = dataResponse
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

    /// A sentence describing the problem.
    public var description: String {
        switch self {
        case .encoderNotRegistered(let type): "No encoder registered for \(type)"
        case .unsupportedImage(let reason): "Cannot encode image: \(reason)"
        case .failed(let reason): "Encoding failed: \(reason)"
        }
    }
}

/// Namespace for the built-in encoders; format encoders come with plugins.
public enum ImageEncoders {}
