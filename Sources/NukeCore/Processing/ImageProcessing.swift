// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

/// Transforms a decoded image: resizing, cropping, filtering, anything.
///
/// Implement ``process(_:)`` for a plain bitmap transform, or
/// ``process(_:context:)`` to see the container and the request and to throw errors.
/// Processors run on the pipeline's processing queue, never on its coordinating actor.
///
/// ```swift
/// struct Invert: ImageProcessing, Hashable {
///     var identifier: String { "com.example/invert" }
///     func process(_ image: Bitmap) -> Bitmap? { ... }
/// }
/// ```
public protocol ImageProcessing: Sendable {
    /// Returns the processed image, or `nil` on failure.
    func process(_ image: Bitmap) -> Bitmap?

    /// Returns the processed container, or throws.
    ///
    /// The default calls ``process(_:)`` and keeps the container's metadata.
    func process(_ container: ImageContainer, context: ImageProcessingContext) throws -> ImageContainer

    /// A string that identifies the processor and all its parameters; part of disk-cache keys.
    ///
    /// Use reverse-DNS, for example `com.example/invert?strength=0.5`.
    var identifier: String { get }

    /// Identifies the processor for in-memory comparisons (memory-cache keys, coalescing).
    ///
    /// Defaults to ``identifier``, or to the processor itself when it is `Hashable`, which avoids
    /// building strings.
    var hashableIdentifier: AnyHashable { get }
}

extension ImageProcessing {
    /// Returns `nil`: processors that override ``process(_:context:)`` need not implement it.
    public func process(_ image: Bitmap) -> Bitmap? {
        nil
    }

    /// Calls ``process(_:)``; `nil` becomes ``ImageProcessingError/processorReturnedNil(identifier:)``.
    public func process(_ container: ImageContainer, context: ImageProcessingContext) throws -> ImageContainer {
        guard let output = process(container.image) else {
            throw ImageProcessingError.processorReturnedNil(identifier: identifier)
        }
        return container.map { _ in output }
    }

    /// The ``identifier``.
    public var hashableIdentifier: AnyHashable { identifier }
}

extension ImageProcessing where Self: Hashable {
    /// The processor itself.
    public var hashableIdentifier: AnyHashable { self }
}

/// What a processor knows about the image it is processing.
public struct ImageProcessingContext: Sendable {
    /// The request being served.
    public var request: ImageRequest
    /// The response so far (decoded, possibly processed by earlier processors).
    public var response: ImageResponse
    /// `false` while processing a progressive preview.
    public var isCompleted: Bool
    /// The largest `width × height` a processor may make (the pipeline's
    /// `maximumDecodedPixelCount`, shared with the decoders). Processors whose output size comes
    /// from their parameters call ``checkOutputSize(width:height:)`` before allocating.
    public var maximumPixelCount: Int

    /// Creates a context.
    public init(
        request: ImageRequest,
        response: ImageResponse,
        isCompleted: Bool,
        maximumPixelCount: Int = ImagePipeline.Configuration.defaultMaximumDecodedPixelCount
    ) {
        self.request = request
        self.response = response
        self.isCompleted = isCompleted
        self.maximumPixelCount = maximumPixelCount
    }

    /// Throws ``ImageProcessingError/outputTooLarge(width:height:limit:)`` when a
    /// `width × height` output would exceed ``maximumPixelCount``.
    public func checkOutputSize(width: Int, height: Int) throws {
        try ImageProcessingError.checkOutputSize(width: width, height: height, limit: maximumPixelCount)
    }
}

/// Errors thrown by processors.
public enum ImageProcessingError: Error, Hashable, Sendable, CustomStringConvertible {
    /// ``ImageProcessing/process(_:)`` returned `nil`.
    case processorReturnedNil(identifier: String)
    /// A parameter is outside its valid range.
    case invalidParameter(name: String, reason: String)
    /// The output would have more pixels than the limit allows (checked before allocating).
    case outputTooLarge(width: Int, height: Int, limit: Int)

    /// A sentence describing the problem.
    public var description: String {
        switch self {
        case .processorReturnedNil(let identifier): "Processor \(identifier) returned no image"
        case let .invalidParameter(name, reason): "Invalid parameter \(name): \(reason)"
        case let .outputTooLarge(width, height, limit):
            "An output of \(width)×\(height) pixels exceeds the limit of \(limit) pixels"
        }
    }

    /// Throws ``outputTooLarge(width:height:limit:)`` when `width × height` exceeds `limit`.
    public static func checkOutputSize(width: Int, height: Int, limit: Int) throws {
        let (pixels, overflow) = max(0, width).multipliedReportingOverflow(by: max(0, height))
        guard !overflow, pixels <= limit else { throw outputTooLarge(width: width, height: height, limit: limit) }
    }
}

/// Namespace for the built-in processors.
///
/// NukeCore has the compositional ones; pixel processors (resize, crop, blur…) come with the
/// `NukeProcessors` plugin.
public enum ImageProcessors {}

extension [any ImageProcessing] {
    /// `true` when both lists have the same processors, compared by hashable identifier.
    func isEquivalent(to other: [any ImageProcessing]) -> Bool {
        guard count == other.count else { return false }
        return zip(self, other).allSatisfy { $0.hashableIdentifier == $1.hashableIdentifier }
    }

    func hashIdentifiers(into hasher: inout Hasher) {
        hasher.combine(count)
        for processor in self { hasher.combine(processor.hashableIdentifier) }
    }
}
