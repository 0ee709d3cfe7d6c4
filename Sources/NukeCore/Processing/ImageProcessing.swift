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

    /// What the processor does to an animated image; ``AnimationProcessing/everyFrame`` by
    /// default. The pipeline applies it through ``processingAnimation(_:context:)``.
    var animationProcessing: AnimationProcessing { get }
}

/// What a processor does to an animated image (a container with an ``ImageAnimation``).
public enum AnimationProcessing: Hashable, Sendable {
    /// Each frame is processed as the still image is, on demand as the frame is produced:
    /// the result is an animation of the processed frames, durations and loop count kept. For
    /// processors that treat every pixel array the same way (resizing, filters, crops).
    case everyFrame
    /// The result is a still of the processed first frame: for processors that cannot apply to
    /// frames one by one (an effect that varies over the whole image sequence, for example).
    case firstFrameOnly
    /// The processor's ``ImageProcessing/process(_:context:)`` handles `container.animation`
    /// itself, and its result is taken as it is.
    case wholeContainer
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

    /// ``AnimationProcessing/everyFrame``.
    public var animationProcessing: AnimationProcessing { .everyFrame }

    /// `container` processed, animation included, as ``animationProcessing`` says: the still
    /// image by ``process(_:context:)``, then, for ``AnimationProcessing/everyFrame``, each frame
    /// of the animation the same way as it is produced (the first frame's processed size is
    /// every frame's); for ``AnimationProcessing/firstFrameOnly``, no animation. Either way the
    /// original `data` is dropped. A container without an animation is processed as
    /// ``process(_:context:)`` does.
    public func processingAnimation(_ container: ImageContainer, context: ImageProcessingContext) throws
        -> ImageContainer
    {
        if let animation = container.animation, animation.frameCount > context.maximumFrameCount,
            animationProcessing == .everyFrame
        {
            throw ImageProcessingError.tooManyFrames(limit: context.maximumFrameCount)
        }
        var output = try process(container, context: context)
        guard let animation = container.animation else { return output }
        switch animationProcessing {
        case .wholeContainer:
            return output
        case .firstFrameOnly:
            output.animation = nil
        case .everyFrame:
            let processor = self
            output.animation = animation.mappingFrames(width: output.image.width, height: output.image.height) {
                frame in
                try processor.process(ImageContainer(image: frame), context: context).image
            }
        }
        // The original bytes no longer describe the pixels (encoders would keep them).
        output.data = nil
        return output
    }
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
    /// The most frames an animation processed may have (the pipeline's
    /// `maximumAnimationFrameCount`, shared with the decoders);
    /// ``ImageProcessing/processingAnimation(_:context:)`` throws
    /// ``ImageProcessingError/tooManyFrames(limit:)`` past it.
    public var maximumFrameCount: Int
    /// The pipeline's resampling kernel (its registry's ``PluginRegistry/resamplingKernel``), for
    /// processors to pass to NukeImaging's `Bitmap.resized(width:height:filter:kernel:)`: the same
    /// bytes, faster.
    public var resamplingKernel: (any ResamplingKernel)?

    /// Creates a context.
    public init(
        request: ImageRequest,
        response: ImageResponse,
        isCompleted: Bool,
        maximumPixelCount: Int = ImagePipeline.Configuration.defaultMaximumDecodedPixelCount,
        maximumFrameCount: Int = ImagePipeline.Configuration.defaultMaximumAnimationFrameCount,
        resamplingKernel: (any ResamplingKernel)? = nil
    ) {
        self.request = request
        self.response = response
        self.isCompleted = isCompleted
        self.maximumPixelCount = maximumPixelCount
        self.maximumFrameCount = maximumFrameCount
        self.resamplingKernel = resamplingKernel
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
    /// The animation has more frames than the context allows.
    case tooManyFrames(limit: Int)
    /// A processed frame of an animation came out another size than the first frame.
    case frameSizeMismatch(frame: Int, width: Int, height: Int, expectedWidth: Int, expectedHeight: Int)

    /// A sentence describing the problem.
    public var description: String {
        switch self {
        case .processorReturnedNil(let identifier): "Processor \(identifier) returned no image"
        case let .invalidParameter(name, reason): "Invalid parameter \(name): \(reason)"
        case let .outputTooLarge(width, height, limit):
            "An output of \(width)×\(height) pixels exceeds the limit of \(limit) pixels"
        case .tooManyFrames(let limit): "Cannot process an animation of more than \(limit) frames"
        case let .frameSizeMismatch(frame, width, height, expectedWidth, expectedHeight):
            "Frame \(frame) came out \(width)×\(height) pixels, the animation is \(expectedWidth)×\(expectedHeight)"
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
