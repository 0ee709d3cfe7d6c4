// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

public import Dispatch

#if canImport(FoundationEssentials)
    internal import FoundationEssentials
#else
    internal import Foundation
#endif

extension ImagePipeline {
    /// Everything that shapes a pipeline: its plugins, caches, policies, limits and queues.
    ///
    /// A value: the pipeline copies it at init, so changing your copy later has no effect.
    public struct Configuration: Sendable {
        // MARK: Plugins

        /// The plugins the pipeline selects decoders, encoders, loaders and processors from.
        public var registry = PluginRegistry()

        /// A loader for every request; `nil` (the default) selects one by URL scheme from
        /// ``registry``.
        public var dataLoader: (any DataLoading)?

        /// Makes the decoder for a download; `nil` (the default) asks ``registry``.
        public var makeImageDecoder: (@Sendable (ImageDecodingContext) -> (any ImageDecoding)?)?

        /// Makes the encoder for images written to the disk cache; `nil` (the default) uses
        /// ``ImageEncoders/Default`` over ``registry`` (opaque → JPEG, alpha → PNG).
        public var makeImageEncoder: (@Sendable (ImageEncodingContext) -> any ImageEncoding)?

        // MARK: Caches

        /// The memory cache (default: ``ImageCache/shared``); `nil` for none. After
        /// ``imageCacheName`` is set, the cache of that name in ``registry``.
        public var imageCache: (any ImageCaching)? {
            get { imageCacheChoice.resolved { registry.imageCache(named: $0) } }
            set { imageCacheChoice = .instance(newValue) }
        }

        /// The memory cache by its name in ``registry``: another spelling of ``imageCache``, looked
        /// up when read (so ``registry`` may change after). Setting either replaces the other;
        /// `nil` when the cache was given as an instance.
        public var imageCacheName: String? {
            get { imageCacheChoice.name }
            set { imageCacheChoice.setName(newValue) }
        }

        /// The disk (data) cache; `nil` (the default) for none. NukeDiskCache's `DataCache` and
        /// `withDataCache(name:sizeLimit:)` make one. After ``dataCacheName`` is set, the cache of
        /// that name in ``registry``.
        public var dataCache: (any DataCaching)? {
            get { dataCacheChoice.resolved { registry.dataCache(named: $0) } }
            set { dataCacheChoice = .instance(newValue) }
        }

        /// The disk cache by its name in ``registry``: another spelling of ``dataCache``, as
        /// ``imageCacheName`` is of ``imageCache``.
        public var dataCacheName: String? {
            get { dataCacheChoice.name }
            set { dataCacheChoice.setName(newValue) }
        }

        private var imageCacheChoice = CacheChoice<any ImageCaching>.instance(ImageCache.shared)
        private var dataCacheChoice = CacheChoice<any DataCaching>.instance(nil)

        /// The HTTP cache in front of the loader for `http` and `https` requests, honouring the
        /// server's caching headers; `nil` for none. NukeCore's default is none; `import Nuke`'s
        /// default configuration sets NukeDiskCache's `HTTPCache.shared`, and its
        /// `withDataCache` turns it off in favour of the validation-free ``dataCache``.
        public var httpCache: (any HTTPCaching)?

        /// What goes into the disk cache: original data, encoded processed images, or both.
        public var dataCachePolicy = DataCachePolicy.storeOriginalData

        /// Whether a request with processors or a thumbnail first looks for its processed image
        /// in ``dataCache`` (under its processed key), at every step of its processors.
        ///
        /// `true` (Nuke's behaviour): processed data may be there whatever ``dataCachePolicy``
        /// says now — written under another policy, or by ``ImagePipeline/Cache`` by hand. A
        /// pipeline whose data cache only ever holds originals (``DataCachePolicy/storeOriginalData``)
        /// can turn it off: each of those lookups misses, and on a remote cache (Redis) each is a
        /// round trip on the way to the original. A thumbnail request still reads the original's
        /// data to make its thumbnail from.
        public var isReadingProcessedImagesFromDataCache = true

        /// Whether previews are stored in the memory cache (replaced by the final image).
        public var isStoringPreviewsInMemoryCache = true

        // MARK: Behaviour

        /// Whether equivalent requests share work (downloads, decodes, each processing step).
        public var isTaskCoalescingEnabled = true

        /// Whether network requests pass through a token-bucket rate limiter (80/s, bursts of 25).
        public var isRateLimiterEnabled = true

        /// Whether partial downloads produce previews (see ``ImagePipeline/PreviewPolicy``).
        public var isProgressiveDecodingEnabled = false

        /// Whether a request whose first processor reduces the image (an ``ImageDownscaling``
        /// such as `Resize`) lets the decoder make a smaller image ("shrink-on-load": JPEG's DCT
        /// scaling, WebP's scaled decoding), at least as large as the processor needs. The
        /// processed result has the same size as from a full decode and differs by about one
        /// level on average; requests opt out with ``ImageRequest/Options/disableShrinkOnLoad``.
        public var isShrinkOnLoadEnabled = true

        /// The shortest time, in seconds, between two previews of one image.
        public var progressiveDecodingInterval: Double = 0.5

        /// The clock behind the pipeline's timers: the rate limiter's refills and retries and
        /// the interval between previews. Tests inject a manual clock.
        public var clock: any Clock<Duration> = ContinuousClock()

