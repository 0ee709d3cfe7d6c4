// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

extension ImageRequest {
    /// Per-request switches for caches and queues.
    public struct Options: OptionSet, Hashable, Sendable {
        /// The bits.
        public let rawValue: UInt16

        /// Creates options from bits.
        public init(rawValue: UInt16) {
            self.rawValue = rawValue
        }

        /// Do not read from the memory cache.
        public static let disableMemoryCacheReads = Options(rawValue: 1 << 0)
        /// Do not write to the memory cache.
        public static let disableMemoryCacheWrites = Options(rawValue: 1 << 1)
        /// Neither read from nor write to the memory cache.
        public static let disableMemoryCache: Options = [.disableMemoryCacheReads, .disableMemoryCacheWrites]
        /// Do not read from the disk (data) cache.
        public static let disableDiskCacheReads = Options(rawValue: 1 << 2)
        /// Do not write to the disk (data) cache, neither original data nor processed images.
        public static let disableDiskCacheWrites = Options(rawValue: 1 << 3)
        /// Neither read from nor write to the disk cache.
        public static let disableDiskCache: Options = [.disableDiskCacheReads, .disableDiskCacheWrites]
        /// Skip the memory and disk caches when reading, but still write what is loaded. The
        /// pipeline's HTTP cache (``ImagePipeline/Configuration/httpCache``) is skipped too; an
        /// HTTP cache inside a custom loader is not affected.
        public static let reloadIgnoringCachedData: Options = [.disableMemoryCacheReads, .disableDiskCacheReads]
        /// Serve from the caches only (the HTTP cache included, stale responses too unless marked
        /// `must-revalidate`); fail with ``ImagePipeline/Error/dataMissingInCache`` if absent.
        public static let returnCacheDataDontLoad = Options(rawValue: 1 << 4)
        /// Skip the post-decoding hook (kept for Nuke compatibility; decoders here output
        /// display-ready bitmaps, so there is nothing to decompress).
        public static let skipDecompression = Options(rawValue: 1 << 5)
        /// Start the download at once, bypassing the data-loading queue and the rate limiter.
        public static let skipDataLoadingQueue = Options(rawValue: 1 << 6)
        /// Decode the full image even when the first processor reduces it (see
        /// ``ImagePipeline/Configuration/isShrinkOnLoadEnabled``).
        public static let disableShrinkOnLoad = Options(rawValue: 1 << 7)
    }
}
