// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

import Crypto
import Foundation
import Logging
import Nuke
import NukeHummingbird
import NukeRedis

/// The server's settings, read from the flags, the environment and an environment file
/// (``SettingsReader``, over the table in ``ServerSetting/all``) and checked together.
struct ServerSettings: Sendable {
    var host: String
    var port: Int
    /// How log lines are written, and the least level written.
    var logFormat: LogFormat
    var logLevel: Logger.Level
    /// Where `/metrics` is served, if anywhere.
    var metricsAddress: BindAddress?
    /// The OpenTelemetry collector traces and metrics are exported to (``TelemetryExport``).
    var telemetryEndpoint: String?

    /// Where the images are served.
    var address: BindAddress { BindAddress(host: host, port: port) }
    var proxy: ProxyConfiguration
    var usesEnvironmentProxy: Bool
    /// The `User-Agent` sent to origins.
    var userAgent: String
    var maximumSourceBytes: Int
    var maximumSourcePixels: Int
    var maximumAnimationFrames: Int
    var maximumRedirects: Int
    var maximumConcurrentDownloads: Int
    var downloadTimeout: Double
    var cacheDirectory: URL
    var cacheSizeLimit: Int
    var memoryCacheSizeLimit: Int
    var keepsResults: Bool
    var shutdownTimeout: Double
    /// Time-outs of slow and idle connections, and how many may be open.
    var connections: ConnectionLimits
    /// The S3-compatible store `s3://` sources are read from (`--use-s3`), and the key requests
    /// to it are signed with (none: unsigned, for public buckets).
    var objectStorage: (endpoint: ObjectStorageEndpoint, credentials: AWSCredentials?)?
    /// The shared Redis tier, if one was given.
    var redis: RedisDataCache.Configuration?
    /// The buckets results and originals are shared in (`--result-storage`, `--original-storage`).
    var resultStorage: ObjectStorageDataCache.Configuration?
    var originalStorage: ObjectStorageDataCache.Configuration?

    /// Decodes the watermark file with the default plugins; its id is a digest of the file, so a
    /// new image makes new cache keys.
    static func watermark(at path: String, opacity: Double) throws(SettingsError) -> ProxyConfiguration.Watermark {
        let file = try imageFile(at: path, flag: "watermark")
        return ProxyConfiguration.Watermark(image: file.image, id: "watermark-\(file.digest)", opacity: opacity)
    }

