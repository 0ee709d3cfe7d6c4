// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

#if canImport(FoundationEssentials)
    internal import FoundationEssentials
#else
    internal import Foundation
#endif

/// Everything a job may use of its pipeline: the queues and limits, the worker pool and clock,
/// the caches (``PipelineCaches``), the delegate's look-ups and the other jobs. Jobs hold this
/// instead of the pipeline, so what the task graph depends on is written down in one place.
///
/// It keeps the pipeline privately, strongly: the delegate's methods take the pipeline as an
/// argument, and a job must keep its pipeline alive until it ends (the pipeline's job pools
/// drop the job when it ends, which breaks the cycle).
struct JobServices: Sendable {
    private let pipeline: ImagePipeline

    init(pipeline: ImagePipeline) {
        self.pipeline = pipeline
    }

    private var configuration: ImagePipeline.Configuration { pipeline.configuration }

    // MARK: Queues, threads and time

    /// Where downloads and the user's data and image closures wait for a slot.
    var dataLoadingQueue: TaskQueue { configuration.dataLoadingQueue }
    /// Where decodes wait for a slot.
    var imageDecodingQueue: TaskQueue { configuration.imageDecodingQueue }
    /// Where processing waits for a slot.
    var imageProcessingQueue: TaskQueue { configuration.imageProcessingQueue }
    /// Where encodes for the disk cache wait for a slot.
    var imageEncodingQueue: TaskQueue { configuration.imageEncodingQueue }
    /// The pipeline's threads, what runs on them, and the way results come back.
    var workers: PipelineWorkers { pipeline.workers }
    /// The pool, as a task executor for the user's closures.
    var workerPool: ImagePipeline.WorkerPool { configuration.workerPool }
    /// The time source of previews and the rate limiter.
    var clock: ElapsedClock { pipeline.clock }
    /// A timer for `stage` of `request`'s work, started now (as the work is queued), or `nil`
    /// when the pipeline has the default delegate, which does not listen.
    func stageTimer(_ stage: ImagePipeline.Stage, for request: ImageRequest) -> StageTimer? {
        guard pipeline.hasCustomDelegate else { return nil }
        let pipeline = self.pipeline
        let clock = pipeline.clock
        return StageTimer(stage: stage, request: request, clock: clock, queuedAt: clock.now()) { metrics in
            pipeline.delegate.pipeline(pipeline, didFinish: metrics)
        }
    }

    /// The token bucket in front of the loader, if enabled.
    var rateLimiter: RateLimiter? { pipeline.rateLimiter }

    // MARK: Settings

    /// The most bytes `request`'s download may have (its own limit, else the pipeline's).
    func maximumResponseDataSize(for request: ImageRequest) -> Int? {
        configuration.maximumResponseDataSize(for: request)
    }
    /// The largest image a decoder or processor may make for `request`, in pixels.
    func maximumDecodedPixelCount(for request: ImageRequest) -> Int {
        configuration.maximumDecodedPixelCount(for: request)
    }
    /// The most frames an animation loaded for `request` may have.
    func maximumAnimationFrameCount(for request: ImageRequest) -> Int {
        configuration.maximumAnimationFrameCount(for: request)
    }
    /// The registry's resampling kernel, for processors (looked up when the pipeline was made).
    var resamplingKernel: (any ResamplingKernel)? { pipeline.resamplingKernel }
    /// Whether a request's first processor may let the decoder shrink the image on load.
    var isShrinkOnLoadEnabled: Bool { configuration.isShrinkOnLoadEnabled }
    /// Where decoded sources are kept for other sizes, if anywhere.
    var decodedSourceCache: (any ImageCaching)? { configuration.decodedSourceCache }
    /// What a final decode waits for, if anything.
    var decodeAdmission: (any DecodeAdmitting)? { configuration.decodeAdmission }
    /// Whether partial downloads produce previews.
    var isProgressiveDecodingEnabled: Bool { configuration.isProgressiveDecodingEnabled }
    /// The shortest time between two previews of one image.
    var progressiveDecodingInterval: Duration { .seconds(configuration.progressiveDecodingInterval) }
    /// Whether `file:` and `data:` URLs are read directly.
    var isLocalResourcesSupportEnabled: Bool { configuration.isLocalResourcesSupportEnabled }
    /// What goes to the disk cache.
    var dataCachePolicy: ImagePipeline.DataCachePolicy { configuration.dataCachePolicy }
    /// Whether processed requests look for their processed image in the disk cache.
    var isReadingProcessedImagesFromDataCache: Bool { configuration.isReadingProcessedImagesFromDataCache }
    /// Partial downloads kept for a later resume; `nil` when resuming is off.
    var resumableData: ResumableDataStorage? {
        configuration.isResumableDataEnabled ? pipeline.resumableData : nil
    }

    // MARK: Caches

    /// Keys and the memory, HTTP and disk caches.
    var caches: PipelineCaches { PipelineCaches(pipeline: pipeline) }

