// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

internal import Dispatch
internal import Synchronization

#if canImport(FoundationEssentials)
    public import FoundationEssentials
#else
    public import Foundation
#endif

/// Loads, decodes, processes and caches images: Nuke's pipeline for Linux.
///
/// Requests for the same data share one download; requests for the same processed image share
/// every step. Work runs on bounded priority queues, previews stream during progressive
/// downloads, interrupted downloads resume, and everything can be cancelled.
///
/// ```swift
/// var registry = PluginRegistry()
/// registry.install(JPEGPlugin())
/// let pipeline = ImagePipeline { $0.registry = registry }
/// let image = try await pipeline.image(for: URL(string: "file:///tmp/photo.jpg"))
/// ```
///
/// All public methods may be called from any thread.
@ImagePipelineActor
public final class ImagePipeline: Sendable {
    /// The configuration, fixed at init.
    public nonisolated let configuration: Configuration

    /// The delegate, or a default one.
    public nonisolated let delegate: any Delegate

    /// The memory cache in use (``Configuration/imageCache`` or the registry's named one).
    public nonisolated let imageCache: (any ImageCaching)?

    /// The disk cache in use (``Configuration/dataCache`` or the registry's named one).
    public nonisolated let dataCache: (any DataCaching)?

    nonisolated let hasCustomDelegate: Bool
    nonisolated let callbackQueue: DispatchQueue
    nonisolated let workers: PipelineWorkers
    private nonisolated let nextTaskID = Atomic<UInt64>(0)
    private nonisolated let invalidated = Atomic<Bool>(false)
    private nonisolated let pendingStarts = Mutex(PendingBatch<ImageTask>(isDrainPending: false))

    private var tasks: Set<ImageTask> = []
    /// Tasks made and not yet finished, including ones still on their way to the actor.
    private nonisolated let unfinishedTasks = WorkInFlight()
    /// The jobs alive, when a test asks (``JobCensus``).
    nonisolated let jobCensus = JobCensus()
    let loadImageJobs: JobPool<LoadImageKey, ImageResponse>
    let fetchOriginalImageJobs: JobPool<FetchOriginalImageKey, ImageResponse>
    let fetchOriginalDataJobs: JobPool<FetchOriginalDataKey, (Data, DataResponse?)>
    let loadDataJobs: JobPool<LoadDataKey, (Data, DataResponse?)>
    let rateLimiter: RateLimiter?
    /// ``Configuration/clock``, for the timers of the jobs.
    nonisolated let clock: ElapsedClock
    /// The registry's resampling kernel, looked up once, for processors.
    nonisolated let resamplingKernel: (any ResamplingKernel)?
    let resumableData = ResumableDataStorage()

    // MARK: Shared

    private nonisolated static let sharedPipeline = Mutex<ImagePipeline?>(nil)

    /// The pipeline used when none is given. NukeCore's default has no plugins (only `file:` and
    /// `data:` URLs load, and nothing decodes); with `import Nuke` it starts with the default
    /// plugins instead.
    public nonisolated static var shared: ImagePipeline {
        get { shared(default: ImagePipeline()) }
        set { setShared(newValue) }
    }

    /// Sets ``shared``; for modules that declare their own `shared` over NukeCore's.
    public nonisolated static func setShared(_ pipeline: ImagePipeline) {
        sharedPipeline.withLock { $0 = pipeline }
    }

    /// Returns ``shared``, first setting it to `makeDefault()` if nothing has set it yet.
    ///
    /// Lets a module that configures a default (the `Nuke` umbrella) share one `shared` pipeline
    /// with NukeCore: whichever asks first decides what it starts as.
    public nonisolated static func shared(default makeDefault: @autoclosure () -> ImagePipeline) -> ImagePipeline {
        sharedPipeline.withLock { shared in
            if let shared { return shared }
            let pipeline = makeDefault()
            shared = pipeline
            return pipeline
        }
    }

    // MARK: Initialisers

