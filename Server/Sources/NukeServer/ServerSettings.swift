// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

import ArgumentParser
import Crypto
import Foundation
import Logging
import Nuke
import NukeHummingbird
import NukeRedis

/// The server's settings, read from the flags and the environment and checked together.
struct ServerSettings: Sendable {
    var host: String
    var port: Int
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
    /// The shared Redis tier, if one was given.
    var redis: RedisDataCache.Configuration?

    /// Decodes the watermark file with the default plugins; its id is a digest of the file, so a
    /// new image makes new cache keys.
    static func watermark(at path: String, opacity: Double) throws -> ProxyConfiguration.Watermark {
        let file = try imageFile(at: path, flag: "watermark")
        return ProxyConfiguration.Watermark(image: file.image, id: "watermark-\(file.digest)", opacity: opacity)
    }

    /// The image file at `path` (for `--<flag>`), decoded to check it is one, and a digest of it.
    static func imageFile(at path: String, flag: String) throws -> (data: Data, image: Bitmap, digest: String) {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw ValidationError("--\(flag) \(path) cannot be read")
        }
        let context = ImageDecodingContext(request: ImageRequest(url: URL(fileURLWithPath: path)), data: data)
        guard let decoder = PluginRegistry.defaultPlugins.decoder(for: context),
            let image = try? decoder.decode(data).image
        else { throw ValidationError("--\(flag) \(path) is not an image the server decodes") }
        let digest = SHA256.hash(data: data).prefix(8).map { String(format: "%02x", $0) }.joined()
        return (data, image, digest)
    }

    init(command c: ServeCommand, environment e: Environment) throws {
        host = e.value(c.bind, "bind", default: "127.0.0.1")
        port = try e.number(c.port, "port", default: 8080)

        let keys = e.values(c.key, "key")
        let salts = e.values(c.salt, "salt")
        guard keys.count == salts.count else {
            throw ValidationError("give one --salt for each --key (\(keys.count) keys, \(salts.count) salts)")
        }
        var signatureKeys: [URLSignature.Key] = []
        for (key, salt) in zip(keys, salts) {
            do {
                signatureKeys.append(try URLSignature.Key(hexKey: key, hexSalt: salt))
            } catch {
                throw ValidationError("\(error)")
            }
        }
        let size = try e.number(c.signatureSize, "signature-size", default: 32)
        proxy = ProxyConfiguration(
            signature: signatureKeys.isEmpty ? nil : URLSignature(keys: signatureKeys, size: size)
        )
        proxy.allowsUnsignedURLs = e.isOn(c.allowUnsigned, "allow-unsigned")
        if proxy.allowsUnsignedURLs, !Self.isLoopback(host) {
            throw ValidationError("--allow-unsigned is only allowed when bound to loopback (--bind 127.0.0.1 or ::1)")
        }
        if signatureKeys.isEmpty, !proxy.allowsUnsignedURLs {
            throw ValidationError(
                "give a signing --key and --salt (hex), or --allow-unsigned on loopback for development"
            )
        }

        var allowed: [SourcePolicy.AllowedSource] = []
        for text in e.values(c.allowedSource, "allowed-source") {
            do {
                allowed.append(try SourcePolicy.AllowedSource(parsing: text))
            } catch {
                throw ValidationError("\(error)")
            }
        }
        let localRoot = e.value(c.localRoot, "local-root").map { URL(fileURLWithPath: $0, isDirectory: true) }
        if let localRoot {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: localRoot.path, isDirectory: &isDirectory),
                isDirectory.boolValue
            else { throw ValidationError("--local-root \(localRoot.path) is not a folder") }
        }
        let baseURL = e.value(c.baseURL, "base-url")
        if let baseURL {
            let scheme = URLComponents(string: baseURL)?.scheme?.lowercased()
            guard ["http", "https", "local"].contains(scheme), URLComponents(string: baseURL)?.user == nil else {
                throw ValidationError("--base-url '\(baseURL)' is not an http, https or local URL")
            }
        }
        proxy.sources = SourcePolicy(allowedSources: allowed, localRoot: localRoot, baseURL: baseURL)
        if let origin = e.value(c.allowOrigin, "allow-origin") {
            guard Self.isOrigin(origin) else {
                let expected = "* or an origin such as https://app.example.com"
                throw ValidationError("--allow-origin is \(expected), not '\(origin)'")
            }
            proxy.allowedOrigin = origin
        }
        for text in e.values(c.preset, "preset") {
            do {
                let preset = try ProxyConfiguration.preset(parsing: text)
                proxy.presets[preset.name] = preset.options
            } catch {
                throw ValidationError("\(error)")
            }
        }
        proxy.onlyPresets = e.isOn(c.onlyPresets, "only-presets")
        proxy.allowsSecurityOptions = e.isOn(c.allowSecurityOptions, "allow-security-options")
        if let prefix = e.value(c.pathPrefix, "path-prefix") {
            let trimmed = prefix.hasSuffix("/") ? String(prefix.dropLast()) : prefix
            guard trimmed.isEmpty || (trimmed.hasPrefix("/") && !trimmed.contains("//") && !trimmed.contains("?"))
            else {
                throw ValidationError("--path-prefix is a path such as /images, not '\(prefix)'")
            }
            proxy.pathPrefix = trimmed
        }
        proxy.allowedProcessors = Set(
            e.values(c.allowedProcessors.map { [$0] } ?? [], "allowed-processors").flatMap {
                $0.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
            }
        )
        proxy.maximumResultDimension = try e.number(c.maxResultDimension, "max-result-dimension", default: 8192)
        proxy.maximumChainLength = try e.number(c.maxChainLength, "max-chain-length", default: 8)
        proxy.maximumPathLength = try e.number(c.maxPathLength, "max-path-length", default: 8192)
        proxy.maximumConcurrentRequests = try e.number(c.maxConcurrentRequests, "max-concurrent-requests", default: 256)
        proxy.cacheMaxAge = try e.number(c.cacheMaxAge, "cache-max-age", default: 31_536_000)
        proxy.defaultQuality = try e.number(c.defaultQuality, "default-quality", default: 80)
        guard (1...100).contains(proxy.defaultQuality) else { throw ValidationError("--default-quality is 1 to 100") }
        for item in e.values(c.formatQuality, "format-quality").flatMap({ $0.split(separator: ",") }) {
            let parts = item.split(separator: "=").map { $0.trimmingCharacters(in: .whitespaces) }
            guard parts.count == 2, let format = OutputFormat(name: parts[0]), let quality = Int(parts[1]),
                (1...100).contains(quality)
            else {
                let expected = "format=quality (jpg, webp, avif; 1 to 100)"
                throw ValidationError("--format-quality takes \(expected), not '\(item)'")
            }
            proxy.formatQualities[format] = quality
        }
        let rule = e.value(c.shrinkOnLoad, "shrink-on-load", default: "fast")
        guard let shrinkOnLoad = ShrinkOnLoadRule(rawValue: rule) else {
            throw ValidationError("--shrink-on-load is fast or quality, not '\(rule)'")
        }
        proxy.shrinkOnLoad = shrinkOnLoad
        proxy.negotiatesWebP = !e.isOn(c.noWebpNegotiation, "no-webp-negotiation")
        proxy.negotiatesAVIF = e.isOn(c.avifNegotiation, "avif-negotiation")
        let requestLogLevel = e.value(c.requestLogLevel, "request-log-level", default: "info")
        if requestLogLevel == "off" {
            proxy.requestLogLevel = nil
        } else if let level = Logger.Level(rawValue: requestLogLevel) {
            proxy.requestLogLevel = level
        } else {
            let levels = Logger.Level.allCases.map(\.rawValue).joined(separator: ", ")
            throw ValidationError("--request-log-level is one of \(levels) or off, not '\(requestLogLevel)'")
        }
        if let path = e.value(c.watermark, "watermark") {
            let opacity = try e.number(c.watermarkOpacity, "watermark-opacity", default: 1.0)
            guard (0...1).contains(opacity) else { throw ValidationError("--watermark-opacity is 0 to 1") }
            proxy.watermark = try Self.watermark(at: path, opacity: opacity)
        }
        if let path = e.value(c.fallbackImage, "fallback-image") {
            let file = try Self.imageFile(at: path, flag: "fallback-image")
            let status = try e.number(c.fallbackImageStatus, "fallback-image-status", default: 200)
            guard (200...599).contains(status) else { throw ValidationError("--fallback-image-status is 200 to 599") }
            let ttl = try e.number(c.fallbackImageTtl, "fallback-image-ttl", default: 60)
            guard ttl >= 0 else { throw ValidationError("--fallback-image-ttl must be 0 or more") }
            proxy.fallbackImage = .init(data: file.data, id: file.digest, status: status, cacheMaxAge: ttl)
        }
        let requestTimeout = try e.number(c.requestTimeout, "request-timeout", default: 30.0)
        proxy.requestTimeout = .milliseconds(Int(max(0.001, requestTimeout) * 1000))

        proxy.allowsPrivateAddresses = e.isOn(c.allowPrivateAddresses, "allow-private-addresses")
        usesEnvironmentProxy = e.isOn(c.useEnvironmentProxy, "use-environment-proxy")
        userAgent = e.value(c.userAgent, "user-agent", default: "nuke-server")
        guard !userAgent.isEmpty, userAgent.unicodeScalars.allSatisfy({ (0x20..<0x7F).contains($0.value) }) else {
            throw ValidationError("--user-agent is printable ASCII, not '\(userAgent)'")
        }
        maximumSourceBytes = try e.number(c.maxSourceBytes, "max-source-bytes", default: 50 << 20)
        maximumSourcePixels = try e.number(c.maxSourcePixels, "max-source-pixels", default: 50_000_000)
        maximumAnimationFrames = try e.number(c.maxAnimationFrames, "max-animation-frames", default: 1000)
        maximumRedirects = try e.number(c.maxRedirects, "max-redirects", default: 10)
        maximumConcurrentDownloads = try e.number(c.maxConcurrentDownloads, "max-concurrent-downloads", default: 64)
        guard maximumRedirects >= 0 else { throw ValidationError("--max-redirects must be 0 or more") }
        downloadTimeout = try e.number(c.downloadTimeout, "download-timeout", default: 20.0)
        let directory = e.value(c.cacheDirectory, "cache-directory")
        cacheDirectory =
            directory.map { URL(fileURLWithPath: $0, isDirectory: true) }
            ?? FileManager.default.temporaryDirectory.appendingPathComponent("nuke-server", isDirectory: true)
        cacheSizeLimit = try e.number(c.cacheSize, "cache-size", default: 1024) << 20
        memoryCacheSizeLimit = try e.number(c.memoryCacheSize, "memory-cache-size", default: 256) << 20
        keepsResults = !e.isOn(c.noResultCache, "no-result-cache")
        shutdownTimeout = try e.number(c.shutdownTimeout, "shutdown-timeout", default: 10.0)
        connections = try Self.connectionLimits(command: c, environment: e)
        if let url = e.value(c.redis, "redis") {
            do {
                var redis = try RedisDataCache.Configuration(url: url)
                redis.keyPrefix = e.value(c.redisKeyPrefix, "redis-key-prefix", default: "nuke-server:")
                let timeout = try e.number(c.redisTimeout, "redis-timeout", default: 100)
                let ttl = try e.number(c.redisTtl, "redis-ttl", default: 7 * 24 * 3600)
                guard timeout >= 1, ttl >= 1 else {
                    throw ValidationError("--redis-timeout and --redis-ttl must be at least 1")
                }
                redis.operationTimeout = .milliseconds(timeout)
                redis.timeToLive = .seconds(ttl)
                redis.maximumValueSize = max(redis.maximumValueSize, maximumSourceBytes + 4096)
                self.redis = redis
            } catch let error as RedisConfigurationError {
                throw ValidationError("--redis: \(error)")
            }
        }
        guard memoryCacheSizeLimit >= 0 else { throw ValidationError("--memory-cache-size must be 0 or more") }
        for (name, value) in [
            ("max-source-bytes", maximumSourceBytes), ("max-source-pixels", maximumSourcePixels),
            ("max-animation-frames", maximumAnimationFrames), ("max-result-dimension", proxy.maximumResultDimension),
            ("max-chain-length", proxy.maximumChainLength), ("max-path-length", proxy.maximumPathLength),
            ("max-concurrent-requests", proxy.maximumConcurrentRequests), ("cache-size", cacheSizeLimit),
            ("max-concurrent-downloads", maximumConcurrentDownloads),
        ] where value < 1 {
            throw ValidationError("--\(name) must be at least 1")
        }
    }

    /// `--read-request-timeout`, `--keep-alive-timeout` and `--max-connections`, checked against
    /// the descriptor limit.
    static func connectionLimits(command c: ServeCommand, environment e: Environment) throws -> ConnectionLimits {
        let readRequest = try e.number(c.readRequestTimeout, "read-request-timeout", default: 10.0)
        let keepAlive = try e.number(c.keepAliveTimeout, "keep-alive-timeout", default: 10.0)
        guard readRequest > 0, keepAlive > 0 else {
            throw ValidationError("--read-request-timeout and --keep-alive-timeout must be above 0 seconds")
        }
        let available = ConnectionLimits.defaultMaximumConnections
        let maximum = try e.number(c.maxConnections, "max-connections", default: available)
        let (limit, reserved) = (ConnectionLimits.descriptorLimit, ConnectionLimits.reservedDescriptors)
        let upper = max(available, limit - reserved)
        guard (1...upper).contains(maximum) else {
            throw ValidationError(
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
