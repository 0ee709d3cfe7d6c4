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
    private let pipeline: ImagePipeline
    private let request: ImageRequest
    private var buffer = Data()
    private var response: DataResponse?
    private var expectedTotal: Int64 = -1
    private var resumable: ResumableData?
    private var directTask: Task<Void, Never>?
    private var localRead: WorkerPoolItem?
    private var inbox: LoaderInbox?
    private var transfer: (any Cancellable)?

    init(pipeline: ImagePipeline, request: ImageRequest) {
        self.pipeline = pipeline
        self.request = request
    }

    private var resumableKey: String { request.imageID ?? "" }

    override func start() {
        switch request.resource {
        case .dataClosure(_, let makeData):
            schedule { await $0.runDataClosure(makeData) }
        case .imageClosure:
            send(.error(.imageRequestMissing))
        case .url, .dataRequest:
            startLoadingURL()
        }
    }

    override func onCancelled() {
        directTask?.cancel()
        localRead?.cancel()
        stopTransfer()
        saveResumableData()
    }

    private func startLoadingURL() {
        guard let url = request.url, let scheme = url.scheme, !scheme.isEmpty else {
            send(.error(.dataLoadingFailed(error: DataLoadingError.invalidURL(request.url?.absoluteString))))
            return
        }
        if pipeline.configuration.isLocalResourcesSupportEnabled, LocalResource.isLocal(url) {
            loadLocalResource(url)
            return
        }
        guard let loader = pipeline.delegate.dataLoader(for: request, pipeline: pipeline) else {
            send(.error(.dataLoaderNotRegistered(scheme: scheme.lowercased())))
            return
        }
        if let rateLimiter = pipeline.rateLimiter, !request.options.contains(.skipDataLoadingQueue) {
            rateLimiter.execute {
                guard !self.isDisposed else { return false }
                self.scheduleLoad(with: loader)
                return true
            }
        } else {
            scheduleLoad(with: loader)
        }
    }

    /// Starts the load in a data-loading queue slot, held until the job ends; or at once with
    /// `.skipDataLoadingQueue`.
    private func scheduleLoad(with loader: any DataLoading) {
        if request.options.contains(.skipDataLoadingQueue) {
            load(with: loader)
        } else {
            let operation = pipeline.configuration.dataLoadingQueue.addCallbackOperation(priority: priority) {
                operation in
                self.operation = operation  // Before loading: a loader may answer, and end the job, at once.
                self.load(with: loader)
            }
            if !isDisposed { self.operation = operation }
        }
    }

    /// Runs async `work` in a data-loading queue slot, or at once with `.skipDataLoadingQueue`.
    private func schedule(_ work: @escaping @ImagePipelineActor (FetchOriginalDataJob) async -> Void) {
        if request.options.contains(.skipDataLoadingQueue) {
            directTask = Task { @ImagePipelineActor in
                await work(self)
            }
        } else {
            operation = pipeline.configuration.dataLoadingQueue.add(priority: priority) {
                guard !self.isDisposed else { return }
                await work(self)
            }
        }
    }

    // MARK: Closures and local resources

    private func runDataClosure(_ makeData: @escaping @Sendable () async throws -> Data) async {
        do {
            // User code: on the worker pool, where blocking does not stall the cooperative pool.
            let data = try await withTaskExecutorPreference(pipeline.configuration.workerPool) {
                try await makeData()
            }
            guard !Task.isCancelled, !isDisposed else { return }
            buffer = data
            complete(with: nil, isLocal: false)
        } catch {
            guard !isDisposed else { return }
            send(.error(.dataLoadingFailed(error: error)))
        }
    }

    private func loadLocalResource(_ url: URL) {
        let maximumSize = pipeline.configuration.maximumResponseDataSize
        localRead = pipeline.workers.run {
            Result { try LocalResource.load(url, maximumSize: maximumSize) }
        } then: { result in
            guard !self.isDisposed else { return }
            switch result {
            case .success(let (data, response)):
                self.buffer = data
                self.response = response
                self.complete(with: nil, isLocal: true)
            case .failure(let error):
                self.send(.error(error as? ImagePipeline.Error ?? .dataLoadingFailed(error: error)))
            }
        }
    }

    // MARK: Network

    /// Prepares the request (HTTP cache, resumable data, the delegate's `willLoadData`) and
    /// starts the transfer.
    private func load(with loader: any DataLoading) {
        guard var urlRequest = request.urlRequest else {
            // Not reached (`startLoadingURL` checked the URL), but the job must still end.
            send(.error(.dataLoadingFailed(error: DataLoadingError.invalidURL(request.url?.absoluteString))))
            return
        }
        var loader = loader
        if let httpCache = pipeline.httpCache(for: request) {
            loader = HTTPCachingDataLoader(loader: loader, cache: httpCache)
            if request.options.contains(.returnCacheDataDontLoad) {
                urlRequest.cachePolicy = .returnCacheDataDontLoad
            } else if request.options.contains(.disableDiskCacheReads) {
                urlRequest.cachePolicy = .reloadIgnoringLocalCacheData
            }
        }
        if pipeline.configuration.isResumableDataEnabled, let resumable = pipeline.resumableData.take(for: resumableKey)
        {
            resumable.apply(to: &urlRequest)
            self.resumable = resumable
        }
        guard pipeline.hasCustomDelegate else {
            startTransfer(urlRequest, with: loader)
            return
        }
        let pipeline = self.pipeline
        let request = self.request
        directTask = Task { @ImagePipelineActor [loader, urlRequest] in
            do {
                let urlRequest = try await pipeline.delegate.willLoadData(
                    for: request,
                    urlRequest: urlRequest,
                    pipeline: pipeline
                )
                guard !Task.isCancelled, !self.isDisposed else { return }
                self.startTransfer(urlRequest, with: loader)
            } catch {
                if !self.isDisposed { self.send(.error(.dataLoadingFailed(error: error))) }
            }
        }
    }

    /// Calls the loader; its callbacks reach the job through a ``LoaderInbox``, which the job
    /// drains at once for whatever the loader delivered synchronously.
    private func startTransfer(_ urlRequest: DataRequest, with loader: any DataLoading) {
        // Strong: the inbox is closed whenever the transfer ends, which breaks the cycle.
        let inbox = LoaderInbox { event in self.receive(event) }
        self.inbox = inbox
        transfer = loader.loadData(
            with: urlRequest,
            didReceiveData: { data, response in inbox.post(.chunk(data, response)) },
            completion: { error in inbox.post(.completed(error)) }
        )
        inbox.drain()
    }

    private func receive(_ event: LoaderInbox.Event) {
        guard !isDisposed else { return }
        switch event {
        case let .chunk(data, response):
            if !receive(data, response: response) { stopTransfer() }
        case .completed(let error):
            inbox?.close()
            inbox = nil
            transfer = nil
            complete(with: error, isLocal: false)
        }
    }

    /// Cancels the loader's transfer and ignores whatever it still delivers.
    private func stopTransfer() {
        inbox?.close()
        inbox = nil
        transfer?.cancel()
        transfer = nil
    }

    /// Appends a chunk; returns `false` if the download must stop (size limit).
    private func receive(_ chunk: Data, response: DataResponse) -> Bool {
        if self.response == nil {
            if let resumable, response.statusCode == 206 {
                buffer = resumable.data  // The server confirmed the validator: continue.
            }
            resumable = nil
            self.response = response
            let length = response.expectedContentLength
            expectedTotal = length > 0 ? length + Int64(buffer.count) : -1
            if let limit = pipeline.configuration.maximumResponseDataSize, expectedTotal > Int64(limit) {
                send(.error(.dataDownloadExceededMaximumSize))
                return false
            }
            if expectedTotal > Int64(chunk.count) {
                buffer.reserveCapacity(Int(expectedTotal))
            }
        }
        buffer.append(chunk)
        if let limit = pipeline.configuration.maximumResponseDataSize, buffer.count > limit {
            send(.error(.dataDownloadExceededMaximumSize))
            return false
        }
        send(.progress(ImageTask.Progress(completed: Int64(buffer.count), total: expectedTotal)))
        if pipeline.configuration.isProgressiveDecodingEnabled, expectedTotal > 0, Int64(buffer.count) < expectedTotal {
            send(.value((buffer, response), isCompleted: false))
        }
        return true
    }

    private func complete(with error: (any Error)?, isLocal: Bool) {
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
        if !isLocal { storeOriginalDataIfNeeded() }
        send(.value((buffer, response), isCompleted: true))
    }

    /// Keeps partial data for a later resume; or puts back resumable data taken for an attempt
    /// that ended before the server answered.
    private func saveResumableData() {
        guard pipeline.configuration.isResumableDataEnabled else { return }
        if let resumable, response == nil {
            pipeline.resumableData.store(resumable, for: resumableKey)
        } else if let resumable = ResumableData(response: response, data: buffer, expectedTotal: expectedTotal) {
            pipeline.resumableData.store(resumable, for: resumableKey)
        }
        resumable = nil
    }

    // MARK: Disk cache

    private func storeOriginalDataIfNeeded() {
        guard shouldStoreOriginalData() else { return }
        let pipeline = self.pipeline
        let request = self.request
        let data = buffer
        let key = pipeline.makeDataCacheKey(for: request.withoutProcessors(keepingThumbnail: false))
        pipeline.workers.submit {
            pipeline.storeCachedData(data, image: nil, for: request, key: key)
        }
    }

    /// Decides from every user task waiting for this download (see `DataCachePolicy`).
    private func shouldStoreOriginalData() -> Bool {
        guard pipeline.delegate.dataCache(for: request, pipeline: pipeline) != nil else { return false }
        let tasks = imageTasks
        if !tasks.isEmpty, tasks.allSatisfy({ $0.request.options.contains(.disableDiskCacheWrites) }) {
            return false
        }
        switch pipeline.configuration.dataCachePolicy {
        case .storeOriginalData, .storeAll:
            return true
        case .storeEncodedImages:
            return false
        case .automatic:
            return tasks.isEmpty || tasks.contains { $0.kind == .data || !$0.request.isProcessed }
        }
    }
}
