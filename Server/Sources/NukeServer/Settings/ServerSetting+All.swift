// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

import NukeHummingbird

extension ServerSetting {
    // Listening and signing.
    static let bind = ServerSetting(
        name: "bind",
        kind: .text,
        defaultValue: "127.0.0.1",
        help: "The address to listen on.",
        imgproxyDefault: "0.0.0.0"
    )
    static let port = ServerSetting(name: "port", kind: .integer, defaultValue: "8080", help: "The port.")
    static let key = ServerSetting(
        name: "key",
        kind: .list,
        defaultValue: nil,
        help: "A signing key in hex; repeat with --salt for key rotation.",
        isSecret: true
    )
    static let salt = ServerSetting(
        name: "salt",
        kind: .list,
        defaultValue: nil,
        help: "The salt in hex for the --key at the same position.",
        isSecret: true
    )
    static let signatureSize = ServerSetting(
        name: "signature-size",
        kind: .integer,
        defaultValue: "32",
        help: "Bytes of the HMAC a signature carries, 1–32."
    )
    static let allowUnsigned = ServerSetting(
        name: "allow-unsigned",
        kind: .toggle,
        defaultValue: nil,
        help: "Accept unsigned URLs (any text as the signature); only when bound to loopback."
    )

    // Sources.
    static let userAgent = ServerSetting(
        name: "user-agent",
        kind: .text,
        defaultValue: "nuke-server",
        help: "The User-Agent sent to origins."
    )
    static let allowedSource = ServerSetting(
        name: "allowed-source",
        kind: .list,
        defaultValue: nil,
        help: "An allowed source, such as https://images.example.com/public/ (repeatable; default: any)."
    )
    static let localRoot = ServerSetting(
        name: "local-root",
        kind: .text,
        defaultValue: nil,
        help: "A folder served as local:///<path> sources."
    )
    static let baseURL = ServerSetting(
        name: "base-url",
        kind: .text,
        defaultValue: nil,
        help: "A prefix for sources that do not start with it, such as https://cdn.example.com/images/."
    )
    static let useS3 = ServerSetting(
        name: "use-s3",
        kind: .toggle,
        defaultValue: nil,
        help: """
            Read s3://bucket/key sources from S3 or an S3-compatible store, signed with the key in AWS_ACCESS_KEY_ID \
            and AWS_SECRET_ACCESS_KEY (or ~/.aws/credentials, AWS_PROFILE).
            """
    )
    static let s3Endpoint = ServerSetting(
        name: "s3-endpoint",
        kind: .text,
        defaultValue: nil,
        help: "An S3-compatible store's URL, such as http://minio.internal:9000 (default: AWS S3 in --s3-region)."
    )
    static let s3Region = ServerSetting(
        name: "s3-region",
        kind: .text,
        defaultValue: nil,
        help: "The region requests to the store are signed for (default: AWS_REGION, else us-east-1)."
    )
    static let s3VirtualHosted = ServerSetting(
        name: "s3-virtual-hosted",
        kind: .toggle,
        defaultValue: nil,
        help: "Address buckets as hosts (bucket.host) at --s3-endpoint instead of as paths; AWS S3 always is."
    )
    static let allowPrivateAddresses = ServerSetting(
        name: "allow-private-addresses",
        kind: .toggle,
        defaultValue: nil,
        help: "Let the loader connect to loopback, private and link-local addresses."
    )
    static let useEnvironmentProxy = ServerSetting(
        name: "use-environment-proxy",
        kind: .toggle,
        defaultValue: nil,
        help: "Use http_proxy/https_proxy from the environment."
    )

