// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

import Foundation
import Nuke
import NukeHummingbird
import NukeTestSupport
import Testing

@Suite("nuke-server, the executable")
struct NukeServerExecutableTests {
    /// A 640×480 JPEG.
    static let photo: Data = {
        let image = try! Bitmap(width: 640, height: 480, pixelFormat: .rgba8) { buffer in
            for index in stride(from: 0, to: buffer.count, by: 4) {
                buffer[index] = UInt8(index / 4 % 640 * 255 / 640)
                buffer[index + 1] = UInt8(index / 4 / 640 * 255 / 480)
                buffer[index + 2] = 90
                buffer[index + 3] = 255
            }
        }
        return try! JPEGEncoder(quality: 0.9).encode(image)
    }()

    @Test(
        "SIGTERM with a request in flight: new connections are refused, the request finishes, the caches are written, exit 0",
        .timeLimit(.minutes(5))
    )
    func gracefulShutdown() async throws {
        let origin = try HTTPTestServer()
        defer { origin.stop() }
        let release = DispatchSemaphore(value: 0)
        origin.route("/held.jpg") { _ in
            _ = release.wait(timeout: .now() + 120)
            return .ok(Self.photo, contentType: "image/jpeg")
        }
        let server = try await RunningServer([
            "--allow-unsigned", "--allow-private-addresses", "--shutdown-timeout", "120",
        ])
        let request = try server.startRequest(
            "/_/rs:fit:100:100/plain/" + origin.url("/held.jpg").absoluteString + "@png",
            savingBodyTo: "held.png"
        )
        // Polls here: the server is another process, seen only through what it does.
        #expect(await waitUntil { origin.requests(to: "/held.jpg").count == 1 })

        server.child.signal(SIGTERM)
        #expect(await waitUntil { server.refusesConnections() })
        #expect(server.child.isRunning, "it waits for the request in flight")

        release.signal()
        #expect(try await request.exitStatus() == 0)
        #expect(request.output == "200")
        let body = try Data(contentsOf: server.directory.appending("held.png"))
        let image = try await ImagePipeline { $0.imageCache = nil }.image(
            for: ImageRequest(id: "held", data: { body })
        )
        #expect((image.width, image.height) == (100, 75))

        #expect(try await server.child.exitStatus() == 0)
        #expect(server.child.errors.contains("nuke-server stopped"))
        let results = try FileManager.default.contentsOfDirectory(
            atPath: server.directory.appending("cache/results").path
        )
        #expect(!results.isEmpty, "the result was written to disk before exiting")
    }