    /// Reads the first of `keys` that `cache` holds on a worker thread, then calls `completion`
    /// on the actor with the data (or `nil`) unless `job` was disposed meanwhile. Cancel the
    /// returned item to drop a lookup no thread has started.
    func readDiskCache<Value>(
        _ cache: any DataCaching,
        keys: [String],
        for job: Job<Value>,
        completion: @escaping @ImagePipelineActor (Data?) -> Void
    ) -> WorkerPoolItem {
        workers.run { () -> Data? in
            // A plain loop: `lazy.compactMap(...).first` would read the first hit twice.
            for key in keys {
                if let data = cache.cachedData(for: key) { return data }
            }
            return nil
        } then: { data in
            guard !job.isDisposed else { return }
            completion(data)
        }
    }

    // MARK: The delegate's look-ups

    /// The loader for a request, or `nil` if no loader serves its scheme.
    func dataLoader(for request: ImageRequest) -> (any DataLoading)? {
        pipeline.delegate.dataLoader(for: request, pipeline: pipeline)
    }

    /// The delegate's `willLoadData`, or `nil` when the pipeline has no custom delegate (then
    /// the load skips that stage and its task).
    func willLoadData(for request: ImageRequest) -> (@Sendable (DataRequest) async throws -> DataRequest)? {
        guard pipeline.hasCustomDelegate else { return nil }
        let pipeline = self.pipeline
        return { try await pipeline.delegate.willLoadData(for: request, urlRequest: $0, pipeline: pipeline) }
    }

    /// The delegate's redirect decision, or `nil` when there is none (or no custom delegate).
    func redirectDecision(for request: ImageRequest) -> RedirectDecision? {
        guard pipeline.hasCustomDelegate else { return nil }
        return pipeline.delegate.redirectDecision(for: request, pipeline: pipeline)
    }

    /// Runs the delegate's response check (a custom delegate's only).
    func validateResponse(_ response: DataResponse, for request: ImageRequest) throws {
        guard pipeline.hasCustomDelegate else { return }
        try pipeline.delegate.validateResponse(response, for: request, pipeline: pipeline)
    }

    /// The delegate's hook on a complete download, or `nil` when there is no custom delegate.
    func didLoadData(for request: ImageRequest) -> (@Sendable (Data, DataResponse?) throws -> Data)? {
        guard pipeline.hasCustomDelegate else { return nil }
        let pipeline = self.pipeline
        return { try pipeline.delegate.didLoadData($0, response: $1, for: request, pipeline: pipeline) }
    }

    /// The decoder for some data, or `nil` if none recognises it.
    func imageDecoder(for context: ImageDecodingContext) -> (any ImageDecoding)? {
        pipeline.delegate.imageDecoder(for: context, pipeline: pipeline)
    }

    /// The encoder for an image going to the disk cache.
    func imageEncoder(for context: ImageEncodingContext) -> any ImageEncoding {
        pipeline.delegate.imageEncoder(for: context, pipeline: pipeline)
    }

    /// Whether and how partial data gets previews.
    func previewPolicy(for context: ImageDecodingContext) -> ImagePipeline.PreviewPolicy {
        pipeline.delegate.previewPolicy(for: context, pipeline: pipeline)
    }

    // MARK: Decoding

    /// The decoding context for some data under the pipeline's limits.
    func makeDecodingContext(
        request: ImageRequest,
        data: Data,
        isCompleted: Bool,
        dataResponse: DataResponse?,
        cacheType: ImageResponse.CacheType? = nil,
        previewPolicy: ImagePipeline.PreviewPolicy = .incremental
    ) -> ImageDecodingContext {
        pipeline.makeDecodingContext(
            request: request,
            data: data,
            isCompleted: isCompleted,
            dataResponse: dataResponse,
            cacheType: cacheType,
            previewPolicy: previewPolicy
        )
    }

    /// Decodes on the calling (worker) thread and checks the pixel limit.
    func decode(_ data: Data, with decoder: any ImageDecoding, context: ImageDecodingContext) -> Result<
        ImageContainer, ImagePipeline.Error
    > {
        pipeline.decode(data, with: decoder, context: context)
    }

    // MARK: Other jobs

    /// The shared job that loads, processes and caches the image for a request.
    @ImagePipelineActor
    func loadImageJob(for request: ImageRequest) -> Job<ImageResponse> {
        pipeline.makeLoadImageJob(for: request)
    }

    /// The shared job that decodes a request's original image.
    @ImagePipelineActor
    func fetchOriginalImageJob(for request: ImageRequest) -> Job<ImageResponse> {
        pipeline.makeFetchOriginalImageJob(for: request)
    }

    /// Takes a decode that has started out of the pool, so that requests arriving later get a
    /// decode of their own instead of joining one whose size is already chosen.
    @ImagePipelineActor
    func withdraw(_ job: Job<ImageResponse>) {
        pipeline.fetchOriginalImageJobs.withdraw(job)
    }

    /// The shared job that downloads a request's original data.
    @ImagePipelineActor
    func fetchOriginalDataJob(for request: ImageRequest) -> Job<(Data, DataResponse?)> {
        pipeline.makeFetchOriginalDataJob(for: request)
    }
}