    // Responses.
    static let allowOrigin = ServerSetting(
        name: "allow-origin",
        kind: .text,
        defaultValue: nil,
        help: "The Access-Control-Allow-Origin of every response: * or an origin such as https://app.example.com."
    )
    static let requestLogLevel = ServerSetting(
        name: "request-log-level",
        kind: .text,
        defaultValue: "info",
        help: """
            The level of each image request's log line once answered: trace, debug, info, notice, warning, \
            error, critical, or off.
            """
    )
    static let pathPrefix = ServerSetting(
        name: "path-prefix",
        kind: .text,
        defaultValue: nil,
        help: "A path prefix every image URL starts with, such as /images (not part of what is signed)."
    )
    static let preset = ServerSetting(
        name: "preset",
        kind: .list,
        defaultValue: nil,
        help: "A preset, name=option/option… (repeatable); 'default' applies to every request."
    )
    static let presetsFile = ServerSetting(
        name: "presets-file",
        kind: .text,
        defaultValue: nil,
        help: "A file of presets, one name=option/option… a line (# comments), read besides --preset."
    )
    static let onlyPresets = ServerSetting(
        name: "only-presets",
        kind: .toggle,
        defaultValue: nil,
        help: "Refuse every option but presets (pr:)."
    )
    static let allowSecurityOptions = ServerSetting(
        name: "allow-security-options",
        kind: .toggle,
        defaultValue: nil,
        help: "Let signed URLs replace the source and result limits (msr, msfs, maf, mrd); refused (403) without."
    )
    static let trustedSignature = ServerSetting(
        name: "trusted-signature",
        kind: .list,
        defaultValue: nil,
        help: "A signature accepted for any path (repeatable), as imgproxy's trusted signatures.",
        isSecret: true
    )
    static let secret = ServerSetting(
        name: "secret",
        kind: .text,
        defaultValue: nil,
        help: "A token every image request must carry as Authorization: Bearer <secret>; others get 403.",
        isSecret: true
    )
    static let allowedProcessingOptions = ServerSetting(
        name: "allowed-processing-options",
        kind: .list,
        defaultValue: nil,
        help: "The option names URLs may use, as written (w, width, pr…; default: all); presets' own are not checked."
    )
    static let setCanonicalHeader = ServerSetting(
        name: "set-canonical-header",
        kind: .toggle,
        defaultValue: nil,
        help: "Send Link: <source>; rel=\"canonical\" with results of http and https sources."
    )
    static let useLastModified = ServerSetting(
        name: "use-last-modified",
        kind: .toggle,
        defaultValue: nil,
        help: "Send the source's Last-Modified with results, and answer If-Modified-Since no older than it with 304.",
        imgproxyDefault: "1"
    )
    static let cacheControlPassthrough = ServerSetting(
        name: "cache-control-passthrough",
        kind: .toggle,
        defaultValue: nil,
        help: "Answer with the source's Cache-Control (or a max-age until its Expires) when the URL has no exp:."
    )
    static let enableDebugHeaders = ServerSetting(
        name: "enable-debug-headers",
        kind: .toggle,
        defaultValue: nil,
        help: "Send X-Origin-Width, X-Origin-Height, X-Origin-Content-Length, X-Result-Width and X-Result-Height."
    )
    static let allowedProcessors = ServerSetting(
        name: "allowed-processors",
        kind: .list,
        defaultValue: nil,
        help: "Processor names the nuke: option may use, comma-separated (default: none)."
    )
    static let cacheMaxAge = ServerSetting(
        name: "cache-max-age",
        kind: .integer,
        defaultValue: "31536000",
        help: "Cache-Control max-age of results, in seconds."
    )
    static let defaultQuality = ServerSetting(
        name: "default-quality",
        kind: .integer,
        defaultValue: "80",
        help: "JPEG, WebP and AVIF quality when the URL gives none."
    )
    static let formatQuality = ServerSetting(
        name: "format-quality",
        kind: .list,
        defaultValue: nil,
        help: """
            A format's own quality when the URL gives none, as format=quality (jpg, webp, avif, jxl, heic; repeatable \
            or comma-separated, e.g. avif=63,webp=79), over the defaults \
            \(ProxyConfiguration.defaultFormatQualities.map { "\($0.key.rawValue)=\($0.value)" }.sorted().joined(separator: ",")) \
            (each format's quality scoring JPEG q80's); fq: in a URL overrides it.
            """,
        imgproxyDefault: "webp=79,avif=63,jxl=77"
    )
    static let shrinkOnLoad = ServerSetting(
        name: "shrink-on-load",
        kind: .text,
        defaultValue: "fast",
        help: """
            How small a decode resizes accept: fast (the smallest JPEG/WebP scale not below the output, as \
            thumbnailers do) or quality (three times the output).
            """
    )
    static let noWebpNegotiation = ServerSetting(
        name: "no-webp-negotiation",
        kind: .toggle,
        defaultValue: nil,
        help: "Do not answer WebP to clients whose Accept lists it when no format is asked for.",
        imgproxyDefault: "1"
    )
    static let avifNegotiation = ServerSetting(
        name: "avif-negotiation",
        kind: .toggle,
        defaultValue: nil,
        help: """
            Answer AVIF to clients whose Accept lists it when no format is asked for (off by default: at the \
            quality of JPEG q80, no AV1 encoder Debian ships makes AVIF a quarter smaller than WebP for at most \
            twice its CPU; animations stay WebP or their own format).
            """
    )
    static let noJxlNegotiation = ServerSetting(
        name: "no-jxl-negotiation",
        kind: .toggle,
        defaultValue: nil,
        help: """
            Do not answer JPEG XL (first, before AVIF and WebP) to clients whose Accept lists it when no format \
            is asked for (animations stay WebP or their own format either way).
            """,
        imgproxyDefault: "1"
    )
    static let enforceJxl = enforcing("jxl", "JPEG XL")
    static let enforceAvif = enforcing("avif", "AVIF")
    static let enforceWebp = enforcing("webp", "WebP")