        /// Whether interrupted downloads resume with `Range` / `If-Range` requests.
        public var isResumableDataEnabled = true

        /// Whether `file:` and `data:` URLs are read directly, with no loader.
        public var isLocalResourcesSupportEnabled = true

        // MARK: Limits

        /// The largest response, in bytes, a download may have; larger ones fail with
        /// ``ImagePipeline/Error/dataDownloadExceededMaximumSize``. `nil` disables the check.
        public var maximumResponseDataSize: Int? = Configuration.defaultMaximumResponseDataSize

        /// The largest `width × height` a decoder may allocate (decompression-bomb guard). It is
        /// also the memory budget of one decode (as many RGBA pixels: what the output, libjpeg's
        /// coefficient buffers and an animation's canvases may take together) and the largest
        /// output a processor may make.
        public var maximumDecodedPixelCount = Configuration.defaultMaximumDecodedPixelCount

        /// The most frames an animated image (GIF, WebP) may have (50,000); more fail with
        /// ``ImageDecodingError/tooManyFrames(limit:)``.
        public var maximumAnimationFrameCount = Configuration.defaultMaximumAnimationFrameCount

        /// What happens to the colour profile of decoded images: by default, with a colour manager
        /// registered (NukeLCMS), pixels are converted to sRGB with the perceptual intent;
        /// ``ColorManagementPolicy/keepOriginalProfile`` leaves them and carries the profile.
        public var colorManagement: ColorManagementPolicy = .convertToSRGB()

        /// The most bytes of composited frames each animated image keeps in memory (64 MiB);
        /// frames beyond it are composited again when shown again.
        public var animationMemoryBudget = ImageAnimation.defaultMemoryBudget

        /// Where decoded sources are kept to serve later requests of other sizes (decode reuse);
        /// `nil`, the default, keeps none. A kept decode serves a request whose first processor
        /// it is large enough for (``ImageDownscaling/minimumInputSize(width:height:)``), or any
        /// request when it is the full image: the result has the same size as from a fresh
        /// decode, and, when the kept decode is at a larger scale than the request's own decode
        /// would be, slightly different pixels. Plain URL requests only, keyed by source, scale,
        /// limits and colour management, following their memory-cache options; give each
        /// pipeline its own cache. Kept images keep their ``DecodeReservation``.
        public var decodedSourceCache: (any ImageCaching)?

        /// What each final decode waits for before it starts, by the memory it will hold (a
        /// server's byte budget); `nil`, the default, starts decodes as their queue allows.
        public var decodeAdmission: (any DecodeAdmitting)?

        // MARK: Queues

        /// Limits concurrent downloads (6).
        public var dataLoadingQueue = TaskQueue(maxConcurrentOperationCount: 6)

        /// Limits concurrent decodes (one per core: decoding here is eager and CPU-bound).
        public var imageDecodingQueue = TaskQueue(
            maxConcurrentOperationCount: ProcessInfo.processInfo.activeProcessorCount
        )

        /// Limits concurrent processing (2).
        public var imageProcessingQueue = TaskQueue(maxConcurrentOperationCount: 2)

        /// Limits concurrent encodes for the disk cache (1).
        public var imageEncodingQueue = TaskQueue(maxConcurrentOperationCount: 1)

        /// The threads that run decoding, processing, encoding, disk-cache reads and stores and
        /// `file:` reads, off the Swift cooperative pool (default:
        /// ``ImagePipeline/WorkerPool/shared``, one thread per core shared by every pipeline).
        /// The queues above bound how much of each kind of work runs at once; the pool bounds
        /// the threads.
        public var workerPool = WorkerPool.shared

        /// Where the closure-based APIs call their callbacks; `nil` uses a serial queue owned by
        /// the pipeline. Set `.main` in apps that run a main loop.
        public var callbackQueue: DispatchQueue?

        /// Creates the default configuration.
        public init() {}

        /// Creates a configuration with a registry.
        public init(registry: PluginRegistry) {
            self.registry = registry
        }

        /// The default ``maximumResponseDataSize``: a tenth of the memory available to the process
        /// (the cgroup limit when set), at most 200 MiB.
        public static var defaultMaximumResponseDataSize: Int {
            Int(min(200 * 1024 * 1024, SystemMemory.available / 10))
        }

        /// The default ``maximumAnimationFrameCount``: 50,000.
        public static let defaultMaximumAnimationFrameCount = 50_000

        /// The default ``maximumDecodedPixelCount``: a sixteenth of available memory in pixels
        /// (a quarter of it as RGBA), at most 100 megapixels (the largest camera sensors; Pillow
        /// refuses from 179 MP, imgproxy from 50 MP).
        public static var defaultMaximumDecodedPixelCount: Int {
            Int(min(100_000_000, SystemMemory.available / 16))
        }
    }

    /// What the pipeline writes to the disk cache.
    public enum DataCachePolicy: Hashable, Sendable {
        /// Original data for requests without processing; encoded processed images for requests
        /// with processors or a thumbnail. Local resources: processed images only.
        case automatic
        /// Original data only (the default); nothing for local resources.
        case storeOriginalData
        /// Encoded final images of every request, never original data.
        case storeEncodedImages
        /// Original data and encoded processed images.
        case storeAll
    }
}