    /// The image file at `path` (for `--<flag>`), decoded to check it is one, and a digest of it.
    static func imageFile(at path: String, flag: String) throws(SettingsError) -> (
        data: Data, image: Bitmap, digest: String
    ) {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw SettingsError("--\(flag) \(path) cannot be read")
        }
        let context = ImageDecodingContext(request: ImageRequest(url: URL(fileURLWithPath: path)), data: data)
        guard let decoder = PluginRegistry.defaultPlugins.decoder(for: context),
            let image = try? decoder.decode(data).image
        else { throw SettingsError("--\(flag) \(path) is not an image the server decodes") }
        let digest = SHA256.hash(data: data).prefix(8).map { String(format: "%02x", $0) }.joined()
        return (data, image, digest)
    }

    /// The store and key of `--use-s3`: `--s3-endpoint` (AWS S3 by default), `--s3-region` (else
    /// `AWS_REGION`, else `us-east-1`), and the key the AWS tools would find.
    static func objectStorage(
        reading e: SettingsReader,
        for flag: String = ServerSetting.useS3.flag,
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws(SettingsError) -> (endpoint: ObjectStorageEndpoint, credentials: AWSCredentials?) {
        let region = e.text(.s3Region) ?? environment["AWS_REGION"] ?? environment["AWS_DEFAULT_REGION"] ?? "us-east-1"
        guard !region.isEmpty, region.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" }) else {
            throw SettingsError("--s3-region '\(region)' is not a region name")
        }
        var endpoint = ObjectStorageEndpoint.aws(region: region)
        if let text = e.text(.s3Endpoint) {
            guard let url = URL(string: text), ["http", "https"].contains(url.scheme?.lowercased() ?? ""),
                url.host?.isEmpty == false, url.user == nil, url.query == nil
            else { throw SettingsError("--s3-endpoint '\(text)' is not an http or https URL") }
            endpoint = ObjectStorageEndpoint(
                url: url,
                region: region,
                addressing: e.isOn(.s3VirtualHosted) ? .virtualHosted : .path
            )
        }
        do {
            return (endpoint, try AWSCredentials.discover(environment: environment))
        } catch {
            throw SettingsError("\(flag): \(error)")
        }
    }

    /// `--path-prefix` without a trailing `/` (empty when none is given).
    static func pathPrefix(reading e: SettingsReader) throws(SettingsError) -> String {
        guard let prefix = e.text(.pathPrefix) else { return "" }
        let trimmed = prefix.hasSuffix("/") ? String(prefix.dropLast()) : prefix
        guard trimmed.isEmpty || (trimmed.hasPrefix("/") && !trimmed.contains("//") && !trimmed.contains("?")) else {
            throw SettingsError("--path-prefix is a path such as /images, not '\(prefix)'")
        }
        return trimmed
    }

    /// `--bind` and `--port`.
    static func address(reading e: SettingsReader) throws(SettingsError) -> BindAddress {
        BindAddress(host: e.text(defaulted: .bind), port: try e.number(defaulted: .port))
    }

    init(reading e: SettingsReader) throws(SettingsError) {
        let address = try Self.address(reading: e)
        (host, port) = (address.host, address.port)

        let keys = e.list(.key)
        let salts = e.list(.salt)
        guard keys.count == salts.count else {
            throw SettingsError("give one --salt for each --key (\(keys.count) keys, \(salts.count) salts)")
        }
        var signatureKeys: [URLSignature.Key] = []
        for (key, salt) in zip(keys, salts) {
            do {
                signatureKeys.append(try URLSignature.Key(hexKey: key, hexSalt: salt))
            } catch {
                throw SettingsError("\(error)")
            }
        }
        let size = try e.number(defaulted: .signatureSize)
        proxy = ProxyConfiguration(
            signature: signatureKeys.isEmpty ? nil : URLSignature(keys: signatureKeys, size: size)
        )
        proxy.allowsUnsignedURLs = e.isOn(.allowUnsigned)
        if proxy.allowsUnsignedURLs, !Self.isLoopback(host) {
            throw SettingsError("--allow-unsigned is only allowed when bound to loopback (--bind 127.0.0.1 or ::1)")
        }
        if signatureKeys.isEmpty, !proxy.allowsUnsignedURLs {
            throw SettingsError(
                "give a signing --key and --salt (hex), or --allow-unsigned on loopback for development"
            )
        }

        var allowed: [SourcePolicy.AllowedSource] = []
        for text in e.list(.allowedSource) {
            do {
                allowed.append(try SourcePolicy.AllowedSource(parsing: text))
            } catch {
                throw SettingsError("\(error)")
            }
        }
        let localRoot = e.text(.localRoot).map { URL(fileURLWithPath: $0, isDirectory: true) }
        if let localRoot {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: localRoot.path, isDirectory: &isDirectory),
                isDirectory.boolValue
            else { throw SettingsError("--local-root \(localRoot.path) is not a folder") }
        }
        let baseURL = e.text(.baseURL)
        if let baseURL {
            let scheme = URLComponents(string: baseURL)?.scheme?.lowercased()
            guard ["http", "https", "local"].contains(scheme), URLComponents(string: baseURL)?.user == nil else {
                throw SettingsError("--base-url '\(baseURL)' is not an http, https or local URL")
            }
        }
        objectStorage = try e.isOn(.useS3) ? Self.objectStorage(reading: e) : nil
        proxy.sources = SourcePolicy(
            allowedSources: allowed,
            localRoot: localRoot,
            baseURL: baseURL,
            allowsObjectStorage: objectStorage != nil
        )
        if let origin = e.text(.allowOrigin) {
            guard Self.isOrigin(origin) else {
                let expected = "* or an origin such as https://app.example.com"
                throw SettingsError("--allow-origin is \(expected), not '\(origin)'")
            }
            proxy.allowedOrigin = origin
        }
        var presetTexts = e.list(.preset)
        if let path = e.text(.presetsFile) {
            // imgproxy's presets file: a preset a line, `#` comments and blank lines skipped.
            guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
                throw SettingsError("--presets-file \(path) cannot be read")
            }
            presetTexts += text.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }
                .filter { !$0.isEmpty && !$0.hasPrefix("#") }
        }
        for text in presetTexts {
            do {
                let preset = try ProxyConfiguration.preset(parsing: text)
                proxy.presets[preset.name] = preset.options
            } catch {
                throw SettingsError("\(error)")
            }
        }
        proxy.onlyPresets = e.isOn(.onlyPresets)
        proxy.allowsSecurityOptions = e.isOn(.allowSecurityOptions)
        if let secret = e.text(.secret) {
            guard !secret.isEmpty, !secret.contains(where: { $0.isWhitespace || $0.isNewline }) else {
                throw SettingsError("--secret must be a token without spaces")
            }
            proxy.secret = secret
        }
        proxy.setsCanonicalHeader = e.isOn(.setCanonicalHeader)
        proxy.sendsLastModified = e.isOn(.useLastModified)
        proxy.passesCacheControlThrough = e.isOn(.cacheControlPassthrough)
        proxy.sendsDebugHeaders = e.isOn(.enableDebugHeaders)
        proxy.trustedSignatures = e.list(.trustedSignature)
        let optionNames = e.list(.allowedProcessingOptions)
        proxy.allowedOptionNames = optionNames.isEmpty ? nil : Set(optionNames)
        proxy.pathPrefix = try Self.pathPrefix(reading: e)
        proxy.allowedProcessors = Set(e.list(.allowedProcessors))
        proxy.maximumResultDimension = try e.number(defaulted: .maxResultDimension)
        proxy.scalesDownLargeResults = e.isOn(.scaleDownLargeResults)
        proxy.maximumAnimationFramePixels = try e.number(.maxAnimationFramePixels)
        proxy.maximumChainLength = try e.number(defaulted: .maxChainLength)
        proxy.maximumPathLength = try e.number(defaulted: .maxPathLength)
        proxy.maximumConcurrentRequests = try e.number(defaulted: .maxConcurrentRequests)
        proxy.cacheMaxAge = try e.number(defaulted: .cacheMaxAge)
        proxy.defaultQuality = try e.number(defaulted: .defaultQuality)
        guard (1...100).contains(proxy.defaultQuality) else { throw SettingsError("--default-quality is 1 to 100") }
        // With imgproxy's defaults, its list alone: formats it lists no quality for take the default.
        if e.isOn(.imgproxyDefaults) { proxy.formatQualities = [:] }
        for item in e.list(.formatQuality) {
            let parts = item.split(separator: "=").map { $0.trimmingCharacters(in: .whitespaces) }
            guard parts.count == 2, let format = OutputFormat(name: parts[0]), let quality = Int(parts[1]),
                (1...100).contains(quality)
            else {
                let expected = "format=quality (jpg, webp, avif, jxl, heic; 1 to 100)"
                throw SettingsError("--format-quality takes \(expected), not '\(item)'")
            }
            proxy.formatQualities[format] = quality
        }
        let rule = e.text(defaulted: .shrinkOnLoad)
        guard let shrinkOnLoad = ShrinkOnLoadRule(rawValue: rule) else {
            throw SettingsError("--shrink-on-load is fast or quality, not '\(rule)'")
        }
        proxy.shrinkOnLoad = shrinkOnLoad
        proxy.negotiatesWebP = !e.isOn(.noWebpNegotiation)
        proxy.negotiatesAVIF = e.isOn(.avifNegotiation)
        proxy.negotiatesJPEGXL = !e.isOn(.noJxlNegotiation)
        proxy.enforcedFormats = Set(
            [(ServerSetting.enforceJxl, OutputFormat.jxl), (.enforceAvif, .avif), (.enforceWebp, .webp)]
                .filter { e.isOn($0.0) }.map(\.1)
        )
        let preferred = e.list(.preferredFormats)
        if !preferred.isEmpty {
            proxy.preferredFormats = try preferred.map { name throws(SettingsError) in
                guard let format = OutputFormat(name: name) else {
                    throw SettingsError("--preferred-formats names \(OutputFormat.names), not '\(name)'")
                }
                return format
            }
        }
        let requestLogLevel = e.text(defaulted: .requestLogLevel)
        if requestLogLevel == "off" {
            proxy.requestLogLevel = nil
        } else if let level = Logger.Level(rawValue: requestLogLevel) {
            proxy.requestLogLevel = level
        } else {
            let levels = Logger.Level.allCases.map(\.rawValue).joined(separator: ", ")
            throw SettingsError("--request-log-level is one of \(levels) or off, not '\(requestLogLevel)'")
        }
        let format = e.text(defaulted: .logFormat)
        guard let logFormat = LogFormat(rawValue: format) else {
            throw SettingsError("--log-format is text or json, not '\(format)'")
        }
        self.logFormat = logFormat
        let level = e.text(defaulted: .logLevel)
        guard let logLevel = Logger.Level(rawValue: level) else {
            let levels = Logger.Level.allCases.map(\.rawValue).joined(separator: ", ")
            throw SettingsError("--log-level is one of \(levels), not '\(level)'")
        }
        self.logLevel = logLevel
        if let text = e.text(.metricsBind) {
            guard let address = BindAddress(parsing: text) else {
                throw SettingsError("--metrics-bind is host:port (such as 127.0.0.1:9090 or :9090), not '\(text)'")
            }
            metricsAddress = address
        } else {
            metricsAddress = nil
        }
        telemetryEndpoint = e.text(.otelEndpoint)
        if let endpoint = telemetryEndpoint, !TelemetryExport.isEndpoint(endpoint) {
            throw SettingsError(
                "--otel-endpoint is an http or https URL, such as http://127.0.0.1:4318, not '\(endpoint)'"
            )
        }
        proxy.continuesIncomingTraces = e.isOn(.otelPropagateExternal)
        if let path = e.text(.watermark) {
            let opacity = try e.number(defaulted: .watermarkOpacity, as: Double.self)
            guard (0...1).contains(opacity) else { throw SettingsError("--watermark-opacity is 0 to 1") }
            proxy.watermark = try Self.watermark(at: path, opacity: opacity)
        }
        if let path = e.text(.fallbackImage) {
            let file = try Self.imageFile(at: path, flag: "fallback-image")
            let status = try e.number(defaulted: .fallbackImageStatus)
            guard (200...599).contains(status) else { throw SettingsError("--fallback-image-status is 200 to 599") }
            let ttl = try e.number(defaulted: .fallbackImageTtl)
            guard ttl >= 0 else { throw SettingsError("--fallback-image-ttl must be 0 or more") }
            proxy.fallbackImage = .init(data: file.data, id: file.digest, status: status, cacheMaxAge: ttl)
        }
        let requestTimeout = try e.number(defaulted: .requestTimeout, as: Double.self)
        proxy.requestTimeout = .milliseconds(Int(max(0.001, requestTimeout) * 1000))
        if let budget = try e.number(.memoryBudget) {
            guard budget >= 1 else { throw SettingsError("--memory-budget must be at least 1") }
            proxy.memoryBudget = budget << 20
        }
        if let decoded = try e.number(.decodedCacheSize) {
            guard decoded >= 0 else { throw SettingsError("--decoded-cache-size must be 0 or more") }
            proxy.decodedSourceCacheSize = decoded << 20
        }
        let memoryWait = try e.number(defaulted: .memoryQueueTimeout, as: Double.self)
        guard memoryWait >= 0 else { throw SettingsError("--memory-queue-timeout must be 0 or more") }
        proxy.memoryQueueTimeout = .milliseconds(Int(memoryWait * 1000))

        proxy.allowsPrivateAddresses = e.isOn(.allowPrivateAddresses)
        usesEnvironmentProxy = e.isOn(.useEnvironmentProxy)
        userAgent = e.text(defaulted: .userAgent)
        guard !userAgent.isEmpty, userAgent.unicodeScalars.allSatisfy({ (0x20..<0x7F).contains($0.value) }) else {
            throw SettingsError("--user-agent is printable ASCII, not '\(userAgent)'")
        }
        maximumSourceBytes = try e.number(defaulted: .maxSourceBytes)
        maximumSourcePixels = try e.number(defaulted: .maxSourcePixels)
        maximumAnimationFrames = try e.number(defaulted: .maxAnimationFrames)
        maximumRedirects = try e.number(defaulted: .maxRedirects)
        maximumConcurrentDownloads = try e.number(defaulted: .maxConcurrentDownloads)
        guard maximumRedirects >= 0 else { throw SettingsError("--max-redirects must be 0 or more") }
        downloadTimeout = try e.number(defaulted: .downloadTimeout, as: Double.self)
        let directory = e.text(.cacheDirectory)
        cacheDirectory =
            directory.map { URL(fileURLWithPath: $0, isDirectory: true) }
            ?? FileManager.default.temporaryDirectory.appendingPathComponent("nuke-server", isDirectory: true)
        cacheSizeLimit = try e.number(defaulted: .cacheSize) << 20
        memoryCacheSizeLimit =
            try e.number(.memoryCacheSize).map { $0 << 20 }
            ?? min(256 << 20, Int(Double(SystemMemory.available) * 0.15))
        keepsResults = !e.isOn(.noResultCache)
        shutdownTimeout = try e.number(defaulted: .shutdownTimeout, as: Double.self)
        connections = try Self.connectionLimits(reading: e)
        if let url = e.text(.redis) {
            var redis: RedisDataCache.Configuration
            do {
                redis = try RedisDataCache.Configuration(url: url)
            } catch {
                throw SettingsError("--redis: \(error)")
            }
            redis.keyPrefix = e.text(defaulted: .redisKeyPrefix)
            let timeout = try e.number(defaulted: .redisTimeout)
            let ttl = try e.number(defaulted: .redisTtl)
            guard timeout >= 1, ttl >= 1 else {
                throw SettingsError("--redis-timeout and --redis-ttl must be at least 1")
            }
            redis.operationTimeout = .milliseconds(timeout)
            redis.timeToLive = .seconds(ttl)
            redis.maximumValueSize = max(redis.maximumValueSize, maximumSourceBytes + 4096)
            self.redis = redis
        }
        let storageTimeout = try e.number(defaulted: .storageTimeout)
        for (setting, keyPrefix) in [(ServerSetting.resultStorage, "results"), (.originalStorage, "originals")] {
            guard let url = e.text(setting) else { continue }
            let (endpoint, credentials) = try Self.objectStorage(reading: e, for: setting.flag)
            var storage: ObjectStorageDataCache.Configuration
            do {
                storage = try ObjectStorageDataCache.Configuration(
                    url: url,
                    endpoint: endpoint,
                    credentials: credentials
                )
            } catch {
                throw SettingsError("\(setting.flag): \(error)")
            }
            guard storageTimeout >= 1 else { throw SettingsError("--storage-timeout must be at least 1") }
            storage.operationTimeout = .milliseconds(storageTimeout)
            storage.maximumValueSize = max(storage.maximumValueSize, maximumSourceBytes + 4096)
            if keyPrefix == "results" { resultStorage = storage } else { originalStorage = storage }
        }
        guard memoryCacheSizeLimit >= 0 else { throw SettingsError("--memory-cache-size must be 0 or more") }
        for (setting, value) in [
            (ServerSetting.maxSourceBytes, maximumSourceBytes), (.maxSourcePixels, maximumSourcePixels),
            (.maxAnimationFrames, maximumAnimationFrames), (.maxResultDimension, proxy.maximumResultDimension),
            (.maxChainLength, proxy.maximumChainLength), (.maxPathLength, proxy.maximumPathLength),
            (.maxConcurrentRequests, proxy.maximumConcurrentRequests), (.cacheSize, cacheSizeLimit),
            (.maxConcurrentDownloads, maximumConcurrentDownloads),
            (.maxAnimationFramePixels, proxy.maximumAnimationFramePixels ?? 1),
        ] where value < 1 {
            throw SettingsError("\(setting.flag) must be at least 1")
        }
    }

    /// `--read-request-timeout`, `--keep-alive-timeout` and `--max-connections`, checked against
    /// the descriptor limit.
    static func connectionLimits(reading e: SettingsReader) throws(SettingsError) -> ConnectionLimits {
        let readRequest = try e.number(defaulted: .readRequestTimeout, as: Double.self)
        let keepAlive = try e.number(defaulted: .keepAliveTimeout, as: Double.self)
        guard readRequest > 0, keepAlive > 0 else {
            throw SettingsError("--read-request-timeout and --keep-alive-timeout must be above 0 seconds")
        }
        let available = ConnectionLimits.defaultMaximumConnections
        let maximum = try e.number(.maxConnections) ?? available
        let (limit, reserved) = (ConnectionLimits.descriptorLimit, ConnectionLimits.reservedDescriptors)
        let upper = max(available, limit - reserved)
        guard (1...upper).contains(maximum) else {
            throw SettingsError(
                "--max-connections must be 1 to \(upper): the process may open \(limit) descriptors (ulimit -n), "
                    + "\(reserved) of them kept for caches and origins"
            )
        }
        return ConnectionLimits(
            readRequestTimeout: .milliseconds(Int(readRequest * 1000)),
            keepAliveTimeout: .milliseconds(Int(keepAlive * 1000)),
            maximumConnections: maximum
        )
    }

    /// Whether `text` is `*` or an `http`/`https` origin: a scheme and host (and port), no path,
    /// query or credentials, so that it is safe to send as a header.
    static func isOrigin(_ text: String) -> Bool {
        guard text != "*" else { return true }
        guard let components = URLComponents(string: text), let scheme = components.scheme?.lowercased() else {
            return false
        }
        return ["http", "https"].contains(scheme) && components.host?.isEmpty == false && components.path.isEmpty
            && components.query == nil && components.fragment == nil && components.user == nil
    }

    /// Whether `host` is a loopback address (or `localhost`).
    static func isLoopback(_ host: String) -> Bool {
        host == "localhost" || host == "::1" || host.hasPrefix("127.")
    }
}