    /// `--enforce-<name>`: imgproxy's `IMGPROXY_ENFORCE_<NAME>`.
    private static func enforcing(_ name: String, _ format: String) -> ServerSetting {
        ServerSetting(
            name: "enforce-\(name)",
            kind: .toggle,
            defaultValue: nil,
            help: """
                Answer \(format) to clients whose Accept lists it even when the URL asks for another format \
                (negotiated in the order JPEG XL, AVIF, WebP; animations only ever get WebP).
                """
        )
    }

    static let preferredFormats = ServerSetting(
        name: "preferred-formats",
        kind: .list,
        defaultValue: nil,
        help: """
            The formats of a result none was asked for nor negotiated for: the source's own when it is one of \
            them and holds the result (animation, transparency), else the first of them that does (default \
            \(ProxyConfiguration.defaultPreferredFormats.map(\.rawValue).joined(separator: ","))).
            """,
        imgproxyDefault: "jpeg,png,gif"
    )
    static let fallbackImage = ServerSetting(
        name: "fallback-image",
        kind: .text,
        defaultValue: nil,
        help: """
            An image file served, processed as the URL asks, when the source is missing, failing, too slow or \
            not an image (default: the error).
            """
    )
    static let fallbackImageStatus = ServerSetting(
        name: "fallback-image-status",
        kind: .integer,
        defaultValue: "200",
        help: "The status the fallback image is served with."
    )
    static let fallbackImageTtl = ServerSetting(
        name: "fallback-image-ttl",
        kind: .integer,
        defaultValue: "60",
        help: "Cache-Control max-age of fallback responses, in seconds.",
        imgproxyDefault: "31536000"
    )
    static let watermark = ServerSetting(
        name: "watermark",
        kind: .text,
        defaultValue: nil,
        help: "An image file wm: draws over results (any format the server decodes; default: wm: is refused)."
    )
    static let watermarkOpacity = ServerSetting(
        name: "watermark-opacity",
        kind: .decimal,
        defaultValue: "1",
        help: "The opacity of the --watermark, 0 to 1, which wm:'s own multiplies."
    )

