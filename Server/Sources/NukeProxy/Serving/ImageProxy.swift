// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

import Foundation
public import HTTPTypes
public import Logging
public import Nuke
public import Tracing

/// The image proxy: reads a request path in imgproxy's format, fetches the source through an
/// `ImagePipeline` (which coalesces identical work and caches originals and processed images),
/// encodes the result off the cooperative pool, and answers with caching headers.
///
/// It knows nothing of HTTP servers: NukeHummingbird serves it with Hummingbird, NukeVapor with
/// Vapor.
public final class ImageProxy: Sendable {
    /// The pipeline that loads, decodes and processes.
    public let pipeline: ImagePipeline
    /// What the proxy allows.
    public let configuration: ProxyConfiguration
    /// Where encoded results are kept (a `DataCache` on disk, typically), or `nil`.
    public let resultCache: (any DataCaching)?
    /// What `GET /health` asks: whether the pipeline still decodes and processes.
    public let health: HealthCheck
    private let gate: AdmissionGate
    /// Where the detail of failures goes, and the request log of a server's middleware.
    public let logger: Logger
    /// Where counters, timers and gauges go.
    public let metrics: ProxyMetrics
    /// Where a server's request spans go.
    public let tracer: any Tracer
    /// The requests to cancel when their clients go away (NukeHummingbird's `httpServer(limits:)`).
    package let disconnects = DisconnectCancellation()
    /// The connections open to the servers NukeHummingbird's `httpServer(limits:)` makes.
    package let connections = ConnectionCount()

    /// A proxy over a pipeline of its own: every default plugin, decoders that keep EXIF for
    /// `sm:0`, a curl loader that follows `configuration` (public addresses only unless it
    /// allows private ones, redirects checked against its sources), the shared memory and HTTP
    /// caches, decodes and downloads admitted by the configuration's ``MemoryBudget``, and
    /// decoded sources kept for other sizes of the same source.
    ///
    /// - Parameters:
    ///   - configuration: what is allowed.
    ///   - resultCache: where encoded results are kept, if anywhere.
    ///   - logger: where the detail of failures goes.
    ///   - metrics: where counters, timers and gauges go.
    ///   - tracer: where request spans go (swift-distributed-tracing's bootstrapped tracer by
    ///     default).
    public convenience init(
        configuration: ProxyConfiguration,
        resultCache: (any DataCaching)? = nil,
        logger: Logger = Logger(label: "nuke.proxy"),
        metrics: ProxyMetrics = ProxyMetrics(),
        tracer: any Tracer = InstrumentationSystem.tracer
    ) {
        var registry = PluginRegistry.defaultPlugins
        registry.installDecodersKeepingEXIF()
        registry.recordSourceFacts()
        let (budget, decodedSources) = configuration.makeMemoryControls(
            cacheLimit: ImageCache.shared.costLimit,
            metrics: metrics
        )
        registry.registerMeteredOriginLoader(
            CurlDataLoader(configuration: configuration.originLoaderConfiguration),
            metrics: metrics,
            budget: budget
        )
        var pipeline = ImagePipeline.Configuration(registry: registry)
        pipeline.decodeAdmission = budget
        pipeline.decodedSourceCache = decodedSources
        self.init(
            checkedPipeline: ImagePipeline(configuration: pipeline),
            configuration: configuration,
            resultCache: resultCache,
            logger: logger,
            metrics: metrics,
            tracer: tracer
        )
    }

