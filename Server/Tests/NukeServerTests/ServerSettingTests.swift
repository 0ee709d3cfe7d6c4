// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

import Foundation
import NukeTestSupport
import Testing

@testable import NukeServer

@Suite("The settings table, the command line and where values come from")
struct ServerSettingTests {
    @Test("Each setting has its own flag and variable, and every default reads as its kind")
    func table() {
        let all = ServerSetting.all
        #expect(Set(all.map(\.flag)).count == all.count)
        #expect(Set(all.map(\.environmentVariable)).count == all.count)
        #expect(ServerSetting.maxSourceBytes.environmentVariable == "NUKE_SERVER_MAX_SOURCE_BYTES")
        #expect(ServerSetting.maxSourceBytes.configKey.components == ["nukeServer", "max", "source", "bytes"])
        for setting in all {
            guard let value = setting.defaultValue else { continue }
            switch setting.kind {
            case .integer: #expect(Int(value) != nil, "\(setting.flag)")
            case .decimal: #expect(Double(value) != nil, "\(setting.flag)")
            case .toggle, .list: Issue.record("\(setting.flag): a \(setting.kind) has no default")
            case .text: #expect(!value.isEmpty, "\(setting.flag)")
            }
        }
        for setting in all {
            guard let value = setting.imgproxyDefault else { continue }
            switch setting.kind {
            case .integer: #expect(Int(value) != nil, "\(setting.flag)")
            case .decimal: #expect(Double(value) != nil, "\(setting.flag)")
            case .toggle: #expect(value == "1", "\(setting.flag)")
            case .list, .text: #expect(!value.isEmpty, "\(setting.flag)")
            }
        }
        let help = ServeCommand.help(width: 80)
        for setting in all { #expect(help.contains(setting.flag) && help.contains(setting.environmentVariable)) }
        #expect(help.split(separator: "\n").allSatisfy { $0.count <= 80 || !$0.contains(" ") })
    }

    @Test("Every setting is read from its own variable, digits in its name included")
    func everyVariableReads() async throws {
        for setting in ServerSetting.all where setting.kind != .toggle && setting != .environmentFile {
            let reader = try await SettingsReader(flags: [:], environment: [setting.environmentVariable: "7"])
            let value = setting.kind == .list ? reader.list(setting).first : reader.text(setting)
            #expect(value == "7", "\(setting.environmentVariable)")
        }
        for setting in ServerSetting.all where setting.kind == .toggle {
            let reader = try await SettingsReader(flags: [:], environment: [setting.environmentVariable: "1"])
            #expect(reader.isOn(setting), "\(setting.environmentVariable)")
        }
    }

    @Test("imgproxy's variables with imgproxy's meaning; NUKE_SERVER_ wins; the rest named, never ignored silently")
    func imgproxyVariables() async throws {
        let environment = [
            "IMGPROXY_BIND": ":9090", "IMGPROXY_KEY": "aa,bb", "IMGPROXY_TTL": "600",
            "NUKE_SERVER_CACHE_MAX_AGE": "900",
            "IMGPROXY_MAX_SRC_RESOLUTION": "16.8", "IMGPROXY_AUTO_WEBP": "false", "IMGPROXY_AUTO_AVIF": "true",
            "IMGPROXY_S3_ENDPOINT_USE_PATH_STYLE": "false", "IMGPROXY_FORMAT_QUALITY": "jpeg=70,webp=60",
            "IMGPROXY_MAX_RESULT_DIMENSION": "0", "IMGPROXY_SENTRY_DSN": "x", "IMGPROXY_PRESETS": "a=w:10,b=h:20",
            "IMGPROXY_LOG_FORMAT": "structured", "IMGPROXY_LOG_LEVEL": "WARN", "IMGPROXY_PROMETHEUS_BIND": ":9464",
            "IMGPROXY_MAX_SRC_FILE_SIZE": "1000", "IMGPROXY_MAX_ANIMATION_FRAME_RESOLUTION": "0.5",
            "IMGPROXY_AUTO_JXL": "true", "IMGPROXY_ENFORCE_WEBP": "1", "IMGPROXY_PREFERRED_FORMATS": "jpeg,png,svg",
        ]
        let reader = try await SettingsReader(flags: [:], environment: environment)
        #expect(reader.text(.bind) == "0.0.0.0" && reader.text(.port) == "9090")
        #expect(reader.list(.key) == ["aa", "bb"])
        #expect(try reader.number(defaulted: .cacheMaxAge) == 900)
        #expect(reader.describe(.cacheMaxAge)! == ("900", "NUKE_SERVER_CACHE_MAX_AGE"))
        #expect(try reader.number(defaulted: .maxSourcePixels) == 16_800_000)
        #expect(reader.describe(.maxSourcePixels)! == ("16800000", "IMGPROXY_MAX_SRC_RESOLUTION"))
        #expect(try reader.number(defaulted: .maxSourceBytes) == 1000)
        #expect(try reader.number(.maxAnimationFramePixels) == 500_000)
        // imgproxy's 0 is no frame limit of its own, which is ours too: nothing set, nothing said.
        let none = try await SettingsReader(flags: [:], environment: ["IMGPROXY_MAX_ANIMATION_FRAME_RESOLUTION": "0"])
        #expect(try none.number(.maxAnimationFramePixels) == nil && none.warnings.isEmpty)
        #expect(reader.isOn(.noWebpNegotiation) && reader.isOn(.avifNegotiation) && reader.isOn(.s3VirtualHosted))
        #expect(!reader.isOn(.noJxlNegotiation) && reader.isOn(.enforceWebp) && !reader.isOn(.enforceAvif))
        #expect(reader.list(.preferredFormats) == ["jpeg", "png"], "svg is not a result format here")
        #expect(reader.list(.formatQuality) == ["jpg=70", "webp=60"])
        #expect(reader.list(.preset) == ["a=w:10", "b=h:20"])
        #expect(reader.text(.logFormat) == "text" && reader.text(.logLevel) == "warning")
        #expect(reader.text(.metricsBind) == ":9464")
        #expect(try reader.number(defaulted: .maxResultDimension) == 8192)
        #expect(reader.describe(.key)! == ("(secret)", "IMGPROXY_KEY"))
        #expect(
            reader.warnings == [
                "IMGPROXY_MAX_RESULT_DIMENSION=0: 0 means no limit in imgproxy; nuke-server always has one; "
                    + "--max-result-dimension keeps its own",
                "IMGPROXY_SENTRY_DSN is not supported by nuke-server and is ignored",
            ]
        )
        let report = ServeCommand.settingsReport(reader)
        #expect(report.contains("port: 9090 (IMGPROXY_BIND)") && !report.contains("aa"))
        for (variable, text, message) in [
            ("IMGPROXY_USE_S3", "yes", "IMGPROXY_USE_S3='yes' is not a boolean"),
            ("IMGPROXY_BIND", "8080", "IMGPROXY_BIND='8080' is not an address such as :8080 or 127.0.0.1:8080"),
            ("IMGPROXY_MAX_SRC_RESOLUTION", "0", "IMGPROXY_MAX_SRC_RESOLUTION='0' is not megapixels above 0"),
        ] {
            await #expect(throws: SettingsError(message)) {
                try await SettingsReader(flags: [:], environment: [variable: text])
            }
        }
        let wrongKind = try await SettingsReader(flags: [:], environment: ["IMGPROXY_TTL": "a day"])
        #expect(throws: SettingsError("IMGPROXY_TTL='a day' is not a number")) {
            try wrongKind.number(defaulted: .cacheMaxAge)
        }
    }

    @Test("Result formats: JPEG XL negotiated unless off, enforced and preferred formats, qualities; bad names refused")
    func resultFormats() async throws {
        let defaults = try ServerSettings(
            reading: try await SettingsReader(flags: [.allowUnsigned: []], environment: [:])
        )
        #expect(defaults.proxy.negotiatesJPEGXL && defaults.proxy.negotiatesWebP && !defaults.proxy.negotiatesAVIF)
        #expect(defaults.proxy.enforcedFormats.isEmpty)
        #expect(defaults.proxy.formatQualities == [.webp: 85, .jxl: 77, .avif: 75, .heic: 50])
        #expect(defaults.proxy.preferredFormats == [.jpeg, .png, .gif, .webp, .avif])
        let flags: [ServerSetting: [String]] = [
            .allowUnsigned: [], .noJxlNegotiation: [], .enforceAvif: [], .enforceJxl: [],
            .preferredFormats: ["png", "jxl"], .formatQuality: ["avif=60,webp=70"],
        ]
        let given = try ServerSettings(reading: try await SettingsReader(flags: flags, environment: [:]))
        #expect(!given.proxy.negotiatesJPEGXL && given.proxy.enforcedFormats == [.avif, .jxl])
        #expect(given.proxy.preferredFormats == [.png, .jxl])
        #expect(given.proxy.formatQualities == [.webp: 70, .jxl: 77, .avif: 60, .heic: 50], "given over the defaults")
        let imgproxys = try ServerSettings(
            reading: try await SettingsReader(
                flags: [.allowUnsigned: [], .bind: ["127.0.0.1"], .imgproxyDefaults: []],
                environment: [:]
            )
        )
        #expect(imgproxys.proxy.preferredFormats == [.jpeg, .png, .gif] && !imgproxys.proxy.negotiatesJPEGXL)
        await #expect(
            throws: SettingsError(
                "--preferred-formats names jpg, png, webp, avif, gif, jxl, heic, tiff, bmp or ico, not 'svg'"
            )
        ) {
            try ServerSettings(
                reading: try await SettingsReader(
                    flags: [.allowUnsigned: [], .preferredFormats: ["svg"]],
                    environment: [:]
                )
            )
        }
    }

    @Test("--log-format, --log-level and --metrics-bind: read, checked, refused with the reason")
    func logsAndMetrics() async throws {
        let given = try await SettingsReader(
            flags: [
                .allowUnsigned: [], .logFormat: ["json"], .logLevel: ["debug"], .metricsBind: ["[::1]:9464"],
            ],
            environment: [:]
        )
        let settings = try ServerSettings(reading: given)
        #expect(settings.logFormat == .json && settings.logLevel == .debug)
        #expect(settings.metricsAddress == BindAddress(host: "::1", port: 9464))
        #expect(settings.metricsAddress?.description == "[::1]:9464")
        let defaults = try ServerSettings(
            reading: try await SettingsReader(flags: [.allowUnsigned: []], environment: [:])
        )
        #expect(defaults.logFormat == .text && defaults.logLevel == .info && defaults.metricsAddress == nil)
        #expect(BindAddress(host: "0.0.0.0", port: 8080).reachable == BindAddress(host: "127.0.0.1", port: 8080))
        #expect(BindAddress(host: "::", port: 8080).reachable == BindAddress(host: "::1", port: 8080))
        for (setting, value, message) in [
            (ServerSetting.logFormat, "xml", "--log-format is text or json, not 'xml'"),
            (
                .logLevel, "loud",
                "--log-level is one of trace, debug, info, notice, warning, error, critical, not 'loud'"
            ),
            (.metricsBind, "9464", "--metrics-bind is host:port (such as 127.0.0.1:9090 or :9090), not '9464'"),
            (
                .metricsBind, "host:99999",
                "--metrics-bind is host:port (such as 127.0.0.1:9090 or :9090), not 'host:99999'"
            ),
        ] {
            let reader = try await SettingsReader(flags: [.allowUnsigned: [], setting: [value]], environment: [:])
            #expect(throws: SettingsError(message)) { try ServerSettings(reading: reader) }
        }
        for (variable, text) in [("IMGPROXY_LOG_FORMAT", "xml"), ("IMGPROXY_LOG_LEVEL", "loud")] {
            await #expect(throws: SettingsError.self) {
                try await SettingsReader(flags: [:], environment: [variable: text])
            }
        }
    }

    @Test("JSON log lines: fields first, metadata after in order, numbers as numbers, text escaped")
    func jsonLogLines() throws {
        let line = JSONLogHandler.line(
            time: "2026-11-29T18:30:55.123Z",
            level: .warning,
            message: "a \"quoted\"\nline\u{1}",
            label: "nuke-server",
            fields: [
                "status": .stringConvertible(404), "duration_ms": .stringConvertible(1.5), "path": "/-/w:1",
                "flags": .array(["a", .stringConvertible(true)]), "level": "shadowed",
            ]
        )
        #expect(
            line == #"{"time":"2026-11-29T18:30:55.123Z","level":"warning","message":"a \"quoted\"\nline\u0001","#
                + #""logger":"nuke-server","duration_ms":1.5,"flags":["a",true],"path":"/-/w:1","status":404}"#
                + "\n"
        )
        let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
        #expect(object?["message"] as? String == "a \"quoted\"\nline\u{1}")
    }

    @Test("imgproxy's variables in --environment-file: after the environment's, named where they are wrong")
    func imgproxyVariablesInFile() async throws {
        let directory = try TemporaryDirectory(prefix: "settings")
        let file = directory.appending("imgproxy.env")
        try Data(
            """
            # An imgproxy deployment's env file.
            IMGPROXY_TTL=600
            IMGPROXY_USE_LAST_MODIFIED=true
            IMGPROXY_ENABLE_DEBUG_HEADERS = 1
            IMGPROXY_CACHE_CONTROL_PASSTHROUGH=false
            IMGPROXY_QUALITY=70
            IMGPROXY_SENTRY_DSN=x
            NUKE_SERVER_DEFAULT_QUALITY=75
            """.utf8
        ).write(to: file)
        let reader = try await SettingsReader(
            flags: [.environmentFile: [file.path]],
            environment: ["IMGPROXY_TTL": "900"]
        )
        #expect(try reader.number(defaulted: .cacheMaxAge) == 900)
        #expect(reader.describe(.cacheMaxAge)! == ("900", "IMGPROXY_TTL"))
        #expect(
            reader.isOn(.useLastModified) && reader.isOn(.enableDebugHeaders) && !reader.isOn(.cacheControlPassthrough)
        )
        #expect(reader.describe(.useLastModified)! == ("on", "IMGPROXY_USE_LAST_MODIFIED in \(file.path)"))
        #expect(try reader.number(defaulted: .defaultQuality) == 75)
        #expect(
            reader.warnings == ["IMGPROXY_SENTRY_DSN in \(file.path) is not supported by nuke-server and is ignored"]
        )

        try Data("IMGPROXY_USE_ETAG=yes\nIMGPROXY_TTL=soon\n".utf8).write(to: file)
        await #expect(throws: SettingsError("IMGPROXY_TTL='soon' in \(file.path) is not a number")) {
            try await SettingsReader(flags: [.environmentFile: [file.path]], environment: [:]).number(
                defaulted: .cacheMaxAge
            )
        }
        try Data("IMGPROXY_USE_LAST_MODIFIED=yes\n".utf8).write(to: file)
        await #expect(throws: SettingsError("IMGPROXY_USE_LAST_MODIFIED='yes' in \(file.path) is not a boolean")) {
            try await SettingsReader(flags: [.environmentFile: [file.path]], environment: [:])
        }
    }

    @Test("--imgproxy-defaults: imgproxy's default where it differs, for settings not given; ours without it")
    func imgproxyDefaults() async throws {
        let given = ["NUKE_SERVER_MAX_ANIMATION_FRAMES": "10", "IMGPROXY_DOWNLOAD_TIMEOUT": "7"]
        let reader = try await SettingsReader(
            flags: [.imgproxyDefaults: []],
            environment: given
        )
        #expect(reader.text(.bind) == "0.0.0.0")
        #expect(reader.isOn(.noWebpNegotiation) && reader.isOn(.useLastModified) && reader.isOn(.scaleDownLargeResults))
        #expect(!reader.isOn(.allowPrivateAddresses) && !reader.isOn(.allowUnsigned))
        #expect(reader.list(.formatQuality) == ["webp=79", "avif=63", "jxl=77"])
        #expect(try reader.number(defaulted: .requestTimeout, as: Double.self) == 10)
        #expect(try reader.number(defaulted: .shutdownTimeout, as: Double.self) == 20)
        #expect(try reader.number(defaulted: .fallbackImageTtl) == 31_536_000)
        // Given values win, whatever their spelling; limits that are not switched stay ours.
        #expect(try reader.number(defaulted: .maxAnimationFrames) == 10)
        #expect(try reader.number(defaulted: .downloadTimeout, as: Double.self) == 7)
        #expect(try reader.number(defaulted: .maxSourceBytes) == 52_428_800)
        #expect(try reader.number(defaulted: .maxResultDimension) == 8192)
        #expect(reader.describe(.bind)! == ("0.0.0.0", "imgproxy's default"))
        #expect(reader.describe(.useLastModified)! == ("on", "imgproxy's default"))
        #expect(reader.describe(.imgproxyDefaults)! == ("on", "--imgproxy-defaults"))

        let ours = try await SettingsReader(flags: [:], environment: ["NUKE_SERVER_IMGPROXY_DEFAULTS": "0"])
        #expect(ours.text(.bind) == "127.0.0.1" && !ours.isOn(.useLastModified) && ours.list(.formatQuality).isEmpty)
        #expect(try ours.number(defaulted: .maxAnimationFrames) == 1000)
        #expect(ours.describe(.useLastModified) == nil)
        let fromEnvironment = try await SettingsReader(flags: [:], environment: ["NUKE_SERVER_IMGPROXY_DEFAULTS": "1"])
        #expect(try fromEnvironment.number(defaulted: .maxAnimationFrames) == 1)

        // What the server is made of: signatures still required, on every address.
        let directory = try TemporaryDirectory(prefix: "imgproxy-defaults")
        let server = try await SettingsReader(
            flags: [.imgproxyDefaults: [], .cacheDirectory: [directory.path]],
            environment: ["IMGPROXY_KEY": "736563726574", "IMGPROXY_SALT": "68656c6c6f"]
        )
        let settings = try ServerSettings(reading: server)
        #expect(settings.host == "0.0.0.0" && !settings.proxy.allowsUnsignedURLs && settings.proxy.signature != nil)
        #expect(!settings.proxy.negotiatesWebP && settings.proxy.sendsLastModified)
        #expect(settings.proxy.scalesDownLargeResults && !settings.proxy.allowsPrivateAddresses)
        #expect(settings.proxy.formatQualities == [.webp: 79, .avif: 63, .jxl: 77])
        #expect(settings.proxy.requestTimeout == .seconds(10))
    }

    @Test("--result-storage and --original-storage: buckets at --s3-endpoint, checked at start")
    func sharedStorage() async throws {
        let directory = try TemporaryDirectory(prefix: "storage")
        let reader = try await SettingsReader(
            flags: [
                .allowUnsigned: [], .cacheDirectory: [directory.path], .resultStorage: ["s3://image-cache/fleet"],
                .originalStorage: ["s3://image-cache/originals/"], .s3Endpoint: ["http://127.0.0.1:9000"],
                .storageTimeout: ["250"],
            ],
            environment: [:]
        )
        let settings = try ServerSettings(reading: reader)
        let results = try #require(settings.resultStorage)
        #expect(results.bucket == "image-cache" && results.keyPrefix == "fleet/")
        #expect(results.operationTimeout == .milliseconds(250))
        #expect(results.endpoint.url.absoluteString == "http://127.0.0.1:9000" && results.endpoint.addressing == .path)
        #expect(settings.originalStorage?.keyPrefix == "originals/")
        #expect(results.maximumValueSize >= settings.maximumSourceBytes)
        for (flag, value, message) in [
            (ServerSetting.resultStorage, "https://image-cache/", "--result-storage: https://image-cache/ is not"),
            (.originalStorage, "s3://ab/", "--original-storage: s3://ab/ is not"),
            (.storageTimeout, "0", "--storage-timeout must be at least 1"),
        ] {
            var flags: [ServerSetting: [String]] = [
                .allowUnsigned: [], .cacheDirectory: [directory.path], .resultStorage: ["s3://image-cache/"],
            ]
            flags[flag] = [value]
            let bad = try await SettingsReader(flags: flags, environment: [:])
            #expect {
                try ServerSettings(reading: bad)
            } throws: { error in
                (error as? SettingsError)?.description.hasPrefix(message) == true
            }
        }
    }

    @Test("--presets-file (IMGPROXY_PRESETS_PATH): a preset a line beside --preset; comments and blanks skipped")
    func presetsFile() async throws {
        let directory = try TemporaryDirectory(prefix: "presets")
        let file = directory.appending("presets.txt")
        try Data("# thumbnails\nthumb=rs:fill:100:100/q:70\n\n  blurry=bl:5  \n".utf8).write(to: file)
        let reader = try await SettingsReader(
            flags: [.allowUnsigned: [], .preset: ["small=w:10"], .cacheDirectory: [directory.path]],
            environment: ["IMGPROXY_PRESETS_PATH": file.path]
        )
        let settings = try ServerSettings(reading: reader)
        #expect(Set(settings.proxy.presets.keys) == ["small", "thumb", "blurry"])
        #expect(settings.proxy.presets["thumb"]?.map(\.name) == ["rs", "q"])
        let missing = try await SettingsReader(
            flags: [.allowUnsigned: [], .presetsFile: [directory.appending("none").path]],
            environment: [:]
        )
        #expect(throws: SettingsError("--presets-file \(directory.appending("none").path) cannot be read")) {
            try ServerSettings(reading: missing)
        }
    }

    @Test("The command line: values inline or next, toggles bare, lists repeated, anything else refused")
    func arguments() throws {
        let parsed = try ServerArguments.parse([
            "--port=0", "--allow-unsigned", "--preset", "a=w:10", "--preset", "b=h:20", "--max-redirects", "-1",
        ])
        #expect(
            parsed
                == .serve([
                    .port: ["0"], .allowUnsigned: [], .preset: ["a=w:10", "b=h:20"], .maxRedirects: ["-1"],
                ])
        )
        #expect(try ServerArguments.parse(["--port", "1", "-h"]) == .help)
        #expect(try ServerArguments.parse(["--print-settings", "--port", "1"]) == .printSettings([.port: ["1"]]))
        for (arguments, message) in [
            (["--nope"], "Unknown option '--nope'"),
            (["--port"], "Missing value for '--port <port>'"),
            (["--port", "--bind", "::1"], "Missing value for '--port <port>'"),
            (["--allow-unsigned=yes"], "--allow-unsigned takes no value"),
            (["--bind", "a", "--bind", "b"], "--bind is given more than once"),
            (["serve"], "Unexpected argument 'serve'"),
        ] {
            #expect(throws: SettingsError(message)) { try ServerArguments.parse(arguments) }
        }
    }

    @Test("Flags, then the environment, then the file, then the table's default; errors say where")
    func precedence() async throws {
        let directory = try TemporaryDirectory(prefix: "settings")
        let file = directory.appending("server.env")
        try Data(
            """
            NUKE_SERVER_PORT=7000
            NUKE_SERVER_BIND=10.0.0.1
            NUKE_SERVER_ALLOWED_PROCESSORS=resize, blur
            NUKE_SERVER_ONLY_PRESETS=yes
            NUKE_SERVER_MAX_CHAIN_LENGTH=many
            """.utf8
        ).write(to: file)
        let reader = try await SettingsReader(
            flags: [.port: ["9000"], .environmentFile: [file.path]],
            environment: ["NUKE_SERVER_BIND": "::1", "NUKE_SERVER_AVIF_NEGOTIATION": "0"]
        )
        #expect(try reader.number(defaulted: .port) == 9000)
        #expect(reader.text(defaulted: .bind) == "::1")
        #expect(reader.list(.allowedProcessors) == ["resize", "blur"])
        #expect(reader.isOn(.onlyPresets) && !reader.isOn(.avifNegotiation) && !reader.isOn(.allowUnsigned))
        #expect(try reader.number(defaulted: .downloadTimeout, as: Double.self) == 20)
        #expect(reader.text(.localRoot) == nil)
        #expect(throws: SettingsError("NUKE_SERVER_MAX_CHAIN_LENGTH='many' in \(file.path) is not a number")) {
            try reader.number(defaulted: .maxChainLength)
        }
    }
}
