// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

import Foundation
import NukeCore
import NukeCurl
import NukeDiskCache
import NukeHTTP
import NukeTestSupport
import Testing

/// Every server fault through a whole pipeline with a disk cache and the HTTP cache: a typed
/// error, and nothing from the failed transfer stored anywhere.
@Suite struct PipelineFaultTests {
    static let faults: [(path: String, response: HTTPTestResponse)] = [
        ("/reset", HTTPTestResponse(body: .bytes(sampleBody(50_000)), fault: .resetAfter(bytes: 20_000))),
        ("/short", HTTPTestResponse(body: .bytes(sampleBody(50_000)), framing: .declaredLength(60_000))),
        ("/stall", HTTPTestResponse(body: .bytes(sampleBody(50_000)), fault: .stallAfter(bytes: 1000))),
        ("/error", HTTPTestResponse(status: 500, body: .bytes(Data("oops".utf8)))),
        ("/unavailable", HTTPTestResponse(status: 503, headers: ["Retry-After": "0"])),
        ("/endless", HTTPTestResponse(body: .endless, pacing: .init(chunkSize: 16_384, delay: .milliseconds(1)))),
    ]

    @Test func faultsFailWithTypedErrorsAndStoreNothing() async throws {
        let server = try HTTPTestServer()
        defer { server.stop() }
        let cacheHeaders: HTTPHeaderFields = ["Cache-Control": "max-age=600", "ETag": "\"f\""]
        for (path, fault) in Self.faults {
            var response = fault
            for (name, value) in cacheHeaders { response.headers[name] = value }
            server.route(path) { [response] _ in response }
        }
        server.route("/loop") { _ in .redirect(to: "/loop") }
        let directory = try TemporaryDirectory()
        let dataCache = try DataCache(path: directory.appending("data"))
        let httpCache = HTTPCache(dataCache: try DataCache(path: directory.appending("http")))
        var configuration = CurlDataLoader.Configuration()
        configuration.proxy = .none
        configuration.retryPolicy = RetryPolicy(baseDelay: 0.01)
        let pipeline = ImagePipeline {
            $0.dataLoader = CurlDataLoader(configuration: configuration)
            $0.dataCache = dataCache
            $0.httpCache = httpCache
            $0.imageCache = nil
            $0.maximumResponseDataSize = 1_000_000
        }
        for path in Self.faults.map(\.path) + ["/loop"] {
            var request = ImageRequest(urlRequest: DataRequest(url: server.url(path), timeoutInterval: 1))
            request.options.insert(.skipDataLoadingQueue)
            do {
                _ = try await pipeline.data(for: request)
                Issue.record("\(path) succeeded")
            } catch {
                switch (path, error) {
                case ("/endless", .dataDownloadExceededMaximumSize): break
                case (_, .dataLoadingFailed(let underlying)):
                    #expect(underlying is NetworkError || underlying is DataLoadingError, "\(path): \(underlying)")
                default: Issue.record("\(path): \(error)")
                }
            }
        }
        #expect(server.requests(to: "/unavailable").count == 3, "503 with Retry-After is retried twice")
        await dataCache.flush()
        #expect(dataCache.totalCount == 0)
        #expect(httpCache.dataCache?.totalCount == 0)
    }

    @Test("ImagePipeline.Error gives the HTTP status and the network error without unwrapping")
    func errorHelpers() async throws {
        let server = try HTTPTestServer()
        server.route("/missing") { _ in HTTPTestResponse(status: 404, body: .bytes(Data("no".utf8))) }
        var configuration = CurlDataLoader.Configuration()
        configuration.proxy = .none
        let pipeline = ImagePipeline {
            $0.dataLoader = CurlDataLoader(configuration: configuration)
            $0.imageCache = nil
            $0.httpCache = nil
        }
        do {
            _ = try await pipeline.data(for: ImageRequest(url: server.url("/missing")))
            Issue.record("a 404 succeeded")
        } catch {
            #expect(error.statusCode == 404)
            #expect(error.networkError == nil)
            #expect(error.underlyingError as? DataLoadingError == .statusCodeUnacceptable(404))
        }
        let closedPort = server.url("/missing")
        server.stop()  // Nothing listens on its port any more: connecting is refused.
        do {
            _ = try await pipeline.data(for: ImageRequest(url: closedPort))
            Issue.record("a closed port answered")
        } catch {
            #expect(error.statusCode == nil)
            #expect(error.networkError?.isConnectionFailure == true, "\(error)")
        }
    }

    @Test func totalTimeoutStopsASlowButSteadyTransfer() async throws {
        let server = try HTTPTestServer()
        defer { server.stop() }
        let body = sampleBody(500_000)
        server.route("/slow") { _ in
            HTTPTestResponse(body: .bytes(body), pacing: .init(chunkSize: 1000, delay: .milliseconds(20)))
        }
        var configuration = CurlDataLoader.Configuration()
        configuration.proxy = .none
        configuration.totalTimeout = 1
        // Nothing else can end the load: the typed timedOut error is the proof.
        let record = try await load(
            DataRequest(url: server.url("/slow")),
            with: CurlDataLoader(configuration: configuration)
        )
        guard case .timedOut = record.error as? NetworkError else {
            Issue.record("error \(String(describing: record.error)), expected timedOut")
            return
        }
    }
}
