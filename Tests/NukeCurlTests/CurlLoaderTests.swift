// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

import Foundation
import NukeCore
import NukeCurl
import NukeHTTP
import NukeTestSupport
import Testing

@Suite struct CurlLoaderTests {
    func makeLoader(_ configure: (inout CurlDataLoader.Configuration) -> Void = { _ in }) -> CurlDataLoader {
        var configuration = CurlDataLoader.Configuration()
        configuration.proxy = .none
        configure(&configuration)
        return CurlDataLoader(configuration: configuration)
    }

    @Test func reusesOneConnectionForSequentialRequests() async throws {
        let server = try HTTPTestServer()
        defer { server.stop() }
        server.route("/image") { _ in .ok(sampleBody(10_000)) }
        // On a machine busy with the rest of the suite this test's task can wait longer between
        // two loads than libcurl lets a connection idle (118 s), which is not what it tests.
        let loader = makeLoader { $0.maximumIdleConnectionAge = 3600 }
        for _ in 0..<20 {
            #expect(try await load(DataRequest(url: server.url("/image")), with: loader).succeeded)
        }
        #expect(server.acceptedConnectionCount == 1)
        #expect(loader.statistics.connectionsOpened == 1)
        #expect(loader.statistics.finishedAttempts == 20)
    }

    @Test(.enabled(if: NGHTTPDServer.isAvailable, "needs nghttpd and openssl (apt install nghttp2-server openssl)"))
    func multiplexesConcurrentRequestsOverOneHTTP2Connection() async throws {
        let directory = try TemporaryDirectory()
        for index in 0..<30 {
            try sampleBody(30_000, seed: UInt32(index + 1)).write(to: directory.appending("\(index).jpg"))
        }
        let server = try NGHTTPDServer(serving: directory.url)
        let loader = makeLoader { $0.tlsVerification = .verify(caBundlePath: server.certificatePath) }
        let requests = (0..<30).map { DataRequest(url: server.url("/\($0).jpg")) }
        for (index, record) in try await loadConcurrently(requests, with: loader).enumerated() {
            #expect(record.succeeded)
            #expect(record.body == sampleBody(30_000, seed: UInt32(index + 1)))
        }
        #expect(loader.statistics.http2Attempts == 30)
        #expect(loader.statistics.connectionsOpened == 1, "30 streams, one connection")
    }

    @Test(.enabled(if: NGHTTPDServer.isAvailable, "needs nghttpd and openssl (apt install nghttp2-server openssl)"))
    func verifiesCertificatesUnlessToldNotTo() async throws {
        let directory = try TemporaryDirectory()
        try sampleBody(1000).write(to: directory.appending("a.jpg"))
        let server = try NGHTTPDServer(serving: directory.url)
        let request = DataRequest(url: server.url("/a.jpg"))
        let untrusted = try await load(request, with: makeLoader { $0.retryPolicy = .disabled })
        guard case .secureConnectionFailed = untrusted.error as? NetworkError else {
            Issue.record("a self-signed certificate was accepted: \(String(describing: untrusted.error))")
            return
        }
        #expect(try await load(request, with: makeLoader { $0.tlsVerification = .insecureSkipVerification }).succeeded)
    }

    @Test func usesTheProxyFromTheEnvironment() async throws {
        let proxy = try HTTPTestServer()
        defer { proxy.stop() }
        proxy.route("/photo.jpg") { _ in .ok(sampleBody(1000)) }
        let loader = makeLoader { $0.proxy = .environment(["http_proxy": proxy.baseURL.absoluteString]) }
        let record = try await load(
            DataRequest(url: URL(string: "http://images.example.invalid/photo.jpg")!),
            with: loader
        )
        #expect(record.succeeded)
        #expect(proxy.requests.first?.target == "http://images.example.invalid/photo.jpg")
    }

