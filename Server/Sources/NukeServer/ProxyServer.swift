// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

import CoreMetrics
import Foundation
import Hummingbird
import Logging
import NIOCore
import Nuke
import NukeHummingbird
import NukeObservability
import NukeRedis
import Prometheus
import ServiceLifecycle
import Tracing

/// The running server: a pipeline with caches on disk, the proxy over it, and a Hummingbird
/// application serving it with `/health`, `/metrics` where `--metrics-bind` says (a listener of
/// its own, or the image port), traces and metrics exported where `--otel-endpoint` says, shut
/// down gracefully on SIGTERM and SIGINT.
struct ProxyServer {
    let settings: ServerSettings
    let proxy: ImageProxy
    /// Every data cache the server writes, flushed on shutdown.
    let caches: [any DataCaching]
    /// The shared tiers, shut down last.
    let redis: RedisDataCache?
    let buckets: [(tier: String, cache: ObjectStorageDataCache)]
    let logger: Logger
    /// Where the metrics are kept; `/metrics` writes it out in Prometheus's text format.
    let metricsRegistry = PrometheusCollectorRegistry()
    /// Where traces and metrics are exported to, if anywhere.
    let telemetry: TelemetryExport?

    init(settings: ServerSettings, logger: Logger) throws {
        self.settings = settings
        self.logger = logger
        let results = try DataCache(
            path: settings.cacheDirectory.appendingPathComponent("results"),
            sizeLimit: settings.cacheSizeLimit
        )
        let originals = try DataCache(
            path: settings.cacheDirectory.appendingPathComponent("originals"),
            sizeLimit: settings.cacheSizeLimit
        )
        // With a shared Redis or bucket, results and originals are kept in tiers: the local disk
        // first, Redis behind it, the bucket last, so that what one server of a fleet fetched or
        // made, all serve. Originals then go through the pipeline's data cache (keyed by URL)
        // instead of the HTTP cache, whose entries carry response metadata only a local
        // DataCache stores.
        let redis = settings.redis.map { RedisDataCache(configuration: $0) }
        let resultBucket = settings.resultStorage.map { ObjectStorageDataCache(configuration: $0) }
        let originalBucket = settings.originalStorage.map { ObjectStorageDataCache(configuration: $0) }
        self.redis = redis
        buckets = [("results", resultBucket), ("originals", originalBucket)].compactMap { tier, cache in
            cache.map { (tier, $0) }
        }
        var resultTiers: [any DataCaching] = [results]
        var originalTiers: [any DataCaching] = [originals]
        if let redis {
            resultTiers.append(redis.withKeyPrefix(redis.keyPrefix + "results:"))
            originalTiers.append(redis.withKeyPrefix(redis.keyPrefix + "originals:"))
        }
        if let resultBucket { resultTiers.append(resultBucket) }
        if let originalBucket { originalTiers.append(originalBucket) }
        let sharedResults: any DataCaching = resultTiers.count > 1 ? TieredDataCache(resultTiers) : results
        let sharedOriginals = originalTiers.count > 1 ? TieredDataCache(originalTiers) : nil
        caches = [sharedResults, sharedOriginals ?? originals]
        for (tier, cache) in buckets {
            logger.info("\(tier) shared in s3://\(cache.configuration.bucket)/\(cache.keyPrefix)")
        }

        var curl = settings.proxy.originLoaderConfiguration
        curl.proxy = settings.usesEnvironmentProxy ? .fromEnvironment : .none
        curl.maximumRedirects = settings.maximumRedirects
        curl.totalTimeout = settings.downloadTimeout
        // The pipeline gives every download its limit (a URL's `msfs`, else --max-source-bytes); the
        // loader's own would stop a raised one.
        curl.maximumResponseSize = settings.proxy.allowsSecurityOptions ? nil : settings.maximumSourceBytes
        curl.userAgent = settings.userAgent
        let telemetry = try TelemetryExport(
            endpoint: settings.telemetryEndpoint,
            environment: ProcessInfo.processInfo.environment,
            logger: logger
        )
        self.telemetry = telemetry
        let prometheus = PrometheusMetricsFactory(registry: metricsRegistry)
        let metricsFactory: any MetricsFactory =
            telemetry.map { MultiplexMetricsHandler(factories: [prometheus, $0.metricsFactory]) } ?? prometheus
        if let telemetry {
            logger.info("traces and metrics exported over OTLP/HTTP to \(telemetry.endpoint)")
        }
        let metrics = ProxyMetrics(factory: metricsFactory)
        var registry = PluginRegistry.defaultPlugins
        registry.installDecodersKeepingEXIF()
        registry.recordSourceFacts()
        let (budget, decodedSources) = settings.proxy.makeMemoryControls(
            cacheLimit: settings.memoryCacheSizeLimit,
            metrics: metrics
        )
        registry.registerMeteredOriginLoader(CurlDataLoader(configuration: curl), metrics: metrics, budget: budget)
        if let (endpoint, credentials) = settings.objectStorage {
            let store = ObjectStorageDataLoader(endpoint: endpoint, credentials: credentials, configuration: curl)
            registry.registerMeteredOriginLoader(
                store,
                metrics: metrics,
                budget: budget,
                id: "nuke.object-storage.loader",
                for: ["s3"]
            )
            let signing = credentials.map { "signed with \($0)" } ?? "unsigned (no AWS credentials found)"
            logger.info("s3:// sources from \(endpoint.url.absoluteString) (\(endpoint.region)), \(signing)")
        }
        let kept = (decodedSources?.costLimit ?? 0) >> 20
        logger.info("memory budget: \(budget.budget >> 20) MiB in flight, \(kept) MiB of it for decoded sources")

        var configuration = ImagePipeline.Configuration(registry: registry)
        configuration.imageCache =
            settings.memoryCacheSizeLimit > 0
            ? ImageCache(costLimit: settings.memoryCacheSizeLimit, memoryPressure: PSIMemoryPressure.current) : nil
        if let sharedOriginals {
            configuration.httpCache = nil
            configuration.dataCache = sharedOriginals
            configuration.dataCachePolicy = .storeOriginalData
            // Results are the proxy's to keep (`resultCache`): the pipeline's cache holds
            // originals only, so looking for processed images there is a miss each, a Redis round
            // trip each, on the way to the original.
            configuration.isReadingProcessedImagesFromDataCache = false
        } else {
            configuration.httpCache = HTTPCache(dataCache: originals)
        }
        configuration.maximumResponseDataSize = settings.maximumSourceBytes
        configuration.maximumDecodedPixelCount = settings.maximumSourcePixels
        configuration.maximumAnimationFrameCount = settings.maximumAnimationFrames
        // The rate limiter paces an app's downloads while it scrolls (80 a second); a server's
        // pace is its clients', bounded by the admission gate and this many downloads at once.
        configuration.isRateLimiterEnabled = false
        configuration.dataLoadingQueue = TaskQueue(maxConcurrentOperationCount: settings.maximumConcurrentDownloads)
        configuration.decodeAdmission = budget
        configuration.decodedSourceCache = decodedSources
        proxy = try ImageProxy(
            pipeline: ImagePipeline(
                configuration: configuration,
                delegate: ObservingDelegate(
                    logger: logger,
                    metrics: PipelineMetrics(factory: metricsFactory),
                    tracing: telemetry.map { PipelineTracing(tracer: $0.tracer) }
                )
            ),
            configuration: settings.proxy,
            resultCache: settings.keepsResults ? sharedResults : nil,
            logger: logger,
            metrics: metrics,
            tracer: telemetry?.tracer ?? InstrumentationSystem.tracer
        )
    }