    /// Creates a pipeline.
    ///
    /// - Parameters:
    ///   - configuration: Plugins, caches, policies and limits.
    ///   - delegate: Hooks into the pipeline's decisions.
    public nonisolated init(configuration: Configuration, delegate: (any Delegate)? = nil) {
        self.configuration = configuration
        self.delegate = delegate ?? ImagePipelineDefaultDelegate()
        self.hasCustomDelegate = delegate != nil
        self.imageCache = configuration.imageCache
        self.dataCache = configuration.dataCache
        self.callbackQueue = configuration.callbackQueue ?? DispatchQueue(label: "nuke.pipeline.callbacks")
        let coalescing = configuration.isTaskCoalescingEnabled
        self.loadImageJobs = JobPool(isCoalescingEnabled: coalescing, census: jobCensus)
        self.fetchOriginalImageJobs = JobPool(isCoalescingEnabled: coalescing, census: jobCensus)
        self.fetchOriginalDataJobs = JobPool(isCoalescingEnabled: coalescing, census: jobCensus)
        self.loadDataJobs = JobPool(isCoalescingEnabled: coalescing, census: jobCensus)
        self.clock = ElapsedClock(configuration.clock)
        self.rateLimiter = configuration.isRateLimiterEnabled ? RateLimiter(clock: clock) : nil
        self.workers = PipelineWorkers(pool: configuration.workerPool)
        self.resamplingKernel = configuration.registry.resamplingKernel
    }

    /// Creates a pipeline with the default configuration.
    public nonisolated convenience init(delegate: (any Delegate)? = nil) {
        self.init(configuration: Configuration(), delegate: delegate)
    }

    /// Creates a pipeline from the default configuration changed by `configure`.
    public nonisolated convenience init(delegate: (any Delegate)? = nil, _ configure: (inout Configuration) -> Void) {
        var configuration = Configuration()
        configure(&configuration)
        self.init(configuration: configuration, delegate: delegate)
    }

    // MARK: Loading images

    /// Starts loading an image and returns its task.
    public nonisolated func imageTask(with request: ImageRequest) -> ImageTask {
        makeTask(request: request, kind: .image)
    }

    /// Starts loading the image at `url` and returns its task.
    public nonisolated func imageTask(with url: URL?) -> ImageTask {
        imageTask(with: ImageRequest(url: url))
    }

    /// Loads an image.
    ///
    /// - Throws: ``ImagePipeline/Error``; cancelling the calling task cancels the load.
    public nonisolated func image(for request: ImageRequest) async throws(Error) -> Bitmap {
        try await imageTask(with: request).image
    }

    /// Loads the image at `url`.
    public nonisolated func image(for url: URL?) async throws(Error) -> Bitmap {
        try await image(for: ImageRequest(url: url))
    }

    /// Loads the raw data of an image without decoding it; uses the disk cache and shares
    /// downloads with image requests.
    public nonisolated func data(for request: ImageRequest) async throws(Error) -> (
        data: Data, response: DataResponse?
    ) {
        let response = try await makeTask(request: request, kind: .data).response
        return (response.container.data ?? Data(), response.dataResponse)
    }

    /// Loads the raw data at `url`.
    public nonisolated func data(for url: URL?) async throws(Error) -> (data: Data, response: DataResponse?) {
        try await data(for: ImageRequest(url: url))
    }

    /// Cancels every task; later tasks fail with ``Error/pipelineInvalidated``.
    public nonisolated func invalidate() {
        invalidated.store(true, ordering: .sequentiallyConsistent)
        Task { @ImagePipelineActor in
            for task in self.tasks { self.cancel(task) }
        }
    }

    /// The number of tasks started and not yet finished (diagnostics).
    public var taskCount: Int { tasks.count }

    // MARK: Lifecycle

    /// Returns when the work the pipeline started in the background has finished and is on disk:
    /// disk-cache stores (encodes included) and anything still running on a worker thread, then
    /// the staged writes of its disk cache and HTTP cache.
    ///
    /// Tasks still loading may start new stores afterwards; ``shutdown(cancellingTasks:)``
    /// first ends them.
    public nonisolated func flush() async {
        await workers.inFlight.waitUntilIdle()
        await dataCache?.flush()
        await configuration.httpCache?.flush()
    }