    /// A proxy over `pipeline`, whose `http` and `https` loaders must refuse private addresses
    /// unless `configuration` allows them. Its memory is bounded when its `decodeAdmission` is a
    /// ``MemoryBudget`` (``ProxyConfiguration/makeMemoryControls(cacheLimit:metrics:)``), which its
    /// loader also counts downloads against (``MeteredOriginLoader``); the proxy's
    /// `memoryBudget` settings are not read here.
    ///
    /// - Parameters:
    ///   - pipeline: loads, decodes and processes; its registry builds `nuke:` processors.
    ///   - configuration: what is allowed.
    ///   - resultCache: where encoded results are kept, if anywhere.
    ///   - logger: where the detail of failures goes.
    ///   - metrics: where counters, timers and gauges go.
    ///   - tracer: where request spans go (swift-distributed-tracing's bootstrapped tracer by
    ///     default).
    /// - Throws: ``ProxySetupError/loaderAllowsPrivateAddresses(scheme:loader:)`` when a loader's
    ///   `addressPolicy` does not deny every non-public range (or it does not say) and
    ///   ``ProxyConfiguration/allowsPrivateAddresses`` is off.
    public convenience init(
        pipeline: ImagePipeline,
        configuration: ProxyConfiguration,
        resultCache: (any DataCaching)? = nil,
        logger: Logger = Logger(label: "nuke.proxy"),
        metrics: ProxyMetrics = ProxyMetrics(),
        tracer: any Tracer = InstrumentationSystem.tracer
    ) throws(ProxySetupError) {
        if !configuration.allowsPrivateAddresses { try Self.checkAddressPolicies(of: pipeline) }
        self.init(
            checkedPipeline: pipeline,
            configuration: configuration,
            resultCache: resultCache,
            logger: logger,
            metrics: metrics,
            tracer: tracer
        )
    }

    /// Refuses a pipeline whose `http` or `https` loader may reach non-public addresses. (A
    /// delegate that picks loaders per request is its author's to check.)
    static func checkAddressPolicies(of pipeline: ImagePipeline) throws(ProxySetupError) {
        for scheme in ["http", "https"] {
            let url = URL(string: "\(scheme)://origin.invalid/")!
            guard
                let loader = pipeline.configuration.dataLoader ?? pipeline.configuration.registry.dataLoader(for: url)
            else { continue }
            guard let policy = (loader as? any AddressPolicyReporting)?.addressPolicy,
                policy.deniedRanges.isSuperset(of: .nonPublic)
            else {
                throw .loaderAllowsPrivateAddresses(scheme: scheme, loader: "\(type(of: loader))")
            }
        }
    }

    private init(
        checkedPipeline pipeline: ImagePipeline,
        configuration: ProxyConfiguration,
        resultCache: (any DataCaching)?,
        logger: Logger,
        metrics: ProxyMetrics,
        tracer: any Tracer
    ) {
        self.pipeline = pipeline
        self.configuration = configuration
        self.resultCache = resultCache
        self.health = HealthCheck(pipeline: pipeline)
        self.gate = AdmissionGate(limit: configuration.maximumConcurrentRequests)
        self.logger = logger
        self.metrics = metrics
        self.tracer = tracer
    }

    /// The requests being served at this moment.
    public var requestsInFlight: Int { gate.count }

    /// What admits the pipeline's decodes by their bytes, if anything.
    public var memoryBudget: MemoryBudget? { pipeline.configuration.decodeAdmission as? MemoryBudget }

    /// Answers a request for `path` (as sent, without the query).
    ///
    /// - Parameters:
    ///   - headers: the request's headers, of which the proxy reads `Accept` (format
    ///     negotiation), `If-None-Match` and `If-Modified-Since` (304 when the result has not
    ///     changed) and `Authorization` (checked against ``ProxyConfiguration/secret`` when one is
    ///     configured).
    public func respond(to path: String, headers: HTTPFields = [:]) async -> ProxyResponse {
        let response: ProxyResponse
        do throws(ProxyRequestError) {
            if let secret = configuration.secret, !BearerSecret.authorizes(headers[.authorization], secret: secret) {
                throw .missingSecret
            }
            let plan = try ProxyPlan(
                path: path,
                accept: headers[.accept],
                configuration: configuration,
                registry: pipeline.configuration.registry
            )
            var answer: ResultAnswer
            do throws(ProxyRequestError) {
                answer = ResultAnswer(
                    result: try await self.result(for: plan),
                    plan: plan,
                    configuration: configuration
                )
            } catch {
                guard let fallback = configuration.fallbackImage, error.isSourceFailure else { throw error }
                logger.info("\(error.status) \(ProxyPath.loggable(path).path): \(error); the fallback image instead")
                metrics.originError(error)
                answer = ResultAnswer(
                    result: try await fallbackResult(fallback, plan: plan),
                    plan: plan,
                    configuration: configuration
                )
                answer.status = fallback.status
                answer.cacheControl = "public, max-age=\(min(fallback.cacheMaxAge, plan.cacheMaxAge))"
            }
            response = answer.response(to: headers)
        } catch {
            // Shedding for memory is the budget working, not a fault.
            let level: Logger.Level = error.status >= 500 && error.status != 503 ? .error : .info
            logger.log(level: level, "\(error.status) \(ProxyPath.loggable(path).path): \(error)")
            metrics.originError(error)
            response = .failure(error)
        }
        return response
    }

