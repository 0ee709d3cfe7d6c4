// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

#if canImport(FoundationEssentials)
    internal import FoundationEssentials
#else
    internal import Foundation
#endif

/// Produces the final image of a request: from the memory cache, from the disk cache, or by
/// applying the request's last processor to the result of the same request without it (which is
/// itself a shared job), down to the decoded original.
///
/// Only a job a user task subscribed to directly stores its results in the caches; intermediate
/// results of a processor chain are not cached.
@ImagePipelineActor
final class LoadImageJob: Job<ImageResponse> {
    private let services: JobServices
    private let request: ImageRequest
    private var diskLookup: WorkerPoolItem?
    private var isProcessingPreview = false
    /// The cached data's decode waiting for admission, when the pipeline has one.
    private var admission: Task<Void, Never>?

    init(services: JobServices, request: ImageRequest) {
        self.services = services
        self.request = request
    }

    override func start() {
        if let cached = services.caches.cachedImage(for: request) {
            let response = ImageResponse(container: cached, request: request, cacheType: .memory)
            send(.value(response, isCompleted: !cached.isPreview))
            if !cached.isPreview { return }
        }
        if let cache = services.caches.diskCache(forReading: request) {
            lookUpDiskCache(cache)
        } else {
            loadFromSource()
        }
    }

    override func onCancelled() {
        diskLookup?.cancel()
        admission?.cancel()
    }

    // MARK: Disk cache

    private func lookUpDiskCache(_ cache: any DataCaching) {
        var keys: [String] = []
        if !request.isProcessed || services.isReadingProcessedImagesFromDataCache {
            keys.append(services.caches.makeDataCacheKey(for: request))
        }
        if request.thumbnail != nil, request.processors.isEmpty {
            // A thumbnail can be made from the cached original: no second download.
            keys.append(services.caches.makeDataCacheKey(for: request.forOriginalData()))
        }
        guard !keys.isEmpty else {
            loadFromSource()
            return
        }
        diskLookup = services.readDiskCache(cache, keys: keys, for: self) { [unowned self] data in
            if let data { self.decodeCachedData(data) } else { self.loadFromSource() }
        }
    }

    private func decodeCachedData(_ data: Data) {
        let context = services.makeDecodingContext(
            request: request,
            data: data,
            isCompleted: true,
            dataResponse: nil,
            cacheType: .disk
        )
        guard let decoder = services.imageDecoder(for: context) else {
            loadFromSource()
            return
        }
        admission = admittingDecode(of: context, with: decoder, services: services) { [unowned self] error in
            self.send(.error(.decodingFailed(decoder: decoder, context: context, error: error)))
        } decode: { [unowned self] reservation in
            self.admission = nil
            self.decodeCachedData(data, with: decoder, context: context, reservation: reservation)
        }
    }

    private func decodeCachedData(
        _ data: Data,
        with decoder: any ImageDecoding,
        context: ImageDecodingContext,
        reservation: DecodeReservation?
    ) {
        let services = self.services
        runDecoding(
            with: decoder,
            on: services.imageDecodingQueue,
            workers: services.workers,
            timer: services.stageTimer(.decode, for: request),
            isSuccess: { (try? $0.get()) != nil }
        ) {
            services.decode(data, with: decoder, context: context)
        } completion: { [unowned self] result in
            if case .success(var container) = result {
                container.userInfo[.decodeReservationKey] = reservation
                let response = ImageResponse(container: container, request: self.request, cacheType: .disk)
                self.deliver(response, isCompleted: true, isFromDiskCache: true)
            } else {
                self.loadFromSource()  // A corrupt cache entry is not fatal: load it again.
            }
        }
    }

    // MARK: Source

    private func loadFromSource() {
        if request.options.contains(.returnCacheDataDontLoad), !services.caches.canAnswerWithoutLoading(request) {
            send(.error(.dataMissingInCache))
            return
        }
        if let processor = request.processors.last {
            let base = request.droppingLastProcessor(isShrinkOnLoadEnabled: services.isShrinkOnLoadEnabled)
            let job = services.loadImageJob(for: base)
            dependency = job.subscribe(.job(self), priority: priority) { event in
                self.receive(event, processor: processor)
            }
        } else {
            let job = services.fetchOriginalImageJob(for: request)
            dependency = job.subscribe(.job(self), priority: priority) { event in
                self.receive(event, processor: nil)
            }
        }
    }

