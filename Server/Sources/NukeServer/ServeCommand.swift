// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

import ArgumentParser
import Foundation
import Hummingbird
import Logging
import Nuke
import NukeHummingbird
import ServiceLifecycle

/// `nuke-server`: the image proxy. Every option can also be set by an environment variable,
/// `NUKE_SERVER_` and the option's name in capitals (`--max-source-bytes` →
/// `NUKE_SERVER_MAX_SOURCE_BYTES`; lists comma-separated).
@main
struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "nuke-server",
        abstract: "An image proxy: fetches, processes, caches and serves images named by signed URLs.",
        discussion: """
            URLs are imgproxy's: /<signature>/<options>/plain/<source URL>[@<extension>], with \
            signatures made by HMAC-SHA256 over salt and path. Every option can also be set by an \
            environment variable: NUKE_SERVER_ and the option's name in capitals with _ for - \
            (lists comma-separated).
            """
    )

    @Option(help: "The address to listen on (env NUKE_SERVER_BIND; default 127.0.0.1).")
    var bind: String?

    @Option(help: "The port (env NUKE_SERVER_PORT; default 8080).")
    var port: Int?

    @Option(help: "A signing key in hex; repeat with --salt for key rotation (env NUKE_SERVER_KEY).")
    var key: [String] = []

    @Option(help: "The salt in hex for the --key at the same position (env NUKE_SERVER_SALT).")
    var salt: [String] = []

    @Option(help: "Bytes of the HMAC a signature carries, 1–32 (default 32).")
    var signatureSize: Int?

    @Option(help: "The User-Agent sent to origins (default nuke-server).")
    var userAgent: String?

    @Flag(help: "Accept unsigned URLs (any text as the signature); only when bound to loopback.")
    var allowUnsigned = false

    @Option(help: "An allowed source, such as https://images.example.com/public/ (repeatable; default: any).")
    var allowedSource: [String] = []

    @Option(help: "A folder served as local:///<path> sources.")
    var localRoot: String?

    @Option(help: "A prefix for sources that do not start with it, such as https://cdn.example.com/images/.")
    var baseURL: String?

    @Option(help: "The Access-Control-Allow-Origin of every response: * or an origin such as https://app.example.com.")
    var allowOrigin: String?

    @Option(
        help: """
            The level of each image request's log line once answered: trace, debug, info (default), \
            notice, warning, error, critical, or off.
            """
    )
    var requestLogLevel: String?

    @Option(help: "A path prefix every image URL starts with, such as /images (not part of what is signed).")
    var pathPrefix: String?

    @Option(help: "A preset, name=option/option… (repeatable); 'default' applies to every request.")
    var preset: [String] = []

    @Flag(help: "Refuse every option but presets (pr:).")
    var onlyPresets = false

    @Flag(help: "Let signed URLs replace the source and result limits (msr, msfs, maf, mrd); refused (403) without.")
    var allowSecurityOptions = false

    @Option(help: "Processor names the nuke: option may use, comma-separated (default: none).")
    var allowedProcessors: String?

    @Flag(help: "Let the loader connect to loopback, private and link-local addresses.")
    var allowPrivateAddresses = false

    @Flag(help: "Use http_proxy/https_proxy from the environment.")
    var useEnvironmentProxy = false

    @Option(help: "The largest source accepted, in bytes (default 50 MiB).")
    var maxSourceBytes: Int?

    @Option(help: "The largest source accepted, in pixels (default 50,000,000).")
    var maxSourcePixels: Int?

    @Option(help: "The most frames of an animated source (default 1000).")
    var maxAnimationFrames: Int?

    @Option(help: "The largest result width or height (default 8192).")
    var maxResultDimension: Int?

    @Option(help: "The most processors one request may run (default 8).")
    var maxChainLength: Int?

    @Option(help: "The longest URL path accepted, in bytes (default 8192).")
    var maxPathLength: Int?

    @Option(help: "The most redirects followed, each checked against the allowed sources (default 10).")
    var maxRedirects: Int?

    @Option(help: "Seconds a download may take (default 20).")
    var downloadTimeout: Double?

    @Option(help: "Seconds a whole request may take before 504 (default 30).")
    var requestTimeout: Double?

    @Option(help: "The most requests served at once; past it, 429 (default 256).")
    var maxConcurrentRequests: Int?

    @Option(help: "The most origin downloads at once; more wait for a slot (default 64).")
    var maxConcurrentDownloads: Int?

    @Option(help: "Cache-Control max-age of results, in seconds (default 31536000).")
    var cacheMaxAge: Int?

    @Option(help: "JPEG, WebP and AVIF quality when the URL gives none (default 80).")
    var defaultQuality: Int?

    @Option(
        help: """
            A format's own quality when the URL gives none, as format=quality (jpg, webp, avif; \
            repeatable or comma-separated, e.g. avif=63,webp=79); fq: in a URL overrides it.
            """
    )
    var formatQuality: [String] = []

    @Option(
        help:
            "How small a decode resizes accept: fast (the smallest JPEG/WebP scale not below the output, as thumbnailers do) or quality (three times the output; default fast)."
    )
    var shrinkOnLoad: String?

    @Flag(help: "Do not answer WebP to clients whose Accept lists it when no format is asked for.")
    var noWebpNegotiation = false

    @Flag(
        help: """
            Answer AVIF to clients whose Accept lists it when no format is asked for (off by default: \
            an AVIF costs several WebPs to encode; animations stay WebP or their own format).
            """
    )
    var avifNegotiation = false

    @Option(
        help: """
            An image file served, processed as the URL asks, when the source is missing, failing, too slow \
            or not an image (default: the error).
            """
    )
    var fallbackImage: String?

    @Option(help: "The status the fallback image is served with (default 200).")
    var fallbackImageStatus: Int?

    @Option(help: "Cache-Control max-age of fallback responses, in seconds (default 60).")
    var fallbackImageTtl: Int?

    @Option(help: "An image file wm: draws over results (any format the server decodes; default: wm: is refused).")
    var watermark: String?

    @Option(help: "The opacity of the --watermark, 0 to 1, which wm:'s own multiplies (default 1).")
    var watermarkOpacity: Double?

    @Option(
        help:
            "Where results and originals are cached on disk (default: a nuke-server folder in the temporary directory)."
    )
    var cacheDirectory: String?

    @Option(help: "Disk cache size in MiB, for results and for originals each (default 1024).")
    var cacheSize: Int?

    @Option(help: "Memory cache of processed images in MiB; 0 turns it off (default 256).")
    var memoryCacheSize: Int?

    @Flag(help: "Do not keep encoded results on disk (every request is processed; originals stay cached).")
    var noResultCache = false

    @Option(
        help:
            "A Redis shared by a fleet, as the cache tier behind the local disk for results and originals: redis://[[user]:password@]host[:port][/db] or unix:///path/to/redis.sock."
    )
    var redis: String?

    @Option(help: "Prefix of the keys in Redis (default nuke-server:).")
    var redisKeyPrefix: String?

    @Option(help: "Milliseconds a Redis lookup may add to a request before it counts as a miss (default 100).")
    var redisTimeout: Int?

    @Option(help: "Seconds entries live in Redis (default 604800, a week).")
    var redisTtl: Int?

    @Option(help: "Seconds in-flight requests get to finish on SIGTERM (default 10).")
    var shutdownTimeout: Double?

    @Option(help: "Seconds a client may take to send a request's head; then its connection is closed (default 10).")
    var readRequestTimeout: Double?

    @Option(help: "Seconds a connection may wait for its next request; then it is closed (default 10).")
    var keepAliveTimeout: Double?

    @Option(
        help: """
            The most connections open at once; one past it is closed at once (default: the descriptor limit, \
            raised to its hard limit, less 256, at most 10000).
            """
    )
    var maxConnections: Int?

    /// Parses the command line and serves; a usage error is one line on stderr and status 64
    /// (`EX_USAGE`), a failure at run time status 1.
    static func main() async {
        do {
            var command = try parseAsRoot()
            if let serve = command as? ServeCommand {
                try await serve.run()
            } else {
                try command.run()
            }
        } catch {
            let code = exitCode(for: error)
            if code == .success {
                print(fullMessage(for: error))
            } else {
                let message = message(for: error)
                let line = message.split(separator: "\n").first.map(String.init) ?? "\(error)"
                FileHandle.standardError.write(Data(("nuke-server: " + line + "\n").utf8))
            }
            Foundation.exit(code.rawValue)
        }
    }

    func run() async throws {
        // Before the settings, whose default connection limit follows the descriptor limit.
        ConnectionLimits.raiseDescriptorLimit()
        let environment = Environment()
        let settings = try ServerSettings(command: self, environment: environment)
        var logger = Logger(label: "nuke-server")
        logger.logLevel = .info
        let server = try ProxyServer(settings: settings, logger: logger)
        try await server.run()
    }
}