    /// An encoded result and its type.
    struct EncodedResult: Sendable {
        var data: Data
        var format: OutputFormat
        /// The image's size in pixels, so that a cached result is held to the request's
        /// ``ProxyPlan/maximumResultDimension`` like a new one.
        var width: Int
        var height: Int
        /// What is known of its source, when its decoder recorded it.
        var source: SourceFacts?
    }

    private func result(for plan: ProxyPlan) async throws(ProxyRequestError) -> EncodedResult {
        // Without a result cache, no hop to the workers at all: under load it would wait behind
        // their decodes to look up nothing.
        if let resultCache, let result = await Self.cachedResult(for: plan, in: resultCache, on: pipeline) {
            // The result dimension limit bounds what is served, not only what is made: the same
            // result may have been made under another URL's `mrd` or a server's earlier limit.
            try plan.checkResultSize(width: result.width, height: result.height)
            metrics.cacheHit("result")
            return result
        }
        guard gate.enter() else { throw .overloaded }
        defer {
            gate.leave()
            metrics.load(inFlight: gate.count, queued: pipeline.configuration.workerPool.queuedCount)
        }
        metrics.load(inFlight: gate.count, queued: pipeline.configuration.workerPool.queuedCount)
        if plan.mayServeUnprocessed, let source = try await unprocessedSource(for: plan) {
            // A JPEG recompressed as JPEG XL, a sanitised SVG: made, and kept like processed results.
            if source.recompressed { resultCache?.storeData(Self.encodeForCache(source.result), for: plan.cacheKey) }
            return source.result
        }
        if plan.isRaw { throw .unprocessableSource("raw: the source is not in a format the server serves") }
        let response = try await load(
            admittingAnimationFrames(plan.sourceRequest(processors: plan.processors), plan: plan)
        )
        // What was decoded for this request is held to the source limits; what a cache has, made
        // under other limits, is served, as the pipeline's own limits are.
        if response.cacheType == nil { try checkSourcePixels(of: response.container, plan: plan) }
        try plan.checkResultSize(width: response.image.width, height: response.image.height)
        switch response.cacheType {
        case .memory?: metrics.cacheHit("memory")
        case .disk?: metrics.cacheHit("disk")
        case nil: metrics.cacheMiss()
        }
        let result = try await encode(response.container, plan: plan)
        resultCache?.storeData(Self.encodeForCache(result), for: plan.cacheKey)
        return result
    }

    /// The fallback image processed and encoded as `plan` asks; not kept in the result cache, so
    /// that a source that comes back is served at once.
    private func fallbackResult(
        _ fallback: ProxyConfiguration.FallbackImage,
        plan: ProxyPlan
    ) async throws(ProxyRequestError) -> EncodedResult {
        guard gate.enter() else { throw .overloaded }
        defer { gate.leave() }
        let data = fallback.data
        let id = "nuke-server/fallback/" + fallback.id
        let request = ImageRequest(id: id, data: { data }, processors: plan.processors)
        let container = try await load(request).container
        try plan.checkResultSize(width: container.image.width, height: container.image.height)
        return try await encode(container, plan: plan)
    }

