// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

import NukeHummingbird

/// One of imgproxy's environment variables that has a setting here, and how its value reads as
/// that setting's: an imgproxy deployment's env file works unchanged, and a `NUKE_SERVER_…`
/// variable (or a flag) for the same setting wins over it.
struct ImgproxyVariable: Sendable {
    /// What an imgproxy value becomes here.
    enum Reading: Equatable, Sendable {
        /// The setting's text.
        case value(String)
        /// No equivalent: the setting keeps its own value, and the reason is logged.
        case kept(String)
        /// Not a value imgproxy takes; the words say what it takes.
        case invalid(String)
        /// imgproxy's "none", which is the setting's own default: nothing is set.
        case unset
    }

    /// `IMGPROXY_TTL`.
    let name: String
    /// The setting it sets.
    let setting: ServerSetting
    /// Reads imgproxy's text as the setting's.
    let read: @Sendable (String) -> Reading

    /// imgproxy's variables read, each with the setting it sets; where two name one setting, the
    /// first given wins.
    static let all: [ImgproxyVariable] = [
        ImgproxyVariable(name: "IMGPROXY_BIND", setting: .bind) {
            BindAddress(parsing: $0).map { .value($0.host) } ?? address
        },
        ImgproxyVariable(name: "IMGPROXY_BIND", setting: .port) {
            BindAddress(parsing: $0).map { .value(String($0.port)) } ?? address
        },
        ImgproxyVariable(name: "IMGPROXY_KEY", setting: .key, read: same),
        ImgproxyVariable(name: "IMGPROXY_SALT", setting: .salt, read: same),
        ImgproxyVariable(name: "IMGPROXY_SIGNATURE_SIZE", setting: .signatureSize, read: same),
        ImgproxyVariable(name: "IMGPROXY_USER_AGENT", setting: .userAgent, read: same),
        ImgproxyVariable(name: "IMGPROXY_ALLOWED_SOURCES", setting: .allowedSource, read: same),
        ImgproxyVariable(name: "IMGPROXY_LOCAL_FILESYSTEM_ROOT", setting: .localRoot, read: same),
        ImgproxyVariable(name: "IMGPROXY_BASE_URL", setting: .baseURL, read: same),
        ImgproxyVariable(name: "IMGPROXY_USE_S3", setting: .useS3, read: toggle),
        ImgproxyVariable(name: "IMGPROXY_S3_ENDPOINT", setting: .s3Endpoint, read: same),
        ImgproxyVariable(name: "IMGPROXY_S3_REGION", setting: .s3Region, read: same),
        ImgproxyVariable(name: "IMGPROXY_S3_ENDPOINT_USE_PATH_STYLE", setting: .s3VirtualHosted, read: invertedToggle),
        ImgproxyVariable(
            name: "IMGPROXY_ALLOW_PRIVATE_SOURCE_ADDRESSES",
            setting: .allowPrivateAddresses,
            read: toggle
        ),
        ImgproxyVariable(name: "IMGPROXY_ALLOW_ORIGIN", setting: .allowOrigin, read: same),
        ImgproxyVariable(name: "IMGPROXY_PATH_PREFIX", setting: .pathPrefix, read: same),
        ImgproxyVariable(name: "IMGPROXY_PRESETS", setting: .preset, read: same),
        ImgproxyVariable(name: "IMGPROXY_PRESETS_PATH", setting: .presetsFile, read: same),
        ImgproxyVariable(name: "IMGPROXY_ONLY_PRESETS", setting: .onlyPresets, read: toggle),
        ImgproxyVariable(name: "IMGPROXY_ALLOW_SECURITY_OPTIONS", setting: .allowSecurityOptions, read: toggle),
        ImgproxyVariable(name: "IMGPROXY_SECRET", setting: .secret, read: same),
        ImgproxyVariable(name: "IMGPROXY_TRUSTED_SIGNATURES", setting: .trustedSignature, read: same),
        ImgproxyVariable(name: "IMGPROXY_SET_CANONICAL_HEADER", setting: .setCanonicalHeader, read: toggle),
        ImgproxyVariable(name: "IMGPROXY_ALLOWED_PROCESSING_OPTIONS", setting: .allowedProcessingOptions, read: same),
        ImgproxyVariable(name: "IMGPROXY_USE_LAST_MODIFIED", setting: .useLastModified, read: toggle),
        ImgproxyVariable(name: "IMGPROXY_CACHE_CONTROL_PASSTHROUGH", setting: .cacheControlPassthrough, read: toggle),
        ImgproxyVariable(name: "IMGPROXY_ENABLE_DEBUG_HEADERS", setting: .enableDebugHeaders, read: toggle),
        ImgproxyVariable(name: "IMGPROXY_TTL", setting: .cacheMaxAge, read: same),
        ImgproxyVariable(name: "IMGPROXY_QUALITY", setting: .defaultQuality, read: same),
        ImgproxyVariable(name: "IMGPROXY_FORMAT_QUALITY", setting: .formatQuality) { text in
            .value(text.replacingOccurrences(of: "jpeg=", with: "jpg="))
        },
        ImgproxyVariable(name: "IMGPROXY_AUTO_WEBP", setting: .noWebpNegotiation, read: invertedToggle),
        ImgproxyVariable(name: "IMGPROXY_ENABLE_WEBP_DETECTION", setting: .noWebpNegotiation, read: invertedToggle),
        ImgproxyVariable(name: "IMGPROXY_AUTO_AVIF", setting: .avifNegotiation, read: toggle),
        ImgproxyVariable(name: "IMGPROXY_ENABLE_AVIF_DETECTION", setting: .avifNegotiation, read: toggle),
        ImgproxyVariable(name: "IMGPROXY_AUTO_JXL", setting: .noJxlNegotiation, read: invertedToggle),
        ImgproxyVariable(name: "IMGPROXY_ENFORCE_JXL", setting: .enforceJxl, read: toggle),
        ImgproxyVariable(name: "IMGPROXY_ENFORCE_AVIF", setting: .enforceAvif, read: toggle),
        ImgproxyVariable(name: "IMGPROXY_ENFORCE_WEBP", setting: .enforceWebp, read: toggle),
        ImgproxyVariable(name: "IMGPROXY_PREFERRED_FORMATS", setting: .preferredFormats) { text in
            let names = text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
            let written = names.filter { OutputFormat(name: $0) != nil }
            return written.isEmpty
                ? .kept("none of \(text) is a result format here") : .value(written.joined(separator: ","))
        },
        ImgproxyVariable(name: "IMGPROXY_FALLBACK_IMAGE_PATH", setting: .fallbackImage, read: same),
        ImgproxyVariable(name: "IMGPROXY_FALLBACK_IMAGE_HTTP_CODE", setting: .fallbackImageStatus, read: same),
        ImgproxyVariable(name: "IMGPROXY_FALLBACK_IMAGE_TTL", setting: .fallbackImageTtl, read: same),
        ImgproxyVariable(name: "IMGPROXY_WATERMARK_PATH", setting: .watermark, read: same),
        ImgproxyVariable(name: "IMGPROXY_WATERMARK_OPACITY", setting: .watermarkOpacity, read: same),
        ImgproxyVariable(name: "IMGPROXY_MAX_SRC_FILE_SIZE", setting: .maxSourceBytes, read: limit),
        ImgproxyVariable(name: "IMGPROXY_MAX_SRC_RESOLUTION", setting: .maxSourcePixels, read: pixels(megapixels:)),
        ImgproxyVariable(name: "IMGPROXY_MAX_ANIMATION_FRAMES", setting: .maxAnimationFrames, read: same),
        ImgproxyVariable(name: "IMGPROXY_MAX_ANIMATION_FRAME_RESOLUTION", setting: .maxAnimationFramePixels) { text in
            if Double(text) == 0 { return .unset }
            return pixels(megapixels: text)
        },
        ImgproxyVariable(name: "IMGPROXY_MAX_RESULT_DIMENSION", setting: .maxResultDimension, read: limit),
        ImgproxyVariable(name: "IMGPROXY_MAX_REDIRECTS", setting: .maxRedirects, read: same),
        ImgproxyVariable(name: "IMGPROXY_DOWNLOAD_TIMEOUT", setting: .downloadTimeout, read: same),
        ImgproxyVariable(name: "IMGPROXY_TIMEOUT", setting: .requestTimeout, read: same),
        ImgproxyVariable(name: "IMGPROXY_READ_REQUEST_TIMEOUT", setting: .readRequestTimeout, read: same),
        ImgproxyVariable(name: "IMGPROXY_KEEP_ALIVE_TIMEOUT", setting: .keepAliveTimeout, read: same),
        ImgproxyVariable(name: "IMGPROXY_GRACEFUL_STOP_TIMEOUT", setting: .shutdownTimeout, read: same),
        ImgproxyVariable(name: "IMGPROXY_MAX_CLIENTS", setting: .maxConnections, read: limit),
        ImgproxyVariable(name: "IMGPROXY_LOG_FORMAT", setting: .logFormat) { text in
            switch text {
            case "pretty", "structured": .value("text")
            case "json", "gcp": .value("json")
            default: .invalid("pretty, structured, json or gcp")
            }
        },
        ImgproxyVariable(name: "IMGPROXY_LOG_LEVEL", setting: .logLevel) { text in
            switch text.lowercased() {
            case "debug", "info", "error": .value(text.lowercased())
            case "warn", "warning": .value("warning")
            default: .invalid("debug, info, warn or error")
            }
        },
        ImgproxyVariable(name: "IMGPROXY_PROMETHEUS_BIND", setting: .metricsBind) { text in
            BindAddress(parsing: text) == nil ? address : .value(text)
        },
        // imgproxy takes the collector from OTEL_EXPORTER_OTLP_ENDPOINT, which wins over this
        // default (OpenTelemetry's own) here too.
        ImgproxyVariable(name: "IMGPROXY_OPEN_TELEMETRY_ENABLE", setting: .otelEndpoint) { text in
            boolean(text).map { $0 ? .value("http://localhost:4318") : .unset } ?? .invalid("a boolean")
        },
        ImgproxyVariable(
            name: "IMGPROXY_OPEN_TELEMETRY_PROPAGATE_EXTERNAL",
            setting: .otelPropagateExternal,
            read: toggle
        ),
    ]