    /// Shuts the pipeline down for a server's graceful exit.
    ///
    /// New tasks fail with ``Error/pipelineInvalidated`` at once. Running tasks are cancelled
    /// (or, with `cancellingTasks` `false`, allowed to finish); then this waits for them to end,
    /// for work on worker threads to finish, for disk writes to reach the disk (``flush()``), and
    /// for the pipeline's loaders to end their threads (``DataLoading/shutdown()``). The worker
    /// pool, which may serve other pipelines, keeps running; shut it down separately if you own it.
    ///
    /// - Parameter cancellingTasks: whether running tasks are cancelled (the default) or waited for.
    public nonisolated func shutdown(cancellingTasks: Bool = true) async {
        invalidated.store(true, ordering: .sequentiallyConsistent)
        await waitForTasks(cancelling: cancellingTasks)
        await flush()
        let registered = configuration.registry.registrations(Capabilities.Loading.self).map(\.provider)
        for loader in [configuration.dataLoader].compactMap({ $0 }) + registered {
            await loader.shutdown()
        }
    }

    private func waitForTasks(cancelling: Bool) async {
        if cancelling {
            for task in tasks { cancel(task) }
        }
        await unfinishedTasks.waitUntilIdle()
    }

    // MARK: Task lifecycle

    nonisolated package func makeTask(
        request: ImageRequest,
        kind: ImageTask.Kind,
        onEvent: (@Sendable (ImageTask, ImageTask.Event) -> Void)? = nil
    ) -> ImageTask {
        let id = nextTaskID.add(1, ordering: .relaxed).newValue
        let task = ImageTask(taskId: id, request: request, kind: kind, pipeline: self, onEvent: onEvent)
        if kind == .image { delegate.imageTaskCreated(task, pipeline: self) }
        unfinishedTasks.begin()
        let mustScheduleStart = pendingStarts.withLock { $0.append(task) }
        if mustScheduleStart {
            Task { @ImagePipelineActor in self.startPendingTasks() }
        }
        return task
    }

    /// Starts every task made since the last drain, including ones made meanwhile: a burst of
    /// requests reaches the actor in one hop instead of a Swift task each.
    private func startPendingTasks() {
        while true {
            let batch = pendingStarts.withLock { $0.takeAll() }
            guard !batch.isEmpty else { return }
            for task in batch { start(task) }
        }
    }

    private func start(_ task: ImageTask) {
        if task.isCancelled {
            finish(task, with: .failure(.cancelled))
            return
        }
        if invalidated.load(ordering: .sequentiallyConsistent) {
            finish(task, with: .failure(.pipelineInvalidated))
            return
        }
        tasks.insert(task)
        if task.kind == .image { delegate.imageTaskDidStart(task, pipeline: self) }
        switch task.kind {
        case .image:
            let job = makeLoadImageJob(for: task.request)
            task.subscription = job.subscribe(.imageTask(task), priority: task.priority) { [unowned self] event in
                self.handle(event, for: task)
            }
        case .data:
            let job = makeLoadDataJob(for: task.request)
            task.subscription = job.subscribe(.imageTask(task), priority: task.priority) { [unowned self] event in
                // A data task's response carries the bytes in an otherwise empty container.
                self.handle(
                    event.mapValue { data, dataResponse in
                        let container = ImageContainer(image: .empty, data: data)
                        return ImageResponse(container: container, request: task.request, dataResponse: dataResponse)
                    },
                    for: task
                )
            }
        }
    }

    private func handle(_ event: Job<ImageResponse>.Event, for task: ImageTask) {
        switch event {
        case let .value(response, isCompleted):
            if isCompleted {
                finish(task, with: .success(response))
            } else {
                send(.preview(response), to: task)
            }
        case .progress(let progress):
            send(.progress(progress), to: task)
        case .error(let error):
            finish(task, with: .failure(error))
        }
    }

    private func send(_ event: ImageTask.Event, to task: ImageTask) {
        guard tasks.contains(task) else { return }
        task.dispatch(event)
        if task.kind == .image { delegate.imageTask(task, didReceiveEvent: event, pipeline: self) }
    }

    private func finish(_ task: ImageTask, with result: Result<ImageResponse, Error>) {
        tasks.remove(task)
        task.subscription = nil
        // The delegate hears of the end before awaiting callers resume (Nuke's order).
        let didFinish = task.finish(with: result) {
            if task.kind == .image { delegate.imageTask(task, didReceiveEvent: .finished(result), pipeline: self) }
        }
        if didFinish { unfinishedTasks.end() }
    }

    func cancel(_ task: ImageTask) {
        guard tasks.contains(task) else { return }
        let subscription = task.subscription
        finish(task, with: .failure(.cancelled))
        subscription?.unsubscribe()
    }

    func updatePriority(of task: ImageTask) {
        task.subscription?.setPriority(task.priority)
    }
}
