// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

#if canImport(FoundationEssentials)
    public import FoundationEssentials
#else
    public import Foundation
#endif

extension ImagePipeline {
    /// Direct access to the pipeline's memory and disk caches, with the pipeline's keys, delegate
    /// hooks, decoders and encoders. Every method is synchronous and may be called from any thread.
    public nonisolated var cache: Cache { Cache(pipeline: self) }

    /// A facade over a pipeline's caches (``ImagePipeline/cache``).
    ///
    /// Request options are honoured: `.disableMemoryCacheReads`/`Writes` and
    /// `.disableDiskCacheReads`/`Writes` turn the matching layer off for that request.
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
            /// The disk cache.
            public static let disk = Caches(rawValue: 1 << 1)
            /// Both.
            public static let all: Caches = [.memory, .disk]
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

        /// The cached image for `request`: from memory, else decoded from disk data (with
        /// the delegate's decoder; the result is not put into memory).
        public func cachedImage(for request: ImageRequest, caches: Caches = .all) -> ImageContainer? {
            if caches.contains(.memory), let image = policy.cachedImage(for: request) {
                return image
            }
            guard caches.contains(.disk), let data = cachedData(for: request) else { return nil }
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
                maximumFrameCount: pipeline.configuration.maximumAnimationFrameCount
            )
            let encoder = pipeline.delegate.imageEncoder(for: context, pipeline: pipeline)
            guard let data = try? encoder.encode(image, context: context) else { return }
            policy.storeCachedData(data, image: image, for: request, key: makeDataCacheKey(for: request))
        }

        /// Removes the image for `request` from the chosen layers.
        public func removeCachedImage(for request: ImageRequest, caches: Caches = .all) {
            if caches.contains(.memory) {
                pipeline.delegate.imageCache(for: request, pipeline: pipeline)?[makeImageCacheKey(for: request)] = nil
            }
            if caches.contains(.disk) {
                removeCachedData(for: request)
            }
        }

        /// `true` if an image for `request` is in one of the chosen layers (disk data is not
        /// decoded).
        public func containsCachedImage(for request: ImageRequest, caches: Caches = .all) -> Bool {
            (caches.contains(.memory) && policy.cachedImage(for: request) != nil)
                || (caches.contains(.disk) && containsData(for: request))
        }

        // MARK: Data

        /// The disk-cache data for `request`.
        public func cachedData(for request: ImageRequest) -> Data? {
            policy.diskCache(forReading: request)?.cachedData(for: makeDataCacheKey(for: request))
        }

        /// Stores data for `request` in the disk cache (through the delegate's `willCache`).
        public func storeCachedData(_ data: Data, for request: ImageRequest) {
            guard !request.options.contains(.disableDiskCacheWrites) else { return }
            policy.storeCachedData(data, image: nil, for: request, key: makeDataCacheKey(for: request))
        }

        /// `true` if the disk cache has data for `request`.
        public func containsData(for request: ImageRequest) -> Bool {
            policy.diskCache(forReading: request)?.containsData(for: makeDataCacheKey(for: request)) ?? false
        }

        /// Removes the disk-cache data for `request`.
        public func removeCachedData(for request: ImageRequest) {
            pipeline.delegate.dataCache(for: request, pipeline: pipeline)?.removeData(
                for: makeDataCacheKey(for: request)
            )
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

        /// Empties the pipeline's caches in the chosen layers.
        public func removeAll(caches: Caches = .all) {
            if caches.contains(.memory) { pipeline.imageCache?.removeAll() }
            if caches.contains(.disk) { pipeline.dataCache?.removeAll() }
        }
    }
}