    /// `container` encoded on the workers in the format `plan` gives it (its source's when it
    /// gives none), with the EXIF `plan` keeps.
    private func encode(_ container: ImageContainer, plan: ProxyPlan) async throws(ProxyRequestError) -> EncodedResult {
        let isAnimated = (container.animation?.frameCount ?? 0) > 1
        let format =
            (isAnimated ? plan.animatedFormat : plan.format)
            ?? OutputFormat.fallback(
                source: container.type,
                isOpaque: container.image.isOpaque,
                isAnimated: isAnimated,
                preferred: configuration.preferredFormats
            )
        // An animation (its frame count within the request's limit) stays animated as WebP or
        // GIF, asked for or negotiated; other formats serve its first frame.
        let animated = format.keepsAnimation ? container.animation.flatMap { $0.frameCount > 1 ? $0 : nil } : nil
        let frameLimit = pipeline.configuration.maximumAnimationFrameCount(for: plan.sourceRequest())
        let colors = ResultColors(plan: plan, format: format, pipeline: pipeline.configuration)
        let metadataEditor = pipeline.configuration.registry.metadataEditor(for: format.assetType)
        let encoded = await withTaskExecutorPreference(pipeline.configuration.workerPool) {
            let start = ContinuousClock.now
            defer { metrics.encoded(duration: ContinuousClock.now - start) }
            let exif = plan.metadata.exif(of: container)
            var output = container
            output.animation = animated
            let profile = colors.prepare(&output)
            let animation = output.animation
            return Result { () throws -> (data: Data, image: Bitmap) in
                // Past its format's own limit, a still is scaled down to fit (an icon's 256 a side).
                let image = try format.fitting(output.image)
                let encode = { (quality: Int) in
                    let data = try Self.encode(
                        image,
                        animation: animation,
                        profile: profile,
                        with: format.encoder(quality: quality, pixelCount: image.width * image.height),
                        maximumFrameCount: frameLimit
                    )
                    // A format with no editor or no place for EXIF (AVIF, GIF) is served without it.
                    guard let exif, let editor = metadataEditor else { return data }
                    return (try? editor.settingEXIF(exif, in: data)) ?? data
                }
                let quality = plan.quality(for: format)
                guard let budget = plan.maximumBytes, format.isLossy else { return (try encode(quality), image) }
                let data = try ByteBudget.encode(maximumBytes: budget, quality: quality, size: \.count, encode).output
                return (data, image)
            }
        }
        guard case .success(let (data, image)) = encoded else {
            if case .failure(let error) = encoded { throw .encodingFailed("\(error)") }
            throw .encodingFailed("unknown")
        }
        return EncodedResult(
            data: data,
            format: format,
            width: image.width,
            height: image.height,
            source: container.userInfo[.proxySourceFactsKey] as? SourceFacts
        )
    }

    /// The result `cache` holds for `plan`, looked up on the pipeline's workers (a lookup may read
    /// a disk or wait for a shared tier).
    private static func cachedResult(
        for plan: ProxyPlan,
        in cache: any DataCaching,
        on pipeline: ImagePipeline
    ) async -> EncodedResult? {
        let cached = await withTaskExecutorPreference(pipeline.configuration.workerPool) {
            cache.cachedData(for: plan.cacheKey)
        }
        return cached.flatMap(decodeCached)
    }

    /// `image`, or `animation` when there is one (frames made one at a time, at most
    /// `maximumFrameCount`), with the ICC `profile` if any and no other metadata.
    private static func encode(
        _ image: Bitmap,
        animation: ImageAnimation?,
        profile: Data?,
        with encoder: any ImageEncoding,
        maximumFrameCount: Int
    ) throws -> Data {
        guard animation != nil || profile != nil else { return try encoder.encode(image) }
        var output = ImageContainer(image: image)
        output.animation = animation
        output.userInfo[.iccProfileKey] = profile
        let context = ImageEncodingContext(
            request: ImageRequest(url: nil),
            image: output,
            dataResponse: nil,
            maximumFrameCount: maximumFrameCount
        )
        return try encoder.encode(output, context: context)
    }