    // Limits.
    static let maxSourceBytes = ServerSetting(
        name: "max-source-bytes",
        kind: .integer,
        defaultValue: "52428800",
        help: "The largest source accepted, in bytes (50 MiB)."
    )
    static let maxSourcePixels = ServerSetting(
        name: "max-source-pixels",
        kind: .integer,
        defaultValue: "50000000",
        help: "The largest source accepted, in pixels."
    )
    static let maxAnimationFrames = ServerSetting(
        name: "max-animation-frames",
        kind: .integer,
        defaultValue: "1000",
        help: "The most frames of an animated source.",
        imgproxyDefault: "1"
    )
    static let maxAnimationFramePixels = ServerSetting(
        name: "max-animation-frame-pixels",
        kind: .integer,
        defaultValue: nil,
        help: """
            The most pixels of each frame of an animated source, in place of --max-source-pixels for animations \
            (default: none, --max-source-pixels holds every frame).
            """
    )
    static let maxResultDimension = ServerSetting(
        name: "max-result-dimension",
        kind: .integer,
        defaultValue: "8192",
        help: "The largest result width or height."
    )
    static let scaleDownLargeResults = ServerSetting(
        name: "scale-down-large-results",
        kind: .toggle,
        defaultValue: nil,
        help: """
            Scale a result larger than --max-result-dimension (or the URL's mrd) down to fit, padding and \
            extend included, as imgproxy does, instead of answering 400.
            """,
        imgproxyDefault: "1"
    )
    static let maxChainLength = ServerSetting(
        name: "max-chain-length",
        kind: .integer,
        defaultValue: "8",
        help: "The most processors one request may run."
    )
    static let maxPathLength = ServerSetting(
        name: "max-path-length",
        kind: .integer,
        defaultValue: "8192",
        help: "The longest URL path accepted, in bytes."
    )
    static let maxRedirects = ServerSetting(
        name: "max-redirects",
        kind: .integer,
        defaultValue: "10",
        help: "The most redirects followed, each checked against the allowed sources."
    )
    static let downloadTimeout = ServerSetting(
        name: "download-timeout",
        kind: .decimal,
        defaultValue: "20",
        help: "Seconds a download may take.",
        imgproxyDefault: "5"
    )
    static let requestTimeout = ServerSetting(
        name: "request-timeout",
        kind: .decimal,
        defaultValue: "30",
        help: "Seconds a whole request may take before 504.",
        imgproxyDefault: "10"
    )
    static let maxConcurrentRequests = ServerSetting(
        name: "max-concurrent-requests",
        kind: .integer,
        defaultValue: "256",
        help: "The most requests served at once; past it, 429."
    )
    static let maxConcurrentDownloads = ServerSetting(
        name: "max-concurrent-downloads",
        kind: .integer,
        defaultValue: "64",
        help: "The most origin downloads at once; more wait for a slot."
    )

    static let memoryBudget = ServerSetting(
        name: "memory-budget",
        kind: .integer,
        defaultValue: nil,
        help: """
            MiB that decodes and downloads in flight may hold; work waits for room (default: half the cgroup's \
            memory limit, else half of RAM, less the memory cache).
            """
    )
    static let decodedCacheSize = ServerSetting(
        name: "decoded-cache-size",
        kind: .integer,
        defaultValue: nil,
        help: """
            MiB of decoded sources kept, within the memory budget, so other sizes of a source skip its decode \
            (default: a quarter of the budget, at most 128); 0 keeps none.
            """
    )
    static let memoryQueueTimeout = ServerSetting(
        name: "memory-queue-timeout",
        kind: .decimal,
        defaultValue: "10",
        help: "Seconds a request may wait for memory before 503 with Retry-After."
    )