    // Bounded: a setting that stops being refused starts a server that would wait for ever.
    @Test(
        "Unsafe or malformed settings are refused with one line and status 64, from flags and from the environment",
        .timeLimit(.minutes(2))
    )
    func refusesUnsafeSettings() async throws {
        let directory = try TemporaryDirectory(prefix: "nuke-server-settings")
        let cases: [([String], [String: String], String)] = [
            (["--allow-unsigned", "--bind", "0.0.0.0"], [:], "only allowed when bound to loopback"),
            (["--bind", "0.0.0.0"], ["NUKE_SERVER_ALLOW_UNSIGNED": "1"], "only allowed when bound to loopback"),
            ([], [:], "give a signing --key"),
            (["--key", "zz", "--salt", "00"], [:], "hex"),
            (["--key", "00"], [:], "give one --salt for each --key"),
            (["--allow-unsigned", "--max-redirects=-1"], [:], "--max-redirects must be 0 or more"),
            (["--allow-unsigned", "--max-source-pixels", "0"], [:], "--max-source-pixels must be at least 1"),
            (
                ["--allow-unsigned"], ["NUKE_SERVER_MAX_CHAIN_LENGTH": "eight"],
                "NUKE_SERVER_MAX_CHAIN_LENGTH='eight' is not a number"
            ),
            (["--allow-unsigned", "--no-such-option"], [:], "Unknown option '--no-such-option'"),
            (["--allow-unsigned", "--memory-cache-size=-1"], [:], "--memory-cache-size must be 0 or more"),
            (["--allow-unsigned", "--memory-budget", "0"], [:], "--memory-budget must be at least 1"),
            (["--allow-unsigned"], ["NUKE_SERVER_MEMORY_QUEUE_TIMEOUT": "-1"], "--memory-queue-timeout must be 0"),
            (["--allow-unsigned"], ["NUKE_SERVER_SHRINK_ON_LOAD": "slow"], "--shrink-on-load is fast or quality"),
            (["--allow-unsigned", "--format-quality", "avif=0"], [:], "--format-quality takes format=quality"),
            (["--allow-unsigned"], ["NUKE_SERVER_BASE_URL": "ftp://files/"], "is not an http, https or local URL"),
            (["--allow-unsigned", "--allow-origin", "https://app.example.com/page"], [:], "--allow-origin is *"),
            (["--allow-unsigned"], ["NUKE_SERVER_PATH_PREFIX": "images"], "--path-prefix is a path such as /images"),
            (["--allow-unsigned"], ["NUKE_SERVER_REQUEST_LOG_LEVEL": "loud"], "--request-log-level is one of trace"),
            (["--allow-unsigned", "--environment-file", "/nonexistent.env"], [:], "/nonexistent.env cannot be read"),
            (["--allow-unsigned", "--port", "80", "--port", "81"], [:], "--port is given more than once"),
            (["--allow-unsigned", "stray"], [:], "Unexpected argument 'stray'"),
            (["--allow-unsigned", "--fallback-image", "/nonexistent.png"], [:], "/nonexistent.png cannot be read"),
            (["--allow-unsigned"], ["NUKE_SERVER_USER_AGENT": "a\r\nX-Injected: 1"], "--user-agent is printable ASCII"),
            (["--allow-unsigned"], ["NUKE_SERVER_FORMAT_QUALITY": "webp=79,svg=80"], "not 'svg=80'"),
            (
                ["--allow-unsigned", "--max-concurrent-downloads", "0"], [:],
                "--max-concurrent-downloads must be at least 1"
            ),
            (["--allow-unsigned", "--redis", "http://cache:6379"], [:], "the scheme is redis:// or unix://"),
            (
                ["--allow-unsigned"], ["NUKE_SERVER_REDIS": "redis://u:hunter2@cache/zero"],
                "database 'zero' is not a number"
            ),
            (
                ["--allow-unsigned", "--redis", "unix:///run/redis.sock", "--redis-timeout", "0"], [:],
                "--redis-timeout and --redis-ttl must be at least 1"
            ),
        ]
        for (arguments, environment, message) in cases {
            let outcome = try await ChildProcess.run(
                RunningServer.executable,
                ["--port", "0"] + arguments,
                environment: environment,
                in: directory
            )
            #expect(outcome.status == 64, "\(arguments) \(environment)")
            #expect(outcome.errors.contains(message), "\(arguments): \(outcome.errors)")
            #expect(outcome.errors.split(separator: "\n").count == 1)
            #expect(!outcome.errors.contains("listening"))
            #expect(!outcome.errors.contains("hunter2"), "passwords are not printed")
        }
    }

