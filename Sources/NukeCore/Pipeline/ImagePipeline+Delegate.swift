// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

#if canImport(FoundationEssentials)
    public import FoundationEssentials
#else
    public import Foundation
#endif

extension ImagePipeline {
    /// Hooks into a pipeline's decisions; every method has a default, so implement only what you
    /// need.
    ///
    /// Methods are called from the pipeline's actor or from background threads: keep them fast,
    /// and do not block.
    public protocol Delegate: AnyObject, Sendable {
        /// The loader for a request. Default: ``Configuration/dataLoader``, else the registry's
        /// loader for the URL's scheme.
        func dataLoader(for request: ImageRequest, pipeline: ImagePipeline) -> (any DataLoading)?

        /// Modifies or rejects the request about to be sent (auth headers, signed URLs).
        ///
        /// Called once per network load, on the pipeline actor; not for `file:`/`data:` URLs or
        /// closure-based requests. Throwing fails the task with
        /// ``ImagePipeline/Error/dataLoadingFailed(error:)`` carrying the thrown error.
        @ImagePipelineActor
        func willLoadData(for request: ImageRequest, urlRequest: DataRequest, pipeline: ImagePipeline) async throws
            -> DataRequest

        /// How redirects of a request's download are decided: `nil` (the default) follows every
        /// redirect the loader's own rules allow; a closure is asked for each redirect, on the
        /// loader's thread, and `false` stops the load with ``NetworkError/redirectNotAllowed(url:)``.
        /// A loader that cannot ask fails the load with
        /// ``DataLoadingError/redirectDecisionUnsupported`` (NukeCurl and NukeURLSession can ask).
        func redirectDecision(for request: ImageRequest, pipeline: ImagePipeline) -> RedirectDecision?

        /// Inspects a download's response (status and headers) when it arrives, before any of
        /// its bytes are kept: throw to reject it, and the task fails with
        /// ``ImagePipeline/Error/dataLoadingFailed(error:)`` carrying your error, with nothing
        /// stored. Called on the pipeline actor for loads through a loader (HTTP-cache answers
        /// included): keep it quick. Default: accepts every response.
        func validateResponse(_ response: DataResponse, for request: ImageRequest, pipeline: ImagePipeline) throws

        /// Inspects, rewrites or rejects a complete download before it is stored in the disk cache
        /// and decoded: return the bytes to use, or throw to fail the task with
        /// ``ImagePipeline/Error/dataLoadingFailed(error:)``. Called on the pipeline's worker
        /// threads for loads through a loader. Progressive previews decode the bytes as they
        /// arrive, before this hook: turn progressive decoding off if it rewrites them. Default:
        /// returns `data`.
        func didLoadData(_ data: Data, response: DataResponse?, for request: ImageRequest, pipeline: ImagePipeline)
            throws -> Data

        /// The decoder for a download. Default: ``Configuration/makeImageDecoder``, else the registry.
        func imageDecoder(for context: ImageDecodingContext, pipeline: ImagePipeline) -> (any ImageDecoding)?

        /// The encoder for the disk cache. Default: ``Configuration/makeImageEncoder``, else
        /// ``ImageEncoders/Default``.
        func imageEncoder(for context: ImageEncodingContext, pipeline: ImagePipeline) -> any ImageEncoding

        /// Whether to make previews of a partial download. Default:
        /// ``ImagePipeline/PreviewPolicy/default(for:)``.
        func previewPolicy(for context: ImageDecodingContext, pipeline: ImagePipeline) -> ImagePipeline.PreviewPolicy

        /// The memory cache for a request; return `nil` to bypass it. Default: the pipeline's.
        func imageCache(for request: ImageRequest, pipeline: ImagePipeline) -> (any ImageCaching)?

        /// The disk cache for a request; return `nil` to bypass it. Default: the pipeline's.
        func dataCache(for request: ImageRequest, pipeline: ImagePipeline) -> (any DataCaching)?

        /// A custom cache key; a non-`nil` value replaces both the memory and the disk key.
        func cacheKey(for request: ImageRequest, pipeline: ImagePipeline) -> String?

        /// Called before data is written to the disk cache, off the actor; return other data to
        /// store instead, or `nil` to store nothing.
        func willCache(data: Data, image: ImageContainer?, for request: ImageRequest, pipeline: ImagePipeline) -> Data?

