// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

#if canImport(FoundationEssentials)
    public import FoundationEssentials
#else
    public import Foundation
#endif

extension ImagePipeline {
    /// Direct access to every cache layer of the pipeline — memory, disk (data cache) and the HTTP
    /// cache downloads land in — with the pipeline's keys, delegate hooks, decoders and encoders.
    /// Every method is synchronous and may be called from any thread.
    public nonisolated var cache: Cache { Cache(pipeline: self) }

    /// A facade over a pipeline's caches (``ImagePipeline/cache``).
    ///
    /// Request options are honoured: `.disableMemoryCacheReads`/`Writes` and
    /// `.disableDiskCacheReads`/`Writes` turn the matching layer off for that request (reads from
    /// the HTTP cache count as disk reads, as they do for the pipeline's loads).
    ///
    /// The HTTP cache (``ImagePipeline/Configuration/httpCache``, on by default) holds original
    /// downloads by URL. Removing an image removes its URL's response there too, so it does not
    /// come back from that cache without the network (Nuke's issue #700); reads fall back to it
    /// for requests with no processors and no thumbnail, whose image is the original.
    public struct Cache: Sendable {
        /// The cache layers an operation touches.
        public struct Caches: OptionSet, Hashable, Sendable {
            /// The raw bits.
            public let rawValue: Int

            /// Creates a set from raw bits.
            public init(rawValue: Int) {
                self.rawValue = rawValue
            }

            /// The memory cache.
            public static let memory = Caches(rawValue: 1 << 0)
            /// The disk cache (``ImagePipeline/Configuration/dataCache``).
            public static let disk = Caches(rawValue: 1 << 1)
            /// The HTTP cache's stored response for the request's URL
            /// (``ImagePipeline/Configuration/httpCache``; `http` and `https` URLs only).
            public static let http = Caches(rawValue: 1 << 2)
            /// Every layer.
            public static let all: Caches = [.memory, .disk, .http]
        }

        /// The pipeline whose caches this is.
        public let pipeline: ImagePipeline

        /// The keys and rules the pipeline's jobs use too.
        private var policy: PipelineCaches { PipelineCaches(pipeline: pipeline) }

        // MARK: Memory subscripts

        /// The image in the memory cache for a request to `url`; assigning `nil` removes it.
        public subscript(url: URL) -> ImageContainer? {
            get { self[ImageRequest(url: url)] }
            nonmutating set { self[ImageRequest(url: url)] = newValue }
        }

        /// The image in the memory cache for `request`; assigning `nil` removes it.
        public subscript(request: ImageRequest) -> ImageContainer? {
            get { cachedImage(for: request, caches: .memory) }
            nonmutating set {
                if let newValue {
                    storeCachedImage(newValue, for: request, caches: .memory)
                } else {
                    removeCachedImage(for: request, caches: .memory)
                }
            }
        }

        // MARK: Images

        /// The cached image for `request`: from memory, else decoded from disk data, else (for a
        /// request with no processors and no thumbnail) decoded from the HTTP cache's response —
        /// with the delegate's decoder; the result is not put into memory.
        public func cachedImage(for request: ImageRequest, caches: Caches = .all) -> ImageContainer? {
            if caches.contains(.memory), let image = policy.cachedImage(for: request) {
                return image
            }
            guard let data = cachedData(for: request, caches: caches) else { return nil }
            let context = pipeline.makeDecodingContext(
                request: request,
                data: data,
                isCompleted: true,
                dataResponse: nil,
                cacheType: .disk
            )
            guard let decoder = pipeline.delegate.imageDecoder(for: context, pipeline: pipeline),
                case .success(let container) = pipeline.decode(data, with: decoder, context: context)
            else { return nil }
            return container
        }

        /// Stores an image: in memory as is, on disk encoded with the delegate's encoder. Previews
        /// never go to disk.
        public func storeCachedImage(_ image: ImageContainer, for request: ImageRequest, caches: Caches = .all) {
            if caches.contains(.memory) {
                policy.storeCachedImage(image, for: request)
            }
            guard caches.contains(.disk), !image.isPreview, !request.options.contains(.disableDiskCacheWrites) else {
                return
            }
            let context = ImageEncodingContext(
                request: request,
                image: image,
                maximumFrameCount: pipeline.configuration.maximumAnimationFrameCount(for: request)
            )
            let encoder = pipeline.delegate.imageEncoder(for: context, pipeline: pipeline)
            guard let data = try? encoder.encode(image, context: context) else { return }
            policy.storeCachedData(data, image: image, for: request, key: makeDataCacheKey(for: request))
        }