    // Caches.
    static let cacheDirectory = ServerSetting(
        name: "cache-directory",
        kind: .text,
        defaultValue: nil,
        help: """
            Where results and originals are cached on disk (default: a nuke-server folder in the temporary \
            directory).
            """
    )
    static let cacheSize = ServerSetting(
        name: "cache-size",
        kind: .integer,
        defaultValue: "1024",
        help: "Disk cache size in MiB, for results and for originals each."
    )
    static let memoryCacheSize = ServerSetting(
        name: "memory-cache-size",
        kind: .integer,
        defaultValue: nil,
        help: """
            Memory cache of processed images in MiB; 0 turns it off (default: 256, at most 15% of the cgroup's \
            memory limit, else of RAM).
            """
    )
    static let noResultCache = ServerSetting(
        name: "no-result-cache",
        kind: .toggle,
        defaultValue: nil,
        help: "Do not keep encoded results on disk (every request is processed; originals stay cached)."
    )
    static let redis = ServerSetting(
        name: "redis",
        kind: .text,
        defaultValue: nil,
        help: """
            A Redis shared by a fleet, as the cache tier behind the local disk for results and originals: \
            redis://[[user]:password@]host[:port][/db] or unix:///path/to/redis.sock.
            """,
        isSecret: true
    )
    static let resultStorage = ServerSetting(
        name: "result-storage",
        kind: .text,
        defaultValue: nil,
        help: """
            A bucket and prefix a fleet shares results in, behind the local disk (and --redis): s3://bucket/prefix/ \
            at --s3-endpoint, signed with the AWS key as --use-s3's sources are.
            """
    )
    static let originalStorage = ServerSetting(
        name: "original-storage",
        kind: .text,
        defaultValue: nil,
        help: "A bucket and prefix a fleet shares originals in, as --result-storage shares results."
    )
    static let storageTimeout = ServerSetting(
        name: "storage-timeout",
        kind: .integer,
        defaultValue: "500",
        help: "Milliseconds a lookup in --result-storage or --original-storage may add before it counts as a miss."
    )
    static let redisKeyPrefix = ServerSetting(
        name: "redis-key-prefix",
        kind: .text,
        defaultValue: "nuke-server:",
        help: "Prefix of the keys in Redis."
    )
    static let redisTimeout = ServerSetting(
        name: "redis-timeout",
        kind: .integer,
        defaultValue: "100",
        help: "Milliseconds a Redis lookup may add to a request before it counts as a miss."
    )
    static let redisTtl = ServerSetting(
        name: "redis-ttl",
        kind: .integer,
        defaultValue: "604800",
        help: "Seconds entries live in Redis (a week)."
    )

    // Connections and shutdown.
    static let shutdownTimeout = ServerSetting(
        name: "shutdown-timeout",
        kind: .decimal,
        defaultValue: "10",
        help: "Seconds in-flight requests get to finish on SIGTERM.",
        imgproxyDefault: "20"
    )
    static let readRequestTimeout = ServerSetting(
        name: "read-request-timeout",
        kind: .decimal,
        defaultValue: "10",
        help: "Seconds a client may take to send a request's head; then its connection is closed."
    )
    static let keepAliveTimeout = ServerSetting(
        name: "keep-alive-timeout",
        kind: .decimal,
        defaultValue: "10",
        help: "Seconds a connection may wait for its next request; then it is closed."
    )
    static let maxConnections = ServerSetting(
        name: "max-connections",
        kind: .integer,
        defaultValue: nil,
        help: """
            The most connections open at once; one past it is closed at once (default: the descriptor limit, \
            raised to its hard limit, less 256, at most 10000).
            """
    )