    @Test(
        "--no-result-cache keeps no results on disk; /metrics, on --metrics-bind's listener only, counts the requests and the pipeline's stages"
    )
    func withoutResultCache() async throws {
        let origin = try HTTPTestServer()
        defer { origin.stop() }
        origin.route("/photo.jpg") { _ in
            HTTPTestResponse(
                headers: ["Content-Type": "image/jpeg", "Cache-Control": "max-age=3600"],
                body: .bytes(Self.photo)
            )
        }
        let server = try await RunningServer([
            "--allow-unsigned", "--allow-private-addresses", "--no-result-cache", "--memory-cache-size", "0",
            "--memory-budget", "96", "--decoded-cache-size", "0", "--metrics-bind", "127.0.0.1:0",
        ])
        let path = "/_/w:64/plain/" + origin.url("/photo.jpg").absoluteString
        for attempt in 0..<2 {
            let request = try server.startRequest(path, savingBodyTo: "photo-\(attempt)")
            #expect(try await request.exitStatus() == 0)
            #expect(request.output == "200")
        }
        let metrics = try server.startRequest("/metrics", savingBodyTo: "metrics.txt", port: server.metricsPort)
        #expect(try await metrics.exitStatus() == 0)
        #expect(metrics.output == "200")
        let imagePort = try server.startRequest("/metrics", savingBodyTo: "not-metrics.txt")
        #expect(try await imagePort.exitStatus() == 0)
        #expect(imagePort.output != "200", "the image port does not serve the metrics")
        let text = try String(contentsOf: server.directory.appending("metrics.txt"), encoding: .utf8)
        #expect(text.contains("nuke_server_requests_total"))
        #expect(text.contains("nuke_server_encode_duration_seconds"))
        // The pipeline's stages, twice each without a memory cache (the second load is answered
        // by the HTTP cache).
        for (stage, count) in [("load", 2), ("decode", 2), ("process", 2)] {
            let line = "nuke_pipeline_stage_duration_seconds_count{stage=\"\(stage)\",outcome=\"success\"} \(count)"
            #expect(text.contains(line), "\(stage)")
        }
        #expect(text.contains("nuke_pipeline_tasks_total{outcome=\"loaded\"} 2"))
        #expect(text.contains("nuke_server_memory_budget_bytes \(96 << 20)"))
        #expect(text.contains("nuke_server_memory_queue_length 0"))
        server.child.signal(SIGTERM)
        #expect(try await server.child.exitStatus() == 0)
        let results = server.directory.appending("cache/results")
        let stored = (try? FileManager.default.contentsOfDirectory(atPath: results.path)) ?? []
        #expect(stored.filter { !$0.hasPrefix(".") }.isEmpty)
        #expect(origin.requests(to: "/photo.jpg").count == 1, "the original comes from the HTTP cache the second time")
    }

    @Test(
        "NUKE_SERVER_AVIF_NEGOTIATION turns AVIF negotiation on (without it the same client gets WebP); NUKE_SERVER_USER_AGENT reaches the origin"
    )
    func avifNegotiation() async throws {
        let origin = try HTTPTestServer()
        defer { origin.stop() }
        origin.route("/photo.jpg") { _ in .ok(Self.photo, contentType: "image/jpeg") }
        let path = "/_/w:64/plain/" + origin.url("/photo.jpg").absoluteString
        let environments: [([String: String], String)] = [
            (
                [
                    "NUKE_SERVER_AVIF_NEGOTIATION": "1", "NUKE_SERVER_FORMAT_QUALITY": "avif=63, webp=79",
                    "NUKE_SERVER_USER_AGENT": "photo-proxy/2.0",
                ],
                "image/avif"
            ),
            ([:], "image/webp"),
        ]
        for (environment, type) in environments {
            let server = try await RunningServer(
                ["--allow-unsigned", "--allow-private-addresses"],
                environment: environment
            )
            let request = try server.startRequest(
                path,
                savingBodyTo: "photo",
                accept: "image/avif,image/webp,*/*",
                writeOut: "%{http_code} %{content_type}"
            )
            #expect(try await request.exitStatus() == 0)
            #expect(request.output == "200 " + type)
            server.child.signal(SIGTERM)
            #expect(try await server.child.exitStatus() == 0)
        }
        let agents = origin.requests(to: "/photo.jpg").map { $0.headers["User-Agent"] }
        #expect(agents == ["photo-proxy/2.0", "nuke-server"])
    }
    @Test("--environment-file: settings from a file of NUKE_SERVER_ variables; the environment wins over it")
    func environmentFile() async throws {
        let origin = try HTTPTestServer()
        defer { origin.stop() }
        origin.route("/photo.jpg") { _ in .ok(Self.photo, contentType: "image/jpeg") }
        let files = try TemporaryDirectory(prefix: "nuke-server-env")
        let file = files.appending("nuke-server.env")
        try Data(
            """
            # As an operator's deployment keeps them.
            NUKE_SERVER_ALLOW_UNSIGNED=1
            NUKE_SERVER_ALLOW_PRIVATE_ADDRESSES=true
            NUKE_SERVER_USER_AGENT=from-file
            NUKE_SERVER_DEFAULT_QUALITY=30
            """.utf8
        ).write(to: file)
        for (environment, agent) in [
            ([:], "from-file"), (["NUKE_SERVER_USER_AGENT": "from-environment"], "from-environment"),
        ] {
            let server = try await RunningServer(["--environment-file", file.path], environment: environment)
            let request = try server.startRequest(
                "/_/w:64/plain/" + origin.url("/photo.jpg").absoluteString + "@jpg",
                savingBodyTo: "photo.jpg"
            )
            #expect(try await request.exitStatus() == 0)
            #expect(request.output == "200")
            server.child.signal(SIGTERM)
            #expect(try await server.child.exitStatus() == 0)
            #expect(origin.requests(to: "/photo.jpg").last?.headers["User-Agent"] == agent)
        }
    }