    /// The source's own bytes when `raw` asks for them, or `skp` names their format and the
    /// result would be in it; a JPEG source's coefficients recompressed as JPEG XL when the plan
    /// allows it (``ProxyPlan/mayRecompressJPEG``) and libjxl takes the JPEG; else `nil` (the
    /// source is then processed; the pipeline's caches hold what was downloaded).
    /// The source's own bytes are not kept in the result cache: the pipeline's caches of
    /// originals hold them already.
    private func unprocessedSource(
        for plan: ProxyPlan
    ) async throws(ProxyRequestError) -> (result: EncodedResult, recompressed: Bool)? {
        let pipeline = self.pipeline
        let request = plan.sourceRequest()
        let outcome = await withinRequestTimeout { () async -> Result<(Data, DataResponse?), ImagePipeline.Error> in
            do throws(ImagePipeline.Error) {
                return .success(try await pipeline.data(for: request))
            } catch {
                return .failure(error)
            }
        }
        guard let outcome else { throw Task.isCancelled ? .cancelled : .timedOut }
        let (data, dataResponse): (Data, DataResponse?)
        switch outcome {
        case .success(let loaded): (data, dataResponse) = loaded
        case .failure(let error): throw Self.proxyError(for: error)
        }
        guard let type = pipeline.configuration.registry.assetType(sniffing: data),
            let format = OutputFormat(sourceType: type)
        else { return nil }
        let recompresses = format == .jpeg && plan.mayRecompressJPEG
        guard recompresses || plan.servesUnprocessed(format) else { return nil }
        if format == .svg { return try await sanitizedSVG(data, plan: plan, response: dataResponse) }
        // Served as it is, the source is the result: decoded from the bytes in hand, it is held
        // to the source limits and its size checked like any other result's.
        let loaded = try await load(admittingAnimationFrames(plan.sourceRequest(data: data), plan: plan))
        let container = loaded.container
        if loaded.cacheType == nil { try checkSourcePixels(of: container, plan: plan) }
        let image = container.image
        try plan.checkResultSize(width: image.width, height: image.height)
        let source = SourceFacts(decoded: container, byteCount: data.count, response: dataResponse)
        guard recompresses else {
            let result = EncodedResult(
                data: data,
                format: format,
                width: image.width,
                height: image.height,
                source: source
            )
            return (result, false)
        }
        let metrics = self.metrics
        let recompressed = await withTaskExecutorPreference(pipeline.configuration.workerPool) {
            let start = ContinuousClock.now
            defer { metrics.encoded(duration: ContinuousClock.now - start) }
            return try? JXLEncoder(effort: OutputFormat.recompressionEffort).recompressing(jpeg: data)
        }
        // A JPEG libjxl cannot take as it is (arithmetic coding, CMYK…) is processed instead.
        guard let recompressed else { return nil }
        let result = EncodedResult(
            data: recompressed,
            format: .jxl,
            width: image.width,
            height: image.height,
            source: source
        )
        return (result, true)
    }

    /// An SVG source served as SVG: its size checked as it would render, then sanitised on the
    /// workers (``SVGSanitizer``: nothing that runs or loads is left).
    private func sanitizedSVG(
        _ data: Data,
        plan: ProxyPlan,
        response: DataResponse?
    ) async throws(ProxyRequestError) -> (result: EncodedResult, recompressed: Bool) {
        let container = try await load(plan.sourceRequest(data: data)).container
        try checkSourcePixels(of: container, plan: plan)
        try plan.checkResultSize(width: container.image.width, height: container.image.height)
        let sanitized = await withTaskExecutorPreference(pipeline.configuration.workerPool) {
            Result { () throws(ImageDecodingError) in try SVGSanitizer().sanitize(data) }
        }
        guard case .success(let clean) = sanitized else {
            throw .unprocessableSource("the SVG could not be sanitised")
        }
        let result = EncodedResult(
            data: clean,
            format: .svg,
            width: container.image.width,
            height: container.image.height,
            source: SourceFacts(decoded: container, byteCount: data.count, response: response)
        )
        return (result, true)
    }

