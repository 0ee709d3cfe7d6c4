// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

#if canImport(FoundationEssentials)
    internal import FoundationEssentials
#else
    internal import Foundation
#endif

/// Fetches the original bytes: from a data closure, a `file:`/`data:` URL, or a loader (through
/// the rate limiter and the data-loading queue, resuming interrupted downloads).
///
/// Streams progress for every chunk and, with progressive decoding on, the data so far as partial
/// values. Stores the original data in the disk cache when the policy and the requests of the
/// user tasks behind it allow.
@ImagePipelineActor
final class FetchOriginalDataJob: Job<(Data, DataResponse?)> {
    /// What the job is doing, each case holding what that step started.
    private enum Stage {
        /// Not started, or waiting for a data-loading slot to run the data closure.
        case idle
        /// The user's data closure runs: in its own task when it skips the data-loading queue,
        /// else in the queue's operation (``Job/operation``).
        case runningClosure(Task<Void, Never>?)
        /// A `file:` or `data:` URL is read on a worker.
        case readingLocalResource(WorkerPoolItem)
        /// A loader transfers the bytes into the buffer.
        case transferring(NetworkLoad, DownloadBuffer)
        /// Held only while the buffer is changed, so that the buffer's bytes have one owner and
        /// are appended to in place rather than copied.
        case changingBuffer
        /// The delegate's `didLoadData` runs on a worker over the downloaded bytes.
        case runningDataHook(WorkerPoolItem)
        /// The bytes were delivered, or the fetch failed or was cancelled.
        case ended
    }

    private let services: JobServices
    private let request: ImageRequest
    private var stage = Stage.idle
    /// Times the fetch from when it is queued; `nil` once reported (or when nobody listens).
    private var loadReport: LoadReport?

    init(services: JobServices, request: ImageRequest) {
        self.services = services
        self.request = request
    }

    private var resumableKey: String { request.imageID ?? "" }
    /// The most bytes the download may have: the request's own limit, else the pipeline's (a
    /// negative one is 0).
    private var sizeLimit: Int? { services.maximumResponseDataSize(for: request).map { max(0, $0) } }

    override func start() {
        switch request.resource {
        case .dataClosure(_, let makeData):
            runDataClosure(makeData)
        case .imageClosure:
            send(.error(.imageRequestMissing))
        case .url, .dataRequest:
            startLoadingURL()
        }
    }

    override func onCancelled() {
        let previous = stage
        stage = .ended
        switch previous {
        case .idle, .changingBuffer, .ended: break
        case .runningClosure(let task): task?.cancel()
        case .readingLocalResource(let read): read.cancel()
        case .runningDataHook(let run): run.cancel()
        case .transferring(let load, let buffer):
            load.cancel()
            saveResumableData(of: buffer)
        }
    }

    override func onPriorityChanged() {
        if case .transferring(let load, _) = stage { load.priority = priority }
    }

    private func startLoadingURL() {
        guard let url = request.url, let scheme = url.scheme, !scheme.isEmpty, var urlRequest = request.urlRequest
        else {
            send(.error(.dataLoadingFailed(error: DataLoadingError.invalidURL(request.url?.absoluteString))))
            return
        }
        if services.isLocalResourcesSupportEnabled, LocalResource.isLocal(url) {
            loadLocalResource(url)
            return
        }
        guard var loader = services.dataLoader(for: request) else {
            send(.error(.dataLoaderNotRegistered(scheme: scheme.lowercased())))
            return
        }
        if let httpCache = services.caches.httpCache(for: request) {
            loader = httpCache.cachingLoader(wrapping: loader)
            if request.options.contains(.returnCacheDataDontLoad) {
                urlRequest.cachePolicy = .returnCacheDataDontLoad
            } else if request.options.contains(.disableDiskCacheReads) {
                urlRequest.cachePolicy = .reloadIgnoringLocalCacheData
            }
        }
        let resumed = services.resumableData?.take(for: resumableKey)
        resumed?.apply(to: &urlRequest)
        if let limit = sizeLimit {  // The loader stops at it too.
            urlRequest.maximumResponseSize = min(urlRequest.maximumResponseSize ?? limit, limit)
        }
        loadReport = LoadReport(timer: services.stageTimer(.load, for: request))
        let load = NetworkLoad(request: urlRequest, loader: loader, route: makeRoute(), priority: priority) {
            event in self.receive(event)  // Strong: the load drops its handler when it ends.
        }
        stage = .transferring(load, DownloadBuffer(sizeLimit: sizeLimit, resuming: resumed))
        load.start()
    }