    @Test("An imgproxy deployment's environment works unchanged: its key, salt, sources and TTL; the rest is named")
    func imgproxyEnvironment() async throws {
        let origin = try HTTPTestServer()
        defer { origin.stop() }
        origin.route("/photo.jpg") { _ in .ok(Self.photo, contentType: "image/jpeg") }
        // imgproxy's documented example key and salt ("secret", "hello").
        let environment = [
            "IMGPROXY_KEY": "736563726574", "IMGPROXY_SALT": "68656c6c6f", "IMGPROXY_TTL": "1234",
            "IMGPROXY_ALLOWED_SOURCES": origin.url("/").absoluteString,
            "IMGPROXY_ALLOW_PRIVATE_SOURCE_ADDRESSES": "true", "IMGPROXY_SENTRY_ENVIRONMENT": "staging",
            "IMGPROXY_ENABLE_DEBUG_HEADERS": "1",
        ]
        let server = try await RunningServer([], environment: environment)
        let key = try URLSignature.Key(hexKey: "736563726574", hexSalt: "68656c6c6f")
        let path = URLSignature(keys: [key]).sign("/w:64/plain/" + origin.url("/photo.jpg").absoluteString)
        let request = try server.startRequest(
            path,
            savingBodyTo: "photo.jpg",
            writeOut: "%{http_code} %header{cache-control} %header{x-origin-width} %header{x-result-width}"
        )
        #expect(try await request.exitStatus() == 0)
        #expect(request.output == "200 public, max-age=1234 640 64")
        let unsigned = try server.startRequest(
            "/_/w:64/plain/" + origin.url("/photo.jpg").absoluteString,
            savingBodyTo: "x"
        )
        #expect(try await unsigned.exitStatus() == 0)
        #expect(unsigned.output == "403")
        server.child.signal(SIGTERM)
        #expect(try await server.child.exitStatus() == 0)
        #expect(
            server.child.errors.contains("IMGPROXY_SENTRY_ENVIRONMENT is not supported by nuke-server and is ignored")
        )

        let report = try ChildProcess(
            RunningServer.executable,
            ["--print-settings"],
            environment: environment,
            in: server.directory
        )
        #expect(try await report.exitStatus() == 0)
        #expect(report.output.contains("cache-max-age: 1234 (IMGPROXY_TTL)"))
        #expect(report.output.contains("key: (secret) (IMGPROXY_KEY)") && !report.output.contains("736563726574"))
    }

    @Test(
        "NUKE_SERVER_ALLOW_SECURITY_OPTIONS lets a URL's msfs raise --max-source-bytes past the loader's own limit; without it, 403"
    )
    func securityOptions() async throws {
        let origin = try HTTPTestServer()
        defer { origin.stop() }
        origin.route("/photo.jpg") { _ in .ok(Self.photo, contentType: "image/jpeg") }
        let source = origin.url("/photo.jpg").absoluteString
        let cases: [([String: String], String, String)] = [
            (["NUKE_SERVER_ALLOW_SECURITY_OPTIONS": "1"], "/_/w:64/msfs:\(Self.photo.count)/plain/" + source, "200"),
            (["NUKE_SERVER_ALLOW_SECURITY_OPTIONS": "1"], "/_/w:65/plain/" + source, "422"),
            ([:], "/_/w:64/msfs:\(Self.photo.count)/plain/" + source, "403"),
        ]
        for (environment, path, status) in cases {
            let server = try await RunningServer(
                ["--allow-unsigned", "--allow-private-addresses", "--max-source-bytes", "1000"],
                environment: environment
            )
            let request = try server.startRequest(path, savingBodyTo: "photo")
            #expect(try await request.exitStatus() == 0)
            #expect(request.output == status, "\(path)")
            server.child.signal(SIGTERM)
            #expect(try await server.child.exitStatus() == 0)
        }
    }
}