    // Logs, metrics and traces.
    static let logFormat = ServerSetting(
        name: "log-format",
        kind: .text,
        defaultValue: "text",
        help: """
            How log lines are written to stderr: text, or json (one object a line: time, level, message, and \
            each request's id, status, duration and source host).
            """
    )
    static let logLevel = ServerSetting(
        name: "log-level",
        kind: .text,
        defaultValue: "info",
        help: "The least level logged: trace, debug, info, notice, warning, error or critical."
    )
    static let metricsBind = ServerSetting(
        name: "metrics-bind",
        kind: .text,
        defaultValue: nil,
        help: """
            host:port of a listener of its own serving /metrics in Prometheus's format (none: no metrics are \
            served); the image address itself (same host and port) serves them beside the images.
            """
    )
    static let otelEndpoint = ServerSetting(
        name: "otel-endpoint",
        kind: .text,
        defaultValue: nil,
        help: """
            Export traces (a span for each image request, the pipeline's stages under it) and the metrics to \
            this OpenTelemetry collector over OTLP/HTTP with protobuf, such as http://127.0.0.1:4318 (/v1/traces \
            and /v1/metrics are added). OTEL_EXPORTER_OTLP_ENDPOINT in the environment turns it on too; \
            OpenTelemetry's OTEL_ variables tune it and win over it (OTEL_SERVICE_NAME, OTEL_RESOURCE_ATTRIBUTES, \
            OTEL_EXPORTER_OTLP_HEADERS, OTEL_TRACES_SAMPLER, OTEL_METRIC_EXPORT_INTERVAL, …; OTEL_SDK_DISABLED=true \
            turns it off). None: nothing is exported.
            """
    )
    static let otelPropagateExternal = ServerSetting(
        name: "otel-propagate-external",
        kind: .toggle,
        defaultValue: nil,
        help: """
            Continue the trace a request's traceparent header names, for a load balancer or CDN that starts \
            traces; off, each request starts a trace of its own, so clients choose neither trace ids nor sampling.
            """
    )

    // Where else settings come from.
    static let imgproxyDefaults = ServerSetting(
        name: "imgproxy-defaults",
        kind: .toggle,
        defaultValue: nil,
        help: """
            Take imgproxy's default, where it differs from ours, for every setting not given (see Migrating \
            from imgproxy in Docs/Server.md); the address policy, signatures and the source and result size \
            limits keep ours.
            """
    )
    static let environmentFile = ServerSetting(
        name: "environment-file",
        kind: .text,
        defaultValue: nil,
        help: """
            A file of NAME=value lines (NUKE_SERVER_… variables, as an env file) read after the flags and the \
            environment.
            """
    )

    /// Every setting, in the order `--help` lists them.
    static let all: [ServerSetting] = [
        bind, port, key, salt, signatureSize, allowUnsigned, userAgent, allowedSource, localRoot, baseURL,
        useS3, s3Endpoint, s3Region, s3VirtualHosted, allowPrivateAddresses, useEnvironmentProxy, allowOrigin,
        requestLogLevel, pathPrefix, preset, presetsFile, onlyPresets, secret, trustedSignature,
        allowedProcessingOptions,
        setCanonicalHeader, useLastModified, cacheControlPassthrough, enableDebugHeaders,
        allowSecurityOptions, allowedProcessors, cacheMaxAge, defaultQuality, formatQuality, shrinkOnLoad,
        noWebpNegotiation, avifNegotiation, noJxlNegotiation, enforceJxl, enforceAvif, enforceWebp,
        preferredFormats, fallbackImage, fallbackImageStatus, fallbackImageTtl, watermark,
        watermarkOpacity, maxSourceBytes, maxSourcePixels, maxAnimationFrames, maxAnimationFramePixels,
        maxResultDimension,
        scaleDownLargeResults, maxChainLength,
        maxPathLength, maxRedirects, downloadTimeout, requestTimeout, maxConcurrentRequests, maxConcurrentDownloads,
        memoryBudget, decodedCacheSize, memoryQueueTimeout, cacheDirectory, cacheSize, memoryCacheSize, noResultCache,
        redis,
        redisKeyPrefix, redisTimeout, redisTtl, resultStorage, originalStorage, storageTimeout, shutdownTimeout,
        readRequestTimeout, keepAliveTimeout, maxConnections, logFormat, logLevel, metricsBind,
        otelEndpoint, otelPropagateExternal,
        environmentFile, imgproxyDefaults,
    ]
}