    /// The rate limiter and a data-loading slot unless the request skips the queue, and the
    /// delegate's `willLoadData` when there is a custom delegate.
    private func makeRoute() -> NetworkLoad.Route {
        let isQueued = !request.options.contains(.skipDataLoadingQueue)
        return NetworkLoad.Route(
            rateLimiter: isQueued ? services.rateLimiter : nil,
            queue: isQueued ? services.dataLoadingQueue : nil,
            inFlight: services.workers.inFlight,
            prepare: services.willLoadData(for: request),
            onTransferStart: { [weak self] in self?.loadReport?.markStart() },
            redirectDecision: services.redirectDecision(for: request)
        )
    }

    // MARK: Closures and local resources

    /// Runs the data closure in a data-loading queue slot, or at once with `.skipDataLoadingQueue`.
    private func runDataClosure(_ makeData: @escaping @Sendable () async throws -> Data) {
        loadReport = LoadReport(timer: services.stageTimer(.load, for: request))
        if request.options.contains(.skipDataLoadingQueue) {
            stage = .runningClosure(
                Task { @ImagePipelineActor in
                    await self.runDataClosureNow(makeData)
                }
            )
        } else {
            stage = .runningClosure(nil)
            operation = services.dataLoadingQueue.add(priority: priority) {
                guard !self.isDisposed else { return }
                await self.runDataClosureNow(makeData)
            }
        }
    }

    private func runDataClosureNow(_ makeData: @escaping @Sendable () async throws -> Data) async {
        loadReport?.markStart()
        do {
            // User code: on the worker pool, where blocking does not stall the cooperative pool.
            let data = try await withTaskExecutorPreference(services.workerPool) {
                try await makeData()
            }
            guard !Task.isCancelled, !isDisposed else { return }
            finish(with: data, response: nil, source: .closure)
        } catch {
            guard !isDisposed else { return }
            fail(.dataLoadingFailed(error: error))
        }
    }

    private func loadLocalResource(_ url: URL) {
        let maximumSize = sizeLimit
        loadReport = LoadReport(timer: services.stageTimer(.load, for: request))
        loadReport?.markStart()
        stage = .readingLocalResource(
            services.workers.run {
                Result { try LocalResource.load(url, maximumSize: maximumSize) }
            } then: { result in
                guard !self.isDisposed else { return }
                switch result {
                case .success(let (data, response)):
                    self.finish(with: data, response: response, source: .localResource)
                case .failure(let error):
                    self.fail(error as? ImagePipeline.Error ?? .dataLoadingFailed(error: error))
                }
            }
        )
    }

    // MARK: Network

    private func receive(_ event: NetworkLoad.Event) {
        guard !isDisposed, case .transferring(let load, var buffer) = stage else { return }
        stage = .changingBuffer  // The buffer's one owner is now `buffer`.
        switch event {
        case let .chunk(data, response):
            if let error = add(data, response: response, to: &buffer) {
                stage = .ended
                load.cancel()
                fail(error)
                return
            }
            let progress = ImageTask.Progress(completed: Int64(buffer.data.count), total: buffer.expectedTotal)
            let partial = services.isProgressiveDecodingEnabled && buffer.isPartial ? buffer.data : nil
            stage = .transferring(load, consume buffer)
            send(.progress(progress))
            if let partial { send(.value((partial, response), isCompleted: false)) }
        case .completed(let error):
            if let error {
                stage = .ended
                saveResumableData(of: buffer)
                switch error {
                case is HTTPCacheError: fail(.dataMissingInCache)
                case NetworkError.responseTooLarge: fail(.dataDownloadExceededMaximumSize)
                default: fail(.dataLoadingFailed(error: error))
                }
                return
            }
            let response = buffer.response
            finish(with: buffer.takeData(), response: response, source: .network)
        }
    }

