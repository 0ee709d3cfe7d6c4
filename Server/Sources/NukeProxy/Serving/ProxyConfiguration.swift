// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

public import Foundation
public import Logging
public import Nuke

/// How an ``ImageProxy`` reads URLs and what it allows. The defaults are the safe ones: a
/// signature required (set ``signature``, or ``allowsUnsignedURLs`` knowingly), no `nuke:`
/// processors, limits on the path, the result and the chain.
public struct ProxyConfiguration: Sendable {
    /// The keys signatures are checked against; `nil` with ``allowsUnsignedURLs`` off refuses
    /// every request.
    public var signature: URLSignature?
    /// Accept any text in the signature segment. Only for development: `nuke-server` allows it
    /// only when bound to loopback.
    public var allowsUnsignedURLs = false
    /// Which sources are fetched.
    public var sources = SourcePolicy()
    /// Let the pipeline's loaders connect to loopback, private, link-local (the cloud metadata
    /// address among them) and other non-public addresses (`nuke-server
    /// --allow-private-addresses`). Off, an ``ImageProxy`` refuses a pipeline whose `http` or
    /// `https` loader does not deny them (see `AddressPolicy.publicInternetOnly`).
    public var allowsPrivateAddresses = false
    /// Named option lists (`pr:name`); the one named `default` applies to every request first.
    public var presets: [String: [ProxyOption]] = [:]
    /// Read only preset names (imgproxy's "only presets" mode): the first segment's
    /// colon-separated names, or `pr:` options; refuse anything else.
    public var onlyPresets = false
    /// A path prefix every image URL starts with (imgproxy's `IMGPROXY_PATH_PREFIX`, such as
    /// `/images`), removed before the signature is checked; empty for none.
    public var pathPrefix = ""
    /// The processor names the `nuke:` option may use (empty: the option is refused).
    public var allowedProcessors: Set<String> = []
    /// The most processors one request may run.
    public var maximumChainLength = 8
    /// The longest path accepted, in bytes.
    public var maximumPathLength = 8192
    /// The largest result width or height, in pixels.
    public var maximumResultDimension = 8192
    /// The most pixels of each frame of an animated source (imgproxy's
    /// `IMGPROXY_MAX_ANIMATION_FRAME_RESOLUTION`), which then replaces the pipeline's decoded
    /// pixel limit for animations; `nil`, the default, holds every frame to that limit. Needs a
    /// registry that records ``SourceFacts`` (``ImageProxy``'s own does).
    public var maximumAnimationFramePixels: Int?
    /// Scale a result that would pass ``maximumResultDimension`` (or the URL's `mrd`) down to
    /// fit, as imgproxy does, instead of refusing it (400): the resize fits the whole result —
    /// the image with its extend and padding — into the limit. Results that pass it otherwise
    /// (a source served unprocessed, a `nuke:` processor) are still refused.
    public var scalesDownLargeResults = false
    /// Let URLs replace the source and result limits (`msr`, `msfs`, `maf`, `mrd`; imgproxy's
    /// `IMGPROXY_ALLOW_SECURITY_OPTIONS`); off, a URL with one is refused (403). Whoever signs
    /// URLs can then raise them: the pipeline's limits still stop the others' requests, and a
    /// loader's own size limit stops every download.
    public var allowsSecurityOptions = false
    /// The option names a URL may use, as written in it (`w`, `width`, `pr`…; imgproxy's
    /// `IMGPROXY_ALLOWED_PROCESSING_OPTIONS`); `nil` allows every one. Others are refused (403);
    /// what presets hold is not checked.
    public var allowedOptionNames: Set<String>?
    /// A token every request must carry as `Authorization: Bearer <secret>` (imgproxy's
    /// `IMGPROXY_SECRET`), compared in constant time; `nil` asks for none. Others get 403.
    public var secret: String?
    /// Whether results of `http` and `https` sources carry `Link: <source>; rel="canonical"`
    /// (imgproxy's `IMGPROXY_SET_CANONICAL_HEADER`), so search engines index the source.
    public var setsCanonicalHeader = false
    /// Signatures accepted for any path (imgproxy's `IMGPROXY_TRUSTED_SIGNATURES`), each compared
    /// in constant time: whoever knows one may ask for anything, so keep them as secret as keys.
    public var trustedSignatures: [String] = []
    /// The quality when the URL gives none.
    public var defaultQuality = 80
    /// A format's own quality when the URL gives none (imgproxy's `IMGPROXY_FORMAT_QUALITY`); a
    /// URL's `fq` overrides it per format, its `q` for every format. Formats without one take
    /// ``defaultQuality``.
    public var formatQualities = Self.defaultFormatQualities
    /// The formats' own qualities by default: where WebP, JPEG XL, AVIF (libaom at the proxy's
    /// speed) and HEIC (x265) score what JPEG at quality 80 scores (SSIMULACRA2) on photos
    /// resized to 640 and 1280 px, with fewer bytes (`nuke-benchmarks formats`); JPEG q80 is the
    /// reference quality.
    public static let defaultFormatQualities: [OutputFormat: Int] = [.webp: 85, .jxl: 77, .avif: 75, .heic: 50]
    /// The `Access-Control-Allow-Origin` every image response of NukeHummingbird's `router()` and
    /// NukeVapor's routes carries (`*` or one origin, such as `https://app.example.com`), so pages
    /// there can read results (a canvas, `fetch`); `nil` sends none (imgproxy's
    /// `IMGPROXY_ALLOW_ORIGIN`). With a router of your own, add the CORS middleware to the image
    /// routes.
    public var allowedOrigin: String?
    /// The level at which NukeHummingbird's `router()` and NukeVapor's routes log each image
    /// request once answered (method, path, status, time, size: ``ProxyRequestLog``); `nil` logs
    /// none.
    public var requestLogLevel: Logger.Level? = .info
    /// Whether a request's own trace context (W3C `traceparent`) becomes the parent of its span
    /// (the tracing middleware); off by default, as imgproxy's
    /// `IMGPROXY_OPEN_TELEMETRY_PROPAGATE_EXTERNAL`: turn it on behind a proxy or load balancer
    /// that starts the traces, where clients cannot choose trace ids and sampling.
    public var continuesIncomingTraces = false
    /// Answer with WebP when no format is asked for and the client's `Accept` lists it, animated
    /// results included.
    public var negotiatesWebP = true
    /// Answer with AVIF (before WebP) when no format is asked for and the client's `Accept`
    /// lists it; off by default, as an AVIF costs several WebPs to encode. Animated results stay
    /// animated: WebP when negotiated, else a format of ``preferredFormats``.
    public var negotiatesAVIF = false
    /// Answer with JPEG XL (before AVIF and WebP, as imgproxy orders them) when no format is asked
    /// for and the client's `Accept` lists it: at its default quality (``formatQualities``) it
    /// costs half a WebP's CPU for fewer bytes at the same score (`nuke-benchmarks formats`).
    /// Animated results stay animated as with AVIF.
    public var negotiatesJPEGXL = true
    /// The formats that replace even one a URL asks for (`f`, `@ext`) when the client's `Accept`
    /// lists them (imgproxy's `IMGPROXY_ENFORCE_WEBP`, `_AVIF`, `_JXL`), in negotiation's order;
    /// an enforced format is negotiated too. Animated results are only ever given WebP.
    public var enforcedFormats: Set<OutputFormat> = []
    /// The formats of a result none was asked for nor negotiated for (imgproxy's
    /// `IMGPROXY_PREFERRED_FORMATS`): the source's own when it is one of these and holds the
    /// result (its animation, its transparency), else the first of these that does. JPEG XL
    /// sources are not served as JPEG XL unless it is listed (few browsers show it).
    public var preferredFormats = defaultPreferredFormats
    /// ``preferredFormats`` unless set: the source's own format where browsers show it.
    public static let defaultPreferredFormats: [OutputFormat] = [.jpeg, .png, .gif, .webp, .avif]
    /// How small a decode resizes accept (``ShrinkOnLoadRule``): `.fast`, as thumbnailers do.
    public var shrinkOnLoad = ShrinkOnLoadRule.fast
    /// `Cache-Control: public, max-age=…` of successful responses, in seconds.
    public var cacheMaxAge = 31_536_000
    /// Answer with the source's `Cache-Control` (or a `max-age` until its `Expires`) when the
    /// URL has no `exp:` (imgproxy's `IMGPROXY_CACHE_CONTROL_PASSTHROUGH`); sources that send
    /// neither get ``cacheMaxAge``.
    public var passesCacheControlThrough = false
    /// Send the source's `Last-Modified` with its results, and answer 304 to an
    /// `If-Modified-Since` no older than it when the request has no `If-None-Match`
    /// (imgproxy's `IMGPROXY_USE_LAST_MODIFIED`).
    public var sendsLastModified = false
    /// Send `X-Origin-Width`, `X-Origin-Height`, `X-Origin-Content-Length`, `X-Result-Width` and
    /// `X-Result-Height` with results (imgproxy's `IMGPROXY_ENABLE_DEBUG_HEADERS`).
    public var sendsDebugHeaders = false
    /// The most requests admitted at once (loading, decoding, processing or waiting for it);
    /// past it, 429.
    public var maximumConcurrentRequests = 256
    /// The most bytes that decodes and downloads in flight may hold (a ``MemoryBudget``); `nil`,
    /// the default, is ``MemoryBudget/defaultBudget(reserving:)`` less the memory cache's limit.
    public var memoryBudget: Int?
    /// The most bytes of decoded sources kept to serve other sizes of the same source (the
    /// pipeline's `decodedSourceCache`); `nil`, the default, is a quarter of the memory budget, at
    /// most 128 MiB; 0 keeps none. They count in the budget and are dropped first when work has to wait.
    public var decodedSourceCacheSize: Int?
    /// The longest a request waits for memory; past it, 503 with `Retry-After`.
    public var memoryQueueTimeout = Duration.seconds(10)
    /// The longest a request may take; past it, 504.
    public var requestTimeout = Duration.seconds(30)
    /// The image `wm:` draws (imgproxy's `IMGPROXY_WATERMARK_PATH`); `nil` refuses `wm:`.
    public var watermark: Watermark?
    /// The wall clock `exp:` is checked against, in seconds since 1970 (the system's by
    /// default; tests set their own).
    public var currentTime: @Sendable () -> Int64 = { Int64(Date().timeIntervalSince1970) }

