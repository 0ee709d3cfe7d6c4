// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

public import Foundation
public import Logging
public import Nuke

/// A pipeline delegate that reports the pipeline's work to logs, metrics and traces, and leaves
/// every decision to another delegate (or to the defaults).
///
/// ```swift
/// import Nuke
/// import NukeObservability
///
/// let observer = ObservingDelegate(metrics: PipelineMetrics(), tracing: PipelineTracing())
/// let pipeline = ImagePipeline(configuration: .init(), delegate: observer)
/// ```
///
/// - Logs (swift-log): each stage's work at `trace` level (stage, duration, queue wait,
///   outcome, URL), and failed tasks at `debug` level.
/// - Metrics (swift-metrics): see ``PipelineMetrics``.
/// - Traces (swift-distributed-tracing): see ``PipelineTracing``.
public final class ObservingDelegate: ImagePipeline.Delegate {
    private let wrapped: any ImagePipeline.Delegate
    private let logger: Logger?
    private let metrics: PipelineMetrics?
    private let tracing: PipelineTracing?

    /// An observer; pass `nil` for what you do not want.
    ///
    /// - Parameters:
    ///   - delegate: the delegate that makes the pipeline's decisions (default: the defaults).
    ///   - logger: where stage timings and failures are logged.
    ///   - metrics: where stage timings and task outcomes are counted.
    ///   - tracing: where spans for tasks and their stages go.
    public init(
        wrapping delegate: (any ImagePipeline.Delegate)? = nil,
        logger: Logger? = Logger(label: "nuke.pipeline"),
        metrics: PipelineMetrics? = nil,
        tracing: PipelineTracing? = nil
    ) {
        self.wrapped = delegate ?? DefaultDecisions()
        self.logger = logger
        self.metrics = metrics
        self.tracing = tracing
    }

    // MARK: Observations

    /// Opens the task's span, then tells the wrapped delegate.
    public func imageTaskCreated(_ task: ImageTask, pipeline: ImagePipeline) {
        tracing?.taskCreated(task)
        wrapped.imageTaskCreated(task, pipeline: pipeline)
    }

    /// Counts the task in flight, then tells the wrapped delegate.
    public func imageTaskDidStart(_ task: ImageTask, pipeline: ImagePipeline) {
        metrics?.taskStarted()
        wrapped.imageTaskDidStart(task, pipeline: pipeline)
    }

    /// Records how a task ended, then tells the wrapped delegate.
    public func imageTask(_ task: ImageTask, didReceiveEvent event: ImageTask.Event, pipeline: ImagePipeline) {
        if case .finished(let result) = event {
            metrics?.taskFinished(result)
            tracing?.taskFinished(task, result: result)
            if case .failure(let error) = result, !error.isCancellation {
                logger?.debug(
                    "image task failed",
                    metadata: ["url": "\(task.request.url?.loggableDescription ?? "-")", "error": "\(error)"]
                )
            }
        }
        wrapped.imageTask(task, didReceiveEvent: event, pipeline: pipeline)
    }

    /// Logs, counts and traces a stage's work, then tells the wrapped delegate.
    public func pipeline(_ pipeline: ImagePipeline, didFinish stage: ImagePipeline.StageMetrics) {
        metrics?.record(stage)
        tracing?.record(stage)
        logger?.trace(
            "\(stage.stage.rawValue) \(stage.isSuccess ? "succeeded" : "failed")",
            metadata: [
                "duration_ms": "\(Double(stage.duration.nanoseconds) / 1e6)",
                "queue_wait_ms": "\(Double(stage.queueWait.nanoseconds) / 1e6)",
                "url": "\(stage.request.url?.loggableDescription ?? "-")",
            ]
        )
        wrapped.pipeline(pipeline, didFinish: stage)
    }

    // MARK: Decisions, left to the wrapped delegate

    /// The wrapped delegate's loader.
    public func dataLoader(for request: ImageRequest, pipeline: ImagePipeline) -> (any DataLoading)? {
        wrapped.dataLoader(for: request, pipeline: pipeline)
    }

    /// The wrapped delegate's request.
    @ImagePipelineActor
    public func willLoadData(for request: ImageRequest, urlRequest: DataRequest, pipeline: ImagePipeline) async throws
        -> DataRequest
    {
        try await wrapped.willLoadData(for: request, urlRequest: urlRequest, pipeline: pipeline)
    }

    /// The wrapped delegate's decoder.
    public func imageDecoder(for context: ImageDecodingContext, pipeline: ImagePipeline) -> (any ImageDecoding)? {
        wrapped.imageDecoder(for: context, pipeline: pipeline)
    }

    /// The wrapped delegate's encoder.
    public func imageEncoder(for context: ImageEncodingContext, pipeline: ImagePipeline) -> any ImageEncoding {
        wrapped.imageEncoder(for: context, pipeline: pipeline)
    }

    /// The wrapped delegate's preview policy.
    public func previewPolicy(for context: ImageDecodingContext, pipeline: ImagePipeline)
        -> ImagePipeline.PreviewPolicy
    {
        wrapped.previewPolicy(for: context, pipeline: pipeline)
    }

    /// The wrapped delegate's memory cache.
    public func imageCache(for request: ImageRequest, pipeline: ImagePipeline) -> (any ImageCaching)? {
        wrapped.imageCache(for: request, pipeline: pipeline)
    }

    /// The wrapped delegate's disk cache.
    public func dataCache(for request: ImageRequest, pipeline: ImagePipeline) -> (any DataCaching)? {
        wrapped.dataCache(for: request, pipeline: pipeline)
    }

    /// The wrapped delegate's cache key.
    public func cacheKey(for request: ImageRequest, pipeline: ImagePipeline) -> String? {
        wrapped.cacheKey(for: request, pipeline: pipeline)
    }

    /// The wrapped delegate's data to store.
    public func willCache(data: Data, image: ImageContainer?, for request: ImageRequest, pipeline: ImagePipeline)
        -> Data?
    {
        wrapped.willCache(data: data, image: image, for: request, pipeline: pipeline)
    }
}

extension ImagePipeline.Error {
    /// Whether this is the error of a cancelled task.
    var isCancellation: Bool {
        if case .cancelled = self { return true }
        return false
    }
}

/// The protocol's default decisions.
private final class DefaultDecisions: ImagePipeline.Delegate {}
