// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

#if canImport(FoundationEssentials)
    internal import FoundationEssentials
#else
    internal import Foundation
#endif

/// How a pipeline names, reads and writes its caches: keys (the delegate's or the request's),
/// the memory cache, the HTTP cache in front of the loader, the disk cache. Shared by the public
/// facade (``ImagePipeline/Cache``) and the jobs, so both follow the same policy.
struct PipelineCaches: Sendable {
    let pipeline: ImagePipeline

    // MARK: Keys

    /// The memory-cache key of a request: the delegate's custom key, or one made from the request.
    func makeImageCacheKey(for request: ImageRequest) -> ImageCacheKey {
        if let key = pipeline.delegate.cacheKey(for: request, pipeline: pipeline) { return ImageCacheKey(key: key) }
        return ImageCacheKey(request: request)
    }

    /// The disk-cache key of a request: the delegate's custom key, or `imageID` followed by the
    /// thumbnail identifier, the processor identifiers and the request's own colour management
    /// (when it sets one), with no separators.
    func makeDataCacheKey(for request: ImageRequest) -> String {
        if let key = pipeline.delegate.cacheKey(for: request, pipeline: pipeline) { return key }
        var key = request.imageID ?? ""
        if let thumbnail = request.thumbnail { key += thumbnail.identifier }
        for processor in request.processors { key += processor.identifier }
        if let policy = request.colorManagement { key += policy.identifier }
        return key
    }

    // MARK: Memory cache

    func cachedImage(for request: ImageRequest) -> ImageContainer? {
        guard !request.options.contains(.disableMemoryCacheReads),
            let cache = pipeline.delegate.imageCache(for: request, pipeline: pipeline)
        else { return nil }
        return cache[makeImageCacheKey(for: request)]
    }

    func storeCachedImage(_ container: ImageContainer, for request: ImageRequest) {
        guard !request.options.contains(.disableMemoryCacheWrites),
            !container.isPreview || pipeline.configuration.isStoringPreviewsInMemoryCache,
            let cache = pipeline.delegate.imageCache(for: request, pipeline: pipeline)
        else { return }
        var container = container
        container.userInfo[.decodeReservationKey] = nil  // The cache's cost limit bounds what it keeps.
        cache[makeImageCacheKey(for: request)] = container
    }

    // MARK: HTTP cache

    /// The HTTP cache for a request's network load: `http`/`https` only, not for local resources.
    func httpCache(for request: ImageRequest) -> (any HTTPCaching)? {
        guard let httpCache = pipeline.configuration.httpCache, let scheme = request.url?.scheme?.lowercased(),
            scheme == "http" || scheme == "https"
        else { return nil }
        return httpCache
    }

    /// Whether a request that must not load (`returnCacheDataDontLoad`) may still reach the
    /// loader, because the HTTP cache in front of it can answer without the network.
    func canAnswerWithoutLoading(_ request: ImageRequest) -> Bool {
        httpCache(for: request) != nil && !request.options.contains(.disableDiskCacheReads)
    }

    // MARK: Disk cache

    /// The disk cache a request writes to, if any (the delegate may choose per request).
    func diskCache(forWriting request: ImageRequest) -> (any DataCaching)? {
        pipeline.delegate.dataCache(for: request, pipeline: pipeline)
    }

    /// The disk cache a request reads from, unless it disables disk-cache reads.
    func diskCache(forReading request: ImageRequest) -> (any DataCaching)? {
        guard !request.options.contains(.disableDiskCacheReads) else { return nil }
        return pipeline.delegate.dataCache(for: request, pipeline: pipeline)
    }

    /// Stores data through the delegate's `willCache` hook (off the actor).
    func storeCachedData(_ data: Data, image: ImageContainer?, for request: ImageRequest, key: String) {
        guard let cache = pipeline.delegate.dataCache(for: request, pipeline: pipeline),
            let data = pipeline.delegate.willCache(data: data, image: image, for: request, pipeline: pipeline)
        else { return }
        cache.storeData(data, for: key)
    }
}