        /// Called synchronously on the caller's thread when an image task is created.
        func imageTaskCreated(_ task: ImageTask, pipeline: ImagePipeline)

        /// Called on the pipeline actor when a task starts, before any of its events.
        func imageTaskDidStart(_ task: ImageTask, pipeline: ImagePipeline)

        /// Called on the pipeline actor for every event of an image task.
        func imageTask(_ task: ImageTask, didReceiveEvent event: ImageTask.Event, pipeline: ImagePipeline)

        /// Called on the pipeline actor when a stage's work ends (a load, a decode, processing,
        /// an encode for the disk cache), with how long it waited and ran. Per-stage timings for
        /// logs, metrics and traces; see ``ImagePipeline/StageMetrics``.
        func pipeline(_ pipeline: ImagePipeline, didFinish metrics: ImagePipeline.StageMetrics)
    }
}

extension ImagePipeline.Delegate {
    /// Returns the configured loader or the registry's loader for the scheme.
    public func dataLoader(for request: ImageRequest, pipeline: ImagePipeline) -> (any DataLoading)? {
        if let loader = pipeline.configuration.dataLoader { return loader }
        return request.url.flatMap(pipeline.configuration.registry.dataLoader(for:))
    }

    /// Returns the request unchanged.
    @ImagePipelineActor
    public func willLoadData(for request: ImageRequest, urlRequest: DataRequest, pipeline: ImagePipeline) async throws
        -> DataRequest
    {
        urlRequest
    }

    /// Returns `nil`: the loader's own redirect rules decide.
    public func redirectDecision(for request: ImageRequest, pipeline: ImagePipeline) -> RedirectDecision? {
        nil
    }

    /// Accepts every response.
    public func validateResponse(_ response: DataResponse, for request: ImageRequest, pipeline: ImagePipeline) throws {}

    /// Returns `data` unchanged.
    public func didLoadData(_ data: Data, response: DataResponse?, for request: ImageRequest, pipeline: ImagePipeline)
        throws -> Data
    {
        data
    }

    /// Returns the configured factory's decoder, or the registry's.
    public func imageDecoder(for context: ImageDecodingContext, pipeline: ImagePipeline) -> (any ImageDecoding)? {
        if let make = pipeline.configuration.makeImageDecoder { return make(context) }
        return pipeline.configuration.registry.decoder(for: context)
    }

    /// Returns the configured factory's encoder, or ``ImageEncoders/Default``.
    public func imageEncoder(for context: ImageEncodingContext, pipeline: ImagePipeline) -> any ImageEncoding {
        if let make = pipeline.configuration.makeImageEncoder { return make(context) }
        return ImageEncoders.Default(registry: pipeline.configuration.registry)
    }

    /// Returns ``ImagePipeline/PreviewPolicy/default(for:)``.
    public func previewPolicy(for context: ImageDecodingContext, pipeline: ImagePipeline)
        -> ImagePipeline.PreviewPolicy
    {
        .default(for: context.data)
    }

    /// Returns the pipeline's memory cache.
    public func imageCache(for request: ImageRequest, pipeline: ImagePipeline) -> (any ImageCaching)? {
        pipeline.imageCache
    }

    /// Returns the pipeline's disk cache.
    public func dataCache(for request: ImageRequest, pipeline: ImagePipeline) -> (any DataCaching)? {
        pipeline.dataCache
    }

    /// Returns `nil`: default keys.
    public func cacheKey(for request: ImageRequest, pipeline: ImagePipeline) -> String? {
        nil
    }

    /// Returns `data` unchanged.
    public func willCache(data: Data, image: ImageContainer?, for request: ImageRequest, pipeline: ImagePipeline)
        -> Data?
    {
        data
    }

    /// Does nothing.
    public func imageTaskCreated(_ task: ImageTask, pipeline: ImagePipeline) {}

    /// Does nothing.
    public func imageTaskDidStart(_ task: ImageTask, pipeline: ImagePipeline) {}

    /// Does nothing.
    public func imageTask(_ task: ImageTask, didReceiveEvent event: ImageTask.Event, pipeline: ImagePipeline) {}

    /// Does nothing.
    public func pipeline(_ pipeline: ImagePipeline, didFinish metrics: ImagePipeline.StageMetrics) {}
}

/// The delegate a pipeline uses when given none: every default.
final class ImagePipelineDefaultDelegate: ImagePipeline.Delegate {}