    private func receive(_ event: Event, processor: (any ImageProcessing)?) {
        switch event {
        case let .value(response, isCompleted):
            if let processor {
                process(response, isCompleted: isCompleted, with: processor)
            } else {
                deliver(response, isCompleted: isCompleted, isFromDiskCache: false)
            }
        case .progress, .error:
            send(event)
        }
    }

    // MARK: Processing

    private func process(_ response: ImageResponse, isCompleted: Bool, with processor: any ImageProcessing) {
        if isCompleted {
            operation?.cancel()  // The final image supersedes a preview still being processed.
            operation = nil
            isProcessingPreview = false
        } else if isProcessingPreview {
            return  // Backpressure: at most one preview in flight.
        }
        isProcessingPreview = !isCompleted
        let request = self.request
        let context = ImageProcessingContext(
            request: request,
            response: response,
            isCompleted: isCompleted,
            maximumPixelCount: services.maximumDecodedPixelCount(for: request),
            maximumFrameCount: services.maximumAnimationFrameCount(for: request),
            resamplingKernel: services.resamplingKernel
        )
        let timer = isCompleted ? services.stageTimer(.process, for: request) : nil  // Not previews.
        operation = services.imageProcessingQueue.addWork(on: services.workers, priority: priority) {
            timer.timed { Result { try processor.processingAnimation(response.container, context: context) } }
        } completion: { result, span in
            timer.report(span, isSuccess: (try? result.get()) != nil)
            guard !self.isDisposed else { return }
            self.operation = nil
            self.isProcessingPreview = false
            switch result {
            case .success(var container):
                container.isPreview = !isCompleted
                var processed = response
                processed.container = container
                processed.request = request
                self.deliver(processed, isCompleted: isCompleted, isFromDiskCache: false)
            case .failure(let error):
                if isCompleted {
                    self.send(.error(.processingFailed(processor: processor, context: context, error: error)))
                }
            }
        }
    }

    // MARK: Delivery

    private func deliver(_ response: ImageResponse, isCompleted: Bool, isFromDiskCache: Bool) {
        var response = response
        if !response.request.isCopy(of: request) {
            response.request = request  // The request of this job, not of the one it consumed.
        }
        if hasDirectImageTask {
            services.caches.storeCachedImage(response.container, for: request)
            if isCompleted, !isFromDiskCache {
                storeEncodedImageIfNeeded(response)
            }
        }
        send(.value(response, isCompleted: isCompleted))
    }

    private func storeEncodedImageIfNeeded(_ response: ImageResponse) {
        guard !response.isPreview, shouldStoreEncodedImage(),
            services.caches.diskCache(forWriting: request) != nil
        else {
            return
        }
        let services = self.services
        let request = self.request
        let key = services.caches.makeDataCacheKey(for: request)
        let context = ImageEncodingContext(
            request: request,
            image: response.container,
            dataResponse: response.dataResponse,
            maximumFrameCount: services.maximumAnimationFrameCount(for: request)
        )
        let encoder = services.imageEncoder(for: context)
        let inFlight = services.workers.inFlight
        let timer = services.stageTimer(.encode, for: request)
        inFlight.begin()  // From now, not only once the encoding queue starts it: flush() waits.
        services.imageEncodingQueue.addWork(on: services.workers, priority: priority) {
            defer { inFlight.end() }
            let (data, span) = timer.timed { try? encoder.encode(response.container, context: context) }
            if let data { services.caches.storeCachedData(data, image: response.container, for: request, key: key) }
            return (span, data != nil)
        } completion: { span, isSuccess in
            timer.report(span, isSuccess: isSuccess)
        }
    }

    /// Decides whether this job's final image is encoded into the disk cache.
    ///
    /// `.disableDiskCacheWrites` is honoured for processed images too (see
    /// Docs/Decisions/0004-disk-writes-honour-request-options.md).
    private func shouldStoreEncodedImage() -> Bool {
        guard !request.options.contains(.disableDiskCacheWrites) else { return false }
        if case .imageClosure = request.resource, !request.isProcessed { return false }
        switch services.dataCachePolicy {
        case .automatic, .storeAll: return request.isProcessed
        case .storeEncodedImages: return true
        case .storeOriginalData: return false
        }
    }
}
