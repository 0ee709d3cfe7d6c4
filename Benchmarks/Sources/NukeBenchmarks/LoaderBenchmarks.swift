// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

import Foundation
import NukeCore
import NukeCurl
import NukeTestSupport
import NukeURLSession
import Synchronization

/// 2,000 images of 30 KB from a loopback server, six at a time: the curl loader, the URLSession
/// loader and `curl --parallel --parallel-max 6` over the same URLs; then HTTP/2 (nghttpd, TLS)
/// multiplexed against the same loader over HTTP/1.1.
enum LoaderBenchmarks {
    static let imageCount = 2000
    static let concurrency = 6

    static func run() async throws {
        let body = sampleBody(30_000)
        let server = try HTTPTestServer()
        defer { server.stop() }
        let urls = (0..<imageCount).map { server.url("/images/\($0).jpg") }
        for url in urls { server.route(url.path) { _ in .ok(body, contentType: "image/jpeg") } }

        var curlConfiguration = CurlDataLoader.Configuration()
        curlConfiguration.proxy = .none
        let curl = CurlDataLoader(configuration: curlConfiguration)
        let urlSession = URLSessionDataLoader()
        let curlTime = try await medianMilliseconds { try await loadAll(urls, with: curl) }
        let urlSessionTime = try await medianMilliseconds { try await loadAll(urls, with: urlSession) }
        print(String(format: "Loader: curl, 2,000 × 30 KB, 6 at a time          %8.1f ms", curlTime))
        print(String(format: "Loader: URLSession, 2,000 × 30 KB, 6 at a time    %8.1f ms", urlSessionTime))
        ReferenceTools.report(
            "curl loader vs URLSession loader",
            ours: curlTime,
            reference: urlSessionTime,
            tool: "URLSession"
        )
        if let cli = curlCommandLine(urls) {
            print(String(format: "curl --parallel --parallel-max 6, same URLs       %8.1f ms", cli))
            ReferenceTools.report("curl loader vs curl CLI", ours: curlTime, reference: cli, tool: "curl --parallel")
        }
        try await http2(body: body, http1Time: curlTime)
    }

    /// The same job against nghttpd over TLS, HTTP/2 on one connection with 6 and with 100
    /// streams in flight. nghttpd speaks only HTTP/2, so the HTTP/1.1 comparison is with the
    /// plain-HTTP/1.1 figure above (another server, no TLS), and is reported as such.
    private static func http2(body: Data, http1Time: Double) async throws {
        guard NGHTTPDServer.isAvailable else {
            print("HTTP/2: skipped (apt install nghttp2-server openssl)")
            return
        }
        let directory = try TemporaryDirectory()
        try FileManager.default.createDirectory(at: directory.appending("images"), withIntermediateDirectories: true)
        for index in 0..<imageCount { try body.write(to: directory.appending("images/\(index).jpg")) }
        let server = try NGHTTPDServer(serving: directory.url)
        let urls = (0..<imageCount).map { server.url("/images/\($0).jpg") }
        var configuration = CurlDataLoader.Configuration()
        configuration.proxy = .none
        configuration.tlsVerification = .verify(caBundlePath: server.certificatePath)
        let loader = CurlDataLoader(configuration: configuration)
        let sixTime = try await medianMilliseconds { try await loadAll(urls, with: loader) }
        let allTime = try await medianMilliseconds { try await loadAll(urls, with: loader, concurrency: 100) }
        let stats = loader.statistics
        print(String(format: "Loader: curl, HTTP/2 + TLS (nghttpd), 6 streams   %8.1f ms", sixTime))
        print(String(format: "Loader: curl, HTTP/2 + TLS (nghttpd), 100 streams %8.1f ms", allTime))
        print(
            "  (\(stats.connectionsOpened) connection(s) for \(stats.finishedAttempts) transfers, \(stats.http2Attempts) over HTTP/2)"
        )
        ReferenceTools.report(
            "HTTP/2 100 streams vs HTTP/1.1 6 connections",
            ours: allTime,
            reference: http1Time,
            tool: "HTTP/1.1"
        )
        if let cli = curlCommandLine(urls, extraArguments: ["--cacert", server.certificatePath]) {
            print(String(format: "curl --parallel --parallel-max 6, HTTP/2 + TLS    %8.1f ms", cli))
            ReferenceTools.report(
                "curl loader (6 streams) vs curl CLI over HTTP/2",
                ours: sixTime,
                reference: cli,
                tool: "curl --parallel"
            )
        }
    }

    private static func loadAll(_ urls: [URL], with loader: any DataLoading, concurrency: Int = concurrency)
        async throws
    {
        try await withThrowingTaskGroup(of: Void.self) { group in
            var iterator = urls.makeIterator()
            func addNext() {
                guard let url = iterator.next() else { return }
                group.addTask {
                    let size = try await fetch(url, with: loader)
                    guard size == 30_000 else { throw LoaderContractViolation("\(url): \(size) bytes") }
                }
            }
            for _ in 0..<concurrency { addNext() }
            while try await group.next() != nil { addNext() }
        }
    }

    /// Loads `url` and returns the body's size (counting chunks, as a pipeline would buffer them).
    static func fetch(_ url: URL, with loader: any DataLoading) async throws -> Int {
        let received = ByteCounter()
        return try await withCheckedThrowingContinuation { continuation in
            _ = loader.loadData(
                with: DataRequest(url: url),
                didReceiveData: { data, _ in received.add(data.count) },
                completion: { error in
                    if let error {
                        continuation.resume(throwing: error)
                    } else {
                        continuation.resume(returning: received.total)
                    }
                }
            )
        }
    }

    /// `curl --parallel --parallel-max 6` over `urls` (median of 5 runs after a warm-up, ms).
    private static func curlCommandLine(_ urls: [URL], extraArguments: [String] = []) -> Double? {
        let config = FileManager.default.temporaryDirectory.appendingPathComponent("nuke-curl-\(UUID().uuidString).txt")
        let lines = urls.map { "url = \"\($0.absoluteString)\"\noutput = \"/dev/null\"" }.joined(separator: "\n")
        guard (try? lines.write(to: config, atomically: true, encoding: .utf8)) != nil else { return nil }
        defer { try? FileManager.default.removeItem(at: config) }
        let arguments = ["--parallel", "--parallel-max", "6", "-s", "-f", "-K", config.path] + extraArguments
        return ReferenceTools.medianMilliseconds(running: "curl", arguments)
    }
}

/// A byte count updated from a loader's thread.
private final class ByteCounter: Sendable {
    private let count = Mutex(0)

    func add(_ bytes: Int) { count.withLock { $0 += bytes } }

    var total: Int { count.withLock { $0 } }
}