    /// Serves until SIGTERM or SIGINT, then lets in-flight requests finish (up to the shutdown
    /// time-out) and writes the caches to disk.
    func run() async throws {
        let router = proxy.router()
        var listeners: [any Service] = []
        if let address = settings.metricsAddress {
            // Port 0 asks for a port of its own.
            if address == settings.address, address.port != 0 {
                addMetrics(to: router)
            } else {
                let metricsRouter = Router()
                addMetrics(to: metricsRouter)
                listeners.append(application(metricsRouter, at: address, name: "metrics"))
            }
        }
        let app = Application(
            router: router,
            server: proxy.httpServer(limits: settings.connections),
            configuration: .init(address: .hostname(settings.host, port: settings.port), serverName: "nuke-server"),
            onServerRunning: { [logger] channel in
                // The bound address, so that `--port 0` says which port it got.
                logger.info("nuke-server listening on \(Self.boundAddress(of: channel))")
            },
            logger: logger
        )
        // Stopped in reverse order: the HTTP server (requests in flight finish), then the caches
        // are written, then the shared tiers behind them close; then the last spans and metrics
        // are exported.
        var shutdowns: [@Sendable () async -> Void] = buckets.map { bucket in { await bucket.cache.shutdown() } }
        if let redis { shutdowns.insert({ await redis.shutdown() }, at: 0) }
        let services: [any Service] =
            [SharedTierService(shutdowns: shutdowns), CacheFlushService(caches: caches)] + listeners + [app]
        var configuration = ServiceGroupConfiguration(
            services: services.map { ServiceGroupConfiguration.ServiceConfiguration(service: $0) },
            gracefulShutdownSignals: [.sigterm, .sigint],
            logger: logger
        )
        configuration.maximumGracefulShutdownDuration = .milliseconds(Int(settings.shutdownTimeout * 1000))
        let group = ServiceGroup(configuration: configuration)
        if let telemetry {
            try await telemetry.running { try await group.run() }
        } else {
            try await group.run()
        }
        logger.info("nuke-server stopped")
    }

    /// `GET /metrics`: the registry in Prometheus's text format, then the shared tiers' state.
    private func addMetrics<Context: RequestContext>(to router: Router<Context>) {
        router.get("/metrics") { [metricsRegistry, redis, buckets] _, _ in
            Response(
                status: .ok,
                headers: [.contentType: "text/plain; version=0.0.4; charset=utf-8"],
                body: ResponseBody(
                    byteBuffer: ByteBuffer(
                        bytes: metricsRegistry.emitToBuffer()
                            + Array(SharedTierMetrics.text(redis: redis, buckets: buckets).utf8)
                    )
                )
            )
        }
    }

    /// A plain HTTP/1.1 listener for `router` at `address`, logging where it listens.
    private func application(_ router: Router<BasicRequestContext>, at address: BindAddress, name: String)
        -> some Service
    {
        Application(
            router: router,
            configuration: .init(address: .hostname(address.host, port: address.port), serverName: "nuke-server"),
            onServerRunning: { [logger] channel in
                logger.info("\(name) listening on \(Self.boundAddress(of: channel))")
            },
            logger: logger
        )
    }

    private static func boundAddress(of channel: any Channel) -> String {
        channel.localAddress.map { "\($0.ipAddress ?? "?"):\($0.port ?? 0)" } ?? "?"
    }
}