    /// Loads `request`, giving up after the configured time-out.
    private func load(_ request: ImageRequest) async throws(ProxyRequestError) -> ImageResponse {
        let task = pipeline.imageTask(with: request)
        guard let outcome = await withinRequestTimeout({ await task.result }) else {
            task.cancel()
            throw Task.isCancelled ? .cancelled : .timedOut
        }
        switch outcome {
        case .success(let response): return response
        case .failure(let error): throw Self.proxyError(for: error)
        }
    }

    /// What `operation` returns, or `nil` when the request time-out passes first (`operation`'s
    /// task is then cancelled).
    private func withinRequestTimeout<T: Sendable>(_ operation: @escaping @Sendable () async -> T) async -> T? {
        await withTimeout(configuration.requestTimeout, operation)
    }

    /// The proxy's error for a pipeline failure.
    static func proxyError(for error: ImagePipeline.Error) -> ProxyRequestError {
        switch error {
        case .dataLoadingFailed(let underlying):
            switch underlying {
            case DataLoadingError.statusCodeUnacceptable(404), DataLoadingError.fileNotFound: return .sourceNotFound
            case NetworkError.addressNotAllowed(let address): return .sourceNotAllowed("address \(address)")
            case NetworkError.redirectNotAllowed(let url): return .sourceNotAllowed("a redirect to \(url)")
            case NetworkError.responseTooLarge(let limit): return .unprocessableSource("larger than \(limit) bytes")
            case NetworkError.timedOut: return .timedOut
            default: return .upstreamFailed("\(underlying)")
            }
        case .dataDownloadExceededMaximumSize: return .unprocessableSource("the source is larger than the limit")
        case .decodingFailed(_, _, let refusal as MemoryBudget.Refusal):
            switch refusal {
            case .exceedsBudget: return .unprocessableSource("\(refusal)")
            case .queueFull, .timedOut: return .memoryBusy("\(refusal)")
            case .cancelled: return .cancelled
            }
        case .cancelled: return .cancelled
        default: return .unprocessableSource("\(error)")
        }
    }

    /// A cached result: one byte naming the format (offset by ``cacheEntryTag``), the width,
    /// height and length of the source's facts (JSON, empty when unknown) as 32-bit big-endian
    /// numbers, the facts, then the data.
    static func encodeForCache(_ result: EncodedResult) -> Data {
        let index = OutputFormat.allCases.firstIndex(of: result.format) ?? 0
        let facts = result.source.flatMap { try? JSONEncoder().encode($0) } ?? Data()
        var entry = Data([cacheEntryTag + UInt8(index)])
        for number in [result.width, result.height, facts.count] {
            withUnsafeBytes(of: UInt32(clamping: number).bigEndian) { entry.append(contentsOf: $0) }
        }
        return entry + facts + result.data
    }

    /// The result a cache entry holds, or `nil` for an entry that is not one — entries written
    /// before results carried their size and their source's facts among them, so that no result
    /// is served unchecked or with other headers than a new one.
    static func decodeCached(_ data: Data) -> EncodedResult? {
        let header = 13
        guard data.count > header, let tag = data.first, tag >= cacheEntryTag,
            Int(tag - cacheEntryTag) < OutputFormat.allCases.count
        else { return nil }
        let number = { (offset: Int) in
            data.dropFirst(offset).prefix(4).reduce(0) { $0 << 8 | Int($1) }
        }
        let factsLength = number(9)
        guard data.count > header + factsLength else { return nil }
        let facts = data.dropFirst(header).prefix(factsLength)
        return EncodedResult(
            data: Data(data.dropFirst(header + factsLength)),
            format: OutputFormat.allCases[Int(tag - cacheEntryTag)],
            width: number(1),
            height: number(5),
            source: facts.isEmpty ? nil : try? JSONDecoder().decode(SourceFacts.self, from: facts)
        )
    }

    /// The first byte of a cache entry for the first format; entries from before results carried
    /// their source's facts began below it.
    private static let cacheEntryTag: UInt8 = 0xA0
}