    /// Adds a chunk to `buffer`: the first one's response is validated and its declared length
    /// checked against the size limit. Returns why the download must stop, if it must.
    private func add(_ chunk: Data, response: DataResponse, to buffer: inout DownloadBuffer) -> ImagePipeline.Error? {
        if buffer.response == nil {
            do {
                try services.validateResponse(response, for: request)
            } catch {
                return .dataLoadingFailed(error: error)
            }
            do throws(DownloadBuffer.TooLarge) {
                try buffer.begin(with: response, firstChunkSize: chunk.count)
            } catch {
                return .dataDownloadExceededMaximumSize
            }
        }
        do throws(DownloadBuffer.TooLarge) {
            try buffer.append(chunk)
        } catch {
            return .dataDownloadExceededMaximumSize
        }
        return nil
    }

    // MARK: Delivering

    /// Where the bytes came from: only a network download runs `didLoadData` and is stored.
    private enum Source {
        case closure, localResource, network
    }

    /// Runs the delegate's `didLoadData` over a download, or delivers the bytes.
    private func finish(with data: Data, response: DataResponse?, source: Source) {
        reportLoad(isSuccess: !data.isEmpty)
        guard !data.isEmpty else {
            stage = .ended
            send(.error(.dataIsEmpty))
            return
        }
        if source == .network, let hook = services.didLoadData(for: request) {
            runDataHook(hook, data: data, response: response)
        } else {
            deliver(data, response: response, storing: source != .localResource)
        }
    }

    /// Stores the data (unless read from a local resource) and sends it.
    private func deliver(_ data: Data, response: DataResponse?, storing: Bool) {
        stage = .ended
        if storing { storeOriginalDataIfNeeded(data) }
        send(.value((data, response), isCompleted: true))
    }

    /// Fails the fetch, reporting the load as failed.
    private func fail(_ error: ImagePipeline.Error) {
        stage = .ended
        reportLoad(isSuccess: false)
        send(.error(error))
    }

    /// Runs the delegate's `didLoadData` on a worker; delivers what it returns or fails with its
    /// error.
    private func runDataHook(
        _ hook: @escaping @Sendable (Data, DataResponse?) throws -> Data,
        data: Data,
        response: DataResponse?
    ) {
        stage = .runningDataHook(
            services.workers.run {
                Result { try hook(data, response) }
            } then: { result in
                guard !self.isDisposed else { return }
                switch result {
                case .success(let data) where data.isEmpty:
                    self.stage = .ended
                    self.send(.error(.dataIsEmpty))
                case .success(let data):
                    self.deliver(data, response: response, storing: true)
                case .failure(let error):
                    self.stage = .ended
                    self.send(.error(.dataLoadingFailed(error: error)))
                }
            }
        )
    }

    /// Reports the load's metrics, once.
    private func reportLoad(isSuccess: Bool) {
        loadReport?.report(isSuccess: isSuccess)
        loadReport = nil
    }

    /// Keeps a download's bytes for a later resume, or puts back the bytes of an earlier attempt
    /// when this one ended before the server answered.
    private func saveResumableData(of buffer: DownloadBuffer) {
        guard let storage = services.resumableData, let resumable = buffer.resumableData else { return }
        storage.store(resumable, for: resumableKey)
    }

    // MARK: Disk cache

    private func storeOriginalDataIfNeeded(_ data: Data) {
        guard shouldStoreOriginalData() else { return }
        let services = self.services
        let request = self.request
        let key = services.caches.makeDataCacheKey(for: request.forOriginalData())
        services.workers.submit {
            services.caches.storeCachedData(data, image: nil, for: request, key: key)
        }
    }

    /// Decides from every user task waiting for this download (see `DataCachePolicy`).
    private func shouldStoreOriginalData() -> Bool {
        guard services.caches.diskCache(forWriting: request) != nil else { return false }
        let tasks = imageTasks
        if !tasks.isEmpty, tasks.allSatisfy({ $0.request.options.contains(.disableDiskCacheWrites) }) {
            return false
        }
        switch services.dataCachePolicy {
        case .storeOriginalData, .storeAll:
            return true
        case .storeEncodedImages:
            return false
        case .automatic:
            return tasks.isEmpty || tasks.contains { $0.kind == .data || !$0.request.isProcessed }
        }
    }
}