    /// imgproxy's variables in `environment` as `NUKE_SERVER_…` variables, each with the imgproxy
    /// variable and text it came from; and a line for each `IMGPROXY_…` variable that sets nothing
    /// here (never silently ignored) or whose value has no equivalent.
    ///
    /// - Parameter file: the environment file `environment` was read from, named in messages.
    /// - Throws: ``SettingsError`` for a value imgproxy itself would refuse.
    static func translate(_ environment: [String: String], file: String? = nil) throws(SettingsError) -> Translation {
        let place = file.map { " in \($0)" } ?? ""
        var translation = Translation()
        for variable in all {
            guard let text = environment[variable.name],
                translation.variables[variable.setting.environmentVariable] == nil
            else { continue }
            switch variable.read(text) {
            case .value(let value):
                translation.variables[variable.setting.environmentVariable] = value
                translation.sources[variable.setting.environmentVariable] = (variable.name, text)
            case .kept(let reason):
                translation.warnings.append(
                    "\(variable.name)=\(text)\(place): \(reason); \(variable.setting.flag) keeps its own"
                )
            case .invalid(let expected):
                throw SettingsError("\(variable.name)='\(text)'\(place) is not \(expected)")
            case .unset:
                continue
            }
        }
        let known = Set(all.map(\.name))
        for name in environment.keys.sorted() where name.hasPrefix("IMGPROXY_") && !known.contains(name) {
            translation.warnings.append("\(name)\(place) is not supported by nuke-server and is ignored")
        }
        return translation
    }