    @Test func noProxyHostsGoDirect() async throws {
        let proxy = try HTTPTestServer()
        defer { proxy.stop() }
        let loader = makeLoader {
            $0.proxy = .environment(["http_proxy": proxy.baseURL.absoluteString, "no_proxy": "127.0.0.1"])
        }
        let origin = try HTTPTestServer()
        defer { origin.stop() }
        origin.route("/direct") { _ in .ok(sampleBody(100)) }
        #expect(try await load(DataRequest(url: origin.url("/direct")), with: loader).succeeded)
        #expect(proxy.requests.isEmpty)
    }

    @Test func proxyVariablesFollowCurlsRules() {
        let variables = [
            "HTTP_PROXY": "http://ignored:1", "HTTPS_PROXY": "http://secure:2", "ALL_PROXY": "http://all:3",
        ]
        let settings = ProxySettings.environment(variables)
        #expect(settings.resolvedProxy(forScheme: "http") == "http://all:3", "upper-case HTTP_PROXY is ignored")
        #expect(settings.resolvedProxy(forScheme: "https") == "http://secure:2")
        #expect(ProxySettings.none.resolvedProxy(forScheme: "http") == "")
    }

    @Test func tlsToAPlainServerIsASecureConnectionFailure() async throws {
        let server = try HTTPTestServer()
        defer { server.stop() }
        let url = URL(string: "https://127.0.0.1:\(server.port)/image")!
        let record = try await load(DataRequest(url: url), with: makeLoader { $0.retryPolicy = .disabled })
        guard case .secureConnectionFailed = record.error as? NetworkError else {
            Issue.record("error \(String(describing: record.error)), expected secureConnectionFailed")
            return
        }
        #expect(CurlDataLoader.Configuration().tlsVerification == .verify())
    }

    @Test func connectTimeoutEndsAHandshakeThatNeverCompletes() async throws {
        let listener = try UnresponsiveListener()
        let url = URL(string: "http://127.0.0.1:\(listener.port)/image")!
        // Nothing else can end the load: the typed timedOut error is the proof.
        let record = try await load(
            DataRequest(url: url),
            with: makeLoader {
                $0.retryPolicy = .disabled
                $0.connectTimeout = 0.5
            }
        )
        guard case .timedOut = record.error as? NetworkError else {
            Issue.record("error \(String(describing: record.error)), expected timedOut")
            return
        }
    }

    @Test func resumableDownloads() async throws {
        let check = ResumableDownloadCheck(loader: makeLoader())
        try await check.checkResumesWith206()
        try await check.checkStartsOverOn200()
    }

    @Test func cancelStorm() async throws {
        try await runCancelStorm(on: makeLoader())
    }

    @Test func pluginRegistersForHTTPAndHTTPS() {
        var registry = PluginRegistry()
        registry.install(CurlPlugin(loader: makeLoader()))
        #expect(registry.dataLoader(for: URL(string: "https://example.com/a.jpg")!) is CurlDataLoader)
        #expect(registry.dataLoader(for: URL(string: "http://example.com/a.jpg")!) is CurlDataLoader)
        #expect(registry.dataLoader(for: URL(string: "ftp://example.com/a.jpg")!) == nil)
    }
}

@Suite struct CurlLoaderLifecycleTests {
    @Test func shutdownEndsTheThreadAndALaterLoadStartsItAgain() async throws {
        let server = try HTTPTestServer()
        defer { server.stop() }
        server.route("/image") { _ in .ok(sampleBody(1_000)) }
        var configuration = CurlDataLoader.Configuration()
        configuration.proxy = .none
        let loader = CurlDataLoader(configuration: configuration)
        #expect(!loader.isThreadRunning, "the thread starts with the first load")
        #expect(try await load(DataRequest(url: server.url("/image")), with: loader).succeeded)
        #expect(loader.isThreadRunning)
        await loader.shutdown()
        #expect(!loader.isThreadRunning)
        // Polls: the server sees the close on its own thread, which reports nothing.
        #expect(await waitUntil { server.openConnectionCount == 0 }, "shutting down closes the kept-alive connection")
        #expect(try await load(DataRequest(url: server.url("/image")), with: loader).succeeded)
        #expect(loader.statistics.finishedAttempts == 2)
        await loader.shutdown()
    }
}
