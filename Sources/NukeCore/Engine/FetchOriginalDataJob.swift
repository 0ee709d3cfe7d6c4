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
    private let services: JobServices
    private let request: ImageRequest
    private var buffer = Data()
    /// The room reserved in `buffer`: grown by doubling, never past the size limit.
    private var bufferCapacity = 0
    private var response: DataResponse?
    private var expectedTotal: Int64 = -1
    private var resumable: ResumableData?
    private var closureTask: Task<Void, Never>?
    private var localRead: WorkerPoolItem?
    /// The delegate's `didLoadData` running on a worker.
    private var dataHookRun: WorkerPoolItem?
    private var load: NetworkLoad?
    /// Times the load from when it is queued; `nil` once reported (or when nobody listens).
    private var loadTimer: StageTimer?
    /// When the transfer, the read or the closure started, on the timer's clock.
    private var loadStart: Duration?

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
        closureTask?.cancel()
        localRead?.cancel()
        dataHookRun?.cancel()
        load?.cancel()
        saveResumableData()
    }

    override func onPriorityChanged() {
        load?.priority = priority
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
        if let resumable = services.resumableData?.take(for: resumableKey) {
            resumable.apply(to: &urlRequest)
            self.resumable = resumable
        }
        if let limit = sizeLimit {  // The loader stops at it too.
            urlRequest.maximumResponseSize = min(urlRequest.maximumResponseSize ?? limit, limit)
        }
        loadTimer = services.stageTimer(.load, for: request)
        let load = NetworkLoad(request: urlRequest, loader: loader, route: makeRoute(), priority: priority) {
            event in self.receive(event)  // Strong: the load drops its handler when it ends.
        }
        self.load = load
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
            onTransferStart: { [weak self] in self?.loadStart = self?.loadTimer?.now() },
            redirectDecision: services.redirectDecision(for: request)
        )
    }

    // MARK: Closures and local resources

    /// Runs the data closure in a data-loading queue slot, or at once with `.skipDataLoadingQueue`.
    private func runDataClosure(_ makeData: @escaping @Sendable () async throws -> Data) {
        loadTimer = services.stageTimer(.load, for: request)
        if request.options.contains(.skipDataLoadingQueue) {
            closureTask = Task { @ImagePipelineActor in
                await self.runDataClosureNow(makeData)
            }
        } else {
            operation = services.dataLoadingQueue.add(priority: priority) {
                guard !self.isDisposed else { return }
                await self.runDataClosureNow(makeData)
            }
        }
    }

    private func runDataClosureNow(_ makeData: @escaping @Sendable () async throws -> Data) async {
        loadStart = loadTimer?.now()
        do {
            // User code: on the worker pool, where blocking does not stall the cooperative pool.
            let data = try await withTaskExecutorPreference(services.workerPool) {
                try await makeData()
            }
            guard !Task.isCancelled, !isDisposed else { return }
            buffer = data
            complete(with: nil, isLocal: false)
        } catch {
            guard !isDisposed else { return }
            reportLoad(isSuccess: false)
            send(.error(.dataLoadingFailed(error: error)))
        }
    }

    private func loadLocalResource(_ url: URL) {
        let maximumSize = sizeLimit
        loadTimer = services.stageTimer(.load, for: request)
        loadStart = loadTimer?.now()
        localRead = services.workers.run {
            Result { try LocalResource.load(url, maximumSize: maximumSize) }
        } then: { result in
            guard !self.isDisposed else { return }
            switch result {
            case .success(let (data, response)):
                self.buffer = data
                self.response = response
                self.complete(with: nil, isLocal: true)
            case .failure(let error):
                self.reportLoad(isSuccess: false)
                self.send(.error(error as? ImagePipeline.Error ?? .dataLoadingFailed(error: error)))
            }
        }
    }

    // MARK: Network

    private func receive(_ event: NetworkLoad.Event) {
        guard !isDisposed else { return }
        switch event {
        case let .chunk(data, response):
            if !receive(data, response: response) { load?.cancel() }
        case .completed(let error):
            complete(with: error, isLocal: false)
        }
    }

    /// Appends a chunk; returns `false` if the download must stop (size limit).
    private func receive(_ chunk: Data, response: DataResponse) -> Bool {
        if self.response == nil {
            if let resumable, response.statusCode == 206 {
                buffer = resumable.data  // The server confirmed the validator: continue.
            }
            resumable = nil
            self.response = response
            do {
                try services.validateResponse(response, for: request)
            } catch {
                reportLoad(isSuccess: false)
                send(.error(.dataLoadingFailed(error: error)))
                return false
            }
            let length = response.expectedContentLength
            expectedTotal = length > 0 ? length + Int64(buffer.count) : -1
            if let limit = sizeLimit, expectedTotal > Int64(limit) {
                reportLoad(isSuccess: false)
                send(.error(.dataDownloadExceededMaximumSize))
                return false
            }
            if expectedTotal > Int64(chunk.count) {
                reserve(Int(expectedTotal))
            }
        }
        // Checked before appending, so the buffer never holds (or grows towards) more.
        if let limit = sizeLimit, chunk.count > limit - buffer.count {
            reportLoad(isSuccess: false)
            send(.error(.dataDownloadExceededMaximumSize))
            return false
        }
        if buffer.isEmpty, expectedTotal <= Int64(chunk.count), chunk.startIndex == 0 {
            // The whole body in one chunk (a cache's answer, a small file), or the first of an
            // unknown number: kept as it came instead of copied into a buffer of its own (a
            // slice is copied, so the data handed on always starts at index 0).
            buffer = chunk
            bufferCapacity = chunk.count
        } else {
            if buffer.count + chunk.count > bufferCapacity {
                reserve(max(buffer.count + chunk.count, bufferCapacity.multipliedReportingOverflow(by: 2).partialValue))
            }
            buffer.append(chunk)
        }
        send(.progress(ImageTask.Progress(completed: Int64(buffer.count), total: expectedTotal)))
        if services.isProgressiveDecodingEnabled, expectedTotal > 0, Int64(buffer.count) < expectedTotal {
            send(.value((buffer, response), isCompleted: false))
        }
        return true
    }

    /// Makes room for `count` bytes in all, at most the size limit.
    private func reserve(_ count: Int) {
        bufferCapacity = min(max(count, 0), sizeLimit ?? .max)
        buffer.reserveCapacity(bufferCapacity)
    }

    private func complete(with error: (any Error)?, isLocal: Bool) {
        reportLoad(isSuccess: error == nil && !buffer.isEmpty)
        if let error {
            saveResumableData()
            switch error {
            case is HTTPCacheError: send(.error(.dataMissingInCache))
            case NetworkError.responseTooLarge: send(.error(.dataDownloadExceededMaximumSize))
            default: send(.error(.dataLoadingFailed(error: error)))
            }
            return
        }
        guard !buffer.isEmpty else {
            send(.error(.dataIsEmpty))
            return
        }
        if load != nil, let hook = services.didLoadData(for: request) {
            runDataHook(hook)
        } else {
            deliver(isLocal: isLocal)
        }
    }

    /// Stores the data (unless read from a local resource) and sends it.
    private func deliver(isLocal: Bool) {
        if !isLocal { storeOriginalDataIfNeeded() }
        send(.value((buffer, response), isCompleted: true))
    }

    /// Runs the delegate's `didLoadData` on a worker; delivers what it returns or fails with its
    /// error.
    private func runDataHook(_ hook: @escaping @Sendable (Data, DataResponse?) throws -> Data) {
        let (data, response) = (buffer, self.response)
        buffer = Data()  // One copy of the download while the hook runs: the hook's.
        dataHookRun = services.workers.run {
            Result { try hook(data, response) }
        } then: { result in
            guard !self.isDisposed else { return }
            switch result {
            case .success(let data) where data.isEmpty:
                self.send(.error(.dataIsEmpty))
            case .success(let data):
                self.buffer = data
                self.deliver(isLocal: false)
            case .failure(let error):
                self.send(.error(.dataLoadingFailed(error: error)))
            }
        }
    }

    /// Reports the load's metrics, once.
    private func reportLoad(isSuccess: Bool) {
        guard let timer = loadTimer else { return }
        loadTimer = nil
        let now = timer.now()
        timer.report(StageTimer.Span(start: loadStart ?? now, end: now), isSuccess: isSuccess)
    }

    /// Keeps partial data for a later resume; or puts back resumable data taken for an attempt
    /// that ended before the server answered.
    private func saveResumableData() {
        guard let storage = services.resumableData else { return }
        if let resumable, response == nil {
            storage.store(resumable, for: resumableKey)
        } else if let resumable = ResumableData(response: response, data: buffer, expectedTotal: expectedTotal) {
            storage.store(resumable, for: resumableKey)
        }
        resumable = nil
    }

    // MARK: Disk cache

    private func storeOriginalDataIfNeeded() {
        guard shouldStoreOriginalData() else { return }
        let services = self.services
        let request = self.request
        let data = buffer
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