    /// The server's watermark: the image, a name for it in cache keys, its base opacity.
    public struct Watermark: Sendable {
        /// The decoded image.
        public var image: Bitmap
        /// Names the image in processor identifiers, so results made with another image do not
        /// share cache entries: a digest of its file, for example.
        public var id: String
        /// The opacity `wm:`'s own multiplies (imgproxy's `IMGPROXY_WATERMARK_OPACITY`), 0–1.
        public var opacity: Double

        /// Creates a watermark.
        public init(image: Bitmap, id: String, opacity: Double = 1) {
            self.image = image
            self.id = id
            self.opacity = opacity
        }
    }

    /// The image served, processed as asked, in place of a source that cannot be had
    /// (imgproxy's `IMGPROXY_FALLBACK_IMAGE_PATH`); `nil` answers with the error.
    public var fallbackImage: FallbackImage?

    /// An image served when the source is missing, unreachable, too slow or not an image.
    public struct FallbackImage: Sendable {
        /// The encoded image, in any format the pipeline decodes.
        public var data: Data
        /// Names the image in the pipeline's memory cache: a digest of it, for example.
        public var id: String
        /// The status it is served with (imgproxy's default: 200).
        public var status: Int
        /// `Cache-Control`'s `max-age` for it, in seconds (short, so a source that comes back is
        /// seen soon); never more than the results'.
        public var cacheMaxAge: Int