        /// Removes the image for `request` from the chosen layers; with ``Caches/http``, the
        /// original response of its URL too, whatever the request's processors.
        public func removeCachedImage(for request: ImageRequest, caches: Caches = .all) {
            if caches.contains(.memory) {
                pipeline.delegate.imageCache(for: request, pipeline: pipeline)?[makeImageCacheKey(for: request)] = nil
            }
            removeCachedData(for: request, caches: caches)
        }

        /// `true` if an image for `request` is in one of the chosen layers (disk data is not
        /// decoded; the HTTP cache counts for requests with no processors and no thumbnail).
        public func containsCachedImage(for request: ImageRequest, caches: Caches = .all) -> Bool {
            (caches.contains(.memory) && policy.cachedImage(for: request) != nil)
                || containsData(for: request, caches: caches)
        }

        // MARK: Data

        /// The cached data for `request`: the disk cache's, else — for a request with no processors
        /// and no thumbnail — the body the HTTP cache stored for its URL, fresh or not.
        public func cachedData(for request: ImageRequest) -> Data? {
            cachedData(for: request, caches: .all)
        }

        /// Stores data for `request` in the disk cache (through the delegate's `willCache`).
        public func storeCachedData(_ data: Data, for request: ImageRequest) {
            guard !request.options.contains(.disableDiskCacheWrites) else { return }
            policy.storeCachedData(data, image: nil, for: request, key: makeDataCacheKey(for: request))
        }

        /// `true` if ``cachedData(for:)`` would find data for `request`.
        public func containsData(for request: ImageRequest) -> Bool {
            containsData(for: request, caches: .all)
        }

        /// Removes the disk-cache data for `request` and the HTTP cache's response for its URL.
        public func removeCachedData(for request: ImageRequest) {
            removeCachedData(for: request, caches: .all)
        }

        private func cachedData(for request: ImageRequest, caches: Caches) -> Data? {
            if caches.contains(.disk),
                let data = policy.diskCache(forReading: request)?.cachedData(for: makeDataCacheKey(for: request))
            {
                return data
            }
            guard caches.contains(.http), let (cache, url) = httpCacheHoldingImage(of: request) else { return nil }
            return cache.cachedData(for: url)
        }

        private func containsData(for request: ImageRequest, caches: Caches) -> Bool {
            if caches.contains(.disk),
                policy.diskCache(forReading: request)?.containsData(for: makeDataCacheKey(for: request)) == true
            {
                return true
            }
            guard caches.contains(.http), let (cache, url) = httpCacheHoldingImage(of: request) else { return false }
            return cache.containsData(for: url)
        }

        private func removeCachedData(for request: ImageRequest, caches: Caches) {
            if caches.contains(.disk) {
                pipeline.delegate.dataCache(for: request, pipeline: pipeline)?.removeData(
                    for: makeDataCacheKey(for: request)
                )
            }
            if caches.contains(.http), let cache = policy.httpCache(for: request), let url = request.url {
                cache.removeData(for: url)
            }
        }

        /// The HTTP cache and URL whose stored body is the image `request` asks for: only an
        /// unprocessed request's image is the original download, and only if it may read disk.
        private func httpCacheHoldingImage(of request: ImageRequest) -> (any HTTPCaching, URL)? {
            guard !request.isProcessed, !request.options.contains(.disableDiskCacheReads),
                let cache = policy.httpCache(for: request), let url = request.url
            else { return nil }
            return (cache, url)
        }

        // MARK: Keys and clearing

        /// The memory-cache key the pipeline uses for `request`.
        public func makeImageCacheKey(for request: ImageRequest) -> ImageCacheKey {
            policy.makeImageCacheKey(for: request)
        }

        /// The disk-cache key the pipeline uses for `request`.
        public func makeDataCacheKey(for request: ImageRequest) -> String {
            policy.makeDataCacheKey(for: request)
        }

        /// Empties the pipeline's caches in the chosen layers. The HTTP cache may be shared with
        /// other pipelines (`import Nuke`'s default is one shared cache): they lose its responses too.
        public func removeAll(caches: Caches = .all) {
            if caches.contains(.memory) { pipeline.imageCache?.removeAll() }
            if caches.contains(.disk) { pipeline.dataCache?.removeAll() }
            if caches.contains(.http) { pipeline.configuration.httpCache?.removeAll() }
        }
    }
}