    /// What ``translate(_:)`` makes of an environment.
    struct Translation: Sendable {
        /// `NUKE_SERVER_…` variables and their values.
        var variables: [String: String] = [:]
        /// For each of those, the imgproxy variable and text it came from.
        var sources: [String: (name: String, text: String)] = [:]
        /// One line for each variable not read, or read without effect.
        var warnings: [String] = []
    }

    // MARK: Readings

    private static let same: @Sendable (String) -> Reading = { .value($0) }
    private static let address = Reading.invalid("an address such as :8080 or 127.0.0.1:8080")

    /// Go's `strconv.ParseBool`, which imgproxy reads booleans with.
    private static func boolean(_ text: String) -> Bool? {
        switch text {
        case "1", "t", "T", "TRUE", "true", "True": true
        case "0", "f", "F", "FALSE", "false", "False": false
        default: nil
        }
    }
    private static let toggle: @Sendable (String) -> Reading = { text in
        boolean(text).map { .value($0 ? "1" : "0") } ?? .invalid("a boolean")
    }
    private static let invertedToggle: @Sendable (String) -> Reading = { text in
        boolean(text).map { .value($0 ? "0" : "1") } ?? .invalid("a boolean")
    }
    /// A limit where imgproxy reads 0 as none: there is always one here.
    private static let limit: @Sendable (String) -> Reading = { text in
        guard let number = Int(text), number >= 0 else { return .invalid("a whole number") }
        return number == 0 ? .kept("0 means no limit in imgproxy; nuke-server always has one") : .value(text)
    }

    /// Megapixels as pixels.
    @Sendable private static func pixels(megapixels text: String) -> Reading {
        guard let megapixels = Double(text), megapixels > 0, megapixels <= 1_000_000 else {
            return .invalid("megapixels above 0")
        }
        return .value(String(max(1, Int(megapixels * 1_000_000))))
    }
}