        /// Creates a fallback image.
        public init(data: Data, id: String, status: Int = 200, cacheMaxAge: Int = 60) {
            self.data = data
            self.id = id
            self.status = status
            self.cacheMaxAge = cacheMaxAge
        }
    }

    /// The defaults, with `signature` (or `nil`).
    public init(signature: URLSignature? = nil) {
        self.signature = signature
    }

    /// A curl loader's configuration that follows this one: only public addresses unless
    /// ``allowsPrivateAddresses``, and every redirect checked against ``sources``. Servers add
    /// their own time-outs and limits to it.
    public var originLoaderConfiguration: CurlDataLoader.Configuration {
        var curl = CurlDataLoader.Configuration()
        curl.addressPolicy = allowsPrivateAddresses ? .allowAll : .publicInternetOnly
        curl.isRedirectAllowed = { [sources] in sources.allowsRedirect(to: $0) }
        return curl
    }

    /// The ``MemoryBudget`` and the cache of decoded sources this configuration asks for, with
    /// `cacheLimit` bytes (the pipeline's memory cache) kept out of the default budget. Give the
    /// cache to the pipeline as its `decodedSourceCache`; the budget empties it whenever work
    /// has to wait.
    public func makeMemoryControls(
        cacheLimit: Int,
        metrics: ProxyMetrics
    ) -> (budget: MemoryBudget, decodedSources: ImageCache?) {
        let bytes = memoryBudget ?? MemoryBudget.defaultBudget(reserving: cacheLimit)
        let decodedBytes = decodedSourceCacheSize ?? min(bytes / 4, 128 << 20)
        var decodedSources: ImageCache?
        if decodedBytes > 0 {
            let cache = ImageCache(costLimit: decodedBytes, memoryPressure: PSIMemoryPressure.current)
            cache.entryCostLimit = 1  // One large photo may take it all.
            decodedSources = cache
        }
        let budget = MemoryBudget(
            budget: bytes,
            queueTimeout: memoryQueueTimeout,
            metrics: metrics,
            evictingUnderPressure: decodedSources.map { [$0] } ?? []
        )
        return (budget, decodedSources)
    }

    /// Reads a preset as imgproxy writes one: `name=rs:fill:300:300/q:80`.
    ///
    /// - Throws: ``ProxyRequestError/invalidArgument(option:reason:)`` without a name or options.
    public static func preset(parsing text: String) throws(ProxyRequestError) -> (name: String, options: [ProxyOption])
    {
        guard let equals = text.firstIndex(of: "="), equals != text.startIndex else {
            throw .invalidArgument(option: "preset", reason: "name=option/option…, got '\(text)'")
        }
        let options = text[text.index(after: equals)...].split(separator: "/").map(ProxyOption.init(segment:))
        guard !options.isEmpty else { throw .invalidArgument(option: "preset", reason: "at least one option") }
        return (String(text[..<equals]), options)
    }
}
