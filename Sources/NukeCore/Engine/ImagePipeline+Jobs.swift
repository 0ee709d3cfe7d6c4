#if canImport(FoundationEssentials)
    internal import FoundationEssentials
#else
    internal import Foundation
#endif

extension ImagePipeline {
    func makeLoadImageJob(for request: ImageRequest) -> Job<ImageResponse> {
        loadImageJobs.job(for: LoadImageKey(request)) { LoadImageJob(pipeline: self, request: request) }
    }

    func makeFetchOriginalImageJob(for request: ImageRequest) -> Job<ImageResponse> {
        fetchOriginalImageJobs.job(for: FetchOriginalImageKey(request)) {
            FetchOriginalImageJob(pipeline: self, request: request)
        }
    }

    func makeFetchOriginalDataJob(for request: ImageRequest) -> Job<(Data, DataResponse?)> {
        fetchOriginalDataJobs.job(for: FetchOriginalDataKey(request)) {
            FetchOriginalDataJob(pipeline: self, request: request)
        }
    }

    func makeLoadDataJob(for request: ImageRequest) -> Job<(Data, DataResponse?)> {
        let request = request.withoutProcessors(keepingThumbnail: false)
        return loadDataJobs.job(for: LoadDataKey(request)) { LoadDataJob(pipeline: self, request: request) }
    }
}

extension ImagePipeline {
    // MARK: Keys

    /// The memory-cache key of a request: the delegate's custom key, or one made from the request.
    nonisolated func makeImageCacheKey(for request: ImageRequest) -> ImageCacheKey {
        if let key = delegate.cacheKey(for: request, pipeline: self) { return ImageCacheKey(key: key) }
        return ImageCacheKey(request: request)
    }

    /// The disk-cache key of a request: the delegate's custom key, or `imageID` followed by the
    /// thumbnail identifier and the processor identifiers, with no separators.
    nonisolated func makeDataCacheKey(for request: ImageRequest) -> String {
        if let key = delegate.cacheKey(for: request, pipeline: self) { return key }
        var key = request.imageID ?? ""
        if let thumbnail = request.thumbnail { key += thumbnail.identifier }
        for processor in request.processors { key += processor.identifier }
        return key
    }

    // MARK: Memory cache

    nonisolated func cachedImage(for request: ImageRequest) -> ImageContainer? {
        guard !request.options.contains(.disableMemoryCacheReads),
            let cache = delegate.imageCache(for: request, pipeline: self)
        else { return nil }
        return cache[makeImageCacheKey(for: request)]
    }

    nonisolated func storeCachedImage(_ container: ImageContainer, for request: ImageRequest) {
        guard !request.options.contains(.disableMemoryCacheWrites),
            !container.isPreview || configuration.isStoringPreviewsInMemoryCache,
            let cache = delegate.imageCache(for: request, pipeline: self)
        else { return }
        cache[makeImageCacheKey(for: request)] = container
    }

    // MARK: HTTP cache

    /// The HTTP cache for a request's network load: `http`/`https` only, not for local resources.
    nonisolated func httpCache(for request: ImageRequest) -> HTTPCache? {
        guard let httpCache = configuration.httpCache, let scheme = request.url?.scheme?.lowercased(),
            scheme == "http" || scheme == "https"
        else { return nil }
        return httpCache
    }

    /// Whether a request that must not load (`returnCacheDataDontLoad`) may still reach the
    /// loader, because the HTTP cache in front of it can answer without the network.
    nonisolated func canAnswerWithoutLoading(_ request: ImageRequest) -> Bool {
        httpCache(for: request) != nil && !request.options.contains(.disableDiskCacheReads)
    }

    // MARK: Disk cache

    nonisolated func diskCache(forReading request: ImageRequest) -> (any DataCaching)? {
        guard !request.options.contains(.disableDiskCacheReads) else { return nil }
        return delegate.dataCache(for: request, pipeline: self)
    }

    /// Reads the first of `keys` that `cache` holds on the worker pool, then calls `completion`
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

    /// Stores data through the delegate's `willCache` hook (off the actor).
    nonisolated func storeCachedData(_ data: Data, image: ImageContainer?, for request: ImageRequest, key: String) {
        guard let cache = delegate.dataCache(for: request, pipeline: self),
            let data = delegate.willCache(data: data, image: image, for: request, pipeline: self)
        else { return }
        cache.storeData(data, for: key)
    }

    // MARK: Decoding

    nonisolated func makeDecodingContext(
        request: ImageRequest,
        data: Data,
        isCompleted: Bool,
        dataResponse: DataResponse?,
        cacheType: ImageResponse.CacheType? = nil,
        previewPolicy: PreviewPolicy = .incremental
    ) -> ImageDecodingContext {
        ImageDecodingContext(
            request: request,
            data: data,
            isCompleted: isCompleted,
            dataResponse: dataResponse,
            cacheType: cacheType,
            previewPolicy: previewPolicy,
            maximumPixelCount: configuration.maximumDecodedPixelCount,
            animationMemoryBudget: configuration.animationMemoryBudget
        )
    }

    /// Decodes on the calling (background) thread and checks the result against the pixel limit,
    /// as a second line of defence behind decoders' own header checks.
    nonisolated func decode(
        _ data: Data,
        with decoder: any ImageDecoding,
        context: ImageDecodingContext
    ) -> Result<ImageContainer, Error> {
        do {
            var container = try decoder.decode(data)
            let image = container.image
            if image.pixelCount > context.maximumPixelCount {
                throw ImageDecodingError.imageTooLarge(
                    width: image.width,
                    height: image.height,
                    limit: context.maximumPixelCount
                )
            }
            if container.type == nil { container.type = context.assetType }
            return .success(container)
        } catch {
            return .failure(.decodingFailed(decoder: decoder, context: context, error: error))
        }
    }
}
