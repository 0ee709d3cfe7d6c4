// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

import Foundation
import NukeCore
import NukeCurl
import NukeDiskCache
import NukeHTTP
import NukeTestSupport
import Synchronization
import Testing

/// The HTTP caching layer's rules, each against a real server through the curl loader, on a real
/// disk.
@Suite final class HTTPCacheTests {
    let server: HTTPTestServer
    let directory: TemporaryDirectory
    let cache: HTTPCache
    let loader: HTTPCachingDataLoader
    let body = sampleBody(30_000)

    init() throws {
        server = try HTTPTestServer()
        directory = try TemporaryDirectory()
        cache = HTTPCache(dataCache: try DataCache(path: directory.url))
        var configuration = CurlDataLoader.Configuration()
        configuration.retryPolicy = .disabled
        configuration.proxy = .none
        loader = HTTPCachingDataLoader(loader: CurlDataLoader(configuration: configuration), cache: cache)
    }

    deinit {
        server.stop()
    }

    func get(
        _ path: String,
        headers: HTTPHeaderFields = [:],
        policy: DataRequest.CachePolicy = .useProtocolCachePolicy
    ) async throws -> LoadRecord {
        try await load(DataRequest(url: server.url(path), headers: headers, cachePolicy: policy), with: loader)
    }

    func serve(etag: String? = nil, lastModified: Date? = nil, _ headers: HTTPHeaderFields) {
        server.serve(
            HTTPTestResource(body: body, etag: etag, lastModified: lastModified, headers: headers),
            at: "/image"
        )
    }

    var requestCount: Int { server.requests(to: "/image").count }

    @Test func freshResponseIsServedWithoutNetwork() async throws {
        serve(["Cache-Control": "max-age=86400"])
        #expect(try await get("/image").body == body)
        let second = try await get("/image")
        #expect(second.body == body)
        #expect(second.response?.statusCode == 200)
        #expect(requestCount == 1)
    }

    @Test func expiresInTheFutureIsFreshInThePastIsStale() async throws {
        server.serve(
            HTTPTestResource(body: body, headers: ["Expires": HTTPDate.string(from: Date() + 3600)]),
            at: "/future"
        )
        server.serve(
            HTTPTestResource(body: body, etag: "\"e\"", headers: ["Expires": HTTPDate.string(from: Date() - 3600)]),
            at: "/past"
        )
        for path in ["/future", "/past"] {
            _ = try await get(path)
            #expect(try await get(path).body == body)
        }
        #expect(server.requests(to: "/future").count == 1)
        #expect(server.requests(to: "/past").count == 2)
        #expect(server.requests(to: "/past").last?.headers["If-None-Match"] == "\"e\"")
    }

    @Test func staleResponseIsRevalidatedWithETagAnd304RefreshesIt() async throws {
        let attempts = CallCounter()
        server.route("/image") { [body] request in
            // Stale at first (max-age=0); the 304 makes it fresh for a day (on a loaded machine,
            // a minute can pass between two requests of one test).
            let maxAge = attempts.next() == 0 ? "0" : "86400"
            return HTTPTestResource(body: body, etag: "\"v1\"", headers: ["Cache-Control": "max-age=\(maxAge)"])
                .response(to: request)
        }
        _ = try await get("/image")
        let revalidated = try await get("/image")
        #expect(revalidated.succeeded)
        #expect(revalidated.body == body)
        #expect(revalidated.response?.statusCode == 200)
        #expect(server.requests(to: "/image")[1].headers["If-None-Match"] == "\"v1\"")
        #expect(revalidated.response?.headers["Cache-Control"] == "max-age=86400")
        _ = try await get("/image")
        #expect(requestCount == 2, "the refreshed entry is fresh: no third request")
    }

    @Test func lastModifiedIsSentAsIfModifiedSince() async throws {
        let modified = Date(timeIntervalSince1970: 1_700_000_000)
        serve(lastModified: modified, ["Cache-Control": "max-age=0"])
        _ = try await get("/image")
        #expect(try await get("/image").body == body)
        #expect(server.requests(to: "/image")[1].headers["If-Modified-Since"] == HTTPDate.string(from: modified))
    }

    @Test func anEntityTagIsSentAloneWithoutTheDate() async throws {
        serve(etag: "\"v1\"", lastModified: Date(timeIntervalSince1970: 1_700_000_000), ["Cache-Control": "max-age=0"])
        _ = try await get("/image")
        #expect(try await get("/image").body == body)
        let revalidation = server.requests(to: "/image")[1].headers
        #expect(revalidation["If-None-Match"] == "\"v1\"" && revalidation["If-Modified-Since"] == nil)
    }

    @Test func lastModifiedAloneGivesHeuristicFreshness() async throws {
        serve(lastModified: Date() - 10 * 86_400, [:])
        _ = try await get("/image")
        _ = try await get("/image")
        #expect(requestCount == 1, "a tenth of ten days is fresh")
    }

    @Test func changedResourceReplacesTheStoredOne() async throws {
        let version = CallCounter()
        server.route("/image") { request in
            let current = version.next() == 0 ? "\"v1\"" : "\"v2\""
            return HTTPTestResource(
                body: sampleBody(1000, seed: current == "\"v1\"" ? 1 : 2),
                etag: current,
                headers: ["Cache-Control": "no-cache"]
            )
            .response(to: request)
        }
        _ = try await get("/image")
        #expect(try await get("/image").body == sampleBody(1000, seed: 2))
        #expect(cache.cachedResponse(for: server.url("/image"))?.data == sampleBody(1000, seed: 2))
    }

    @Test func noStoreIsNeverStored() async throws {
        serve(etag: "\"x\"", ["Cache-Control": "no-store, max-age=86400"])
        _ = try await get("/image")
        _ = try await get("/image")
        #expect(requestCount == 2)
        #expect(cache.cachedResponse(for: server.url("/image")) == nil)
    }

    @Test func requestNoStoreIsNotStored() async throws {
        serve(["Cache-Control": "max-age=86400"])
        _ = try await get("/image", headers: ["Cache-Control": "no-store"])
        #expect(cache.cachedResponse(for: server.url("/image")) == nil)
    }

    @Test func noCacheIsStoredButRevalidatedEveryTime() async throws {
        serve(etag: "\"n\"", ["Cache-Control": "no-cache, max-age=600"])
        for _ in 0..<3 { #expect(try await get("/image").body == body) }
        let requests = server.requests(to: "/image")
        #expect(requests.count == 3)
        #expect(requests.dropFirst().allSatisfy { $0.headers["If-None-Match"] == "\"n\"" })
    }

    @Test func requestNoCacheRevalidatesAFreshResponse() async throws {
        serve(etag: "\"f\"", ["Cache-Control": "max-age=600"])
        _ = try await get("/image")
        _ = try await get("/image", headers: ["Cache-Control": "no-cache"])
        #expect(server.requests(to: "/image").last?.headers["If-None-Match"] == "\"f\"")
    }

    @Test func staleIsServedWhenTheServerIsUnreachable() async throws {
        serve(etag: "\"s\"", ["Cache-Control": "max-age=0"])
        _ = try await get("/image")
        server.stop()
        let offline = try await get("/image")
        #expect(offline.succeeded)
        #expect(offline.body == body)
    }

    @Test func mustRevalidateIsNeverServedStale() async throws {
        serve(etag: "\"m\"", ["Cache-Control": "max-age=0, must-revalidate"])
        _ = try await get("/image")
        server.stop()
        let offline = try await get("/image")
        #expect(offline.error is NetworkError)
        let cacheOnly = try await get("/image", policy: .returnCacheDataDontLoad)
        #expect(cacheOnly.error as? HTTPCacheError == .notCached(server.url("/image")))
    }

    @Test func cacheOnlyServesStaleDataOffline() async throws {
        serve(etag: "\"o\"", ["Cache-Control": "max-age=0"])
        _ = try await get("/image")
        server.stop()
        let record = try await get("/image", policy: .returnCacheDataDontLoad)
        #expect(record.succeeded)
        #expect(record.body == body)
        let missing = try await get("/other", policy: .returnCacheDataDontLoad)
        #expect(missing.error as? HTTPCacheError == .notCached(server.url("/other")))
    }

    @Test func reloadIgnoresTheStoredResponse() async throws {
        serve(["Cache-Control": "max-age=86400"])
        _ = try await get("/image")
        _ = try await get("/image", policy: .reloadIgnoringLocalCacheData)
        #expect(requestCount == 2)
        #expect(server.requests(to: "/image")[1].headers["If-None-Match"] == nil)
    }

    @Test func varyKeepsResponsesApartByRequestHeader() async throws {
        serve(["Cache-Control": "max-age=86400", "Vary": "Accept"])
        _ = try await get("/image", headers: ["Accept": "image/webp"])
        _ = try await get("/image", headers: ["Accept": "image/webp"])
        #expect(requestCount == 1)
        _ = try await get("/image", headers: ["Accept": "image/png"])
        #expect(requestCount == 2)
    }

    @Test func varyStarIsNeverStored() async throws {
        serve(["Cache-Control": "max-age=86400", "Vary": "*"])
        _ = try await get("/image")
        #expect(cache.cachedResponse(for: server.url("/image")) == nil)
    }

    @Test func failedTransfersAreNotStoredAndKeepWhatWasStored() async throws {
        server.route("/reset") { _ in
            HTTPTestResponse(
                headers: ["Cache-Control": "max-age=86400"],
                body: .bytes(sampleBody(50_000)),
                fault: .resetAfter(bytes: 20_000)
            )
        }
        server.route("/error") { _ in HTTPTestResponse(status: 500, headers: ["Cache-Control": "max-age=86400"]) }
        #expect(try await get("/reset").error != nil)
        #expect(try await get("/error").error != nil)
        #expect(cache.cachedResponse(for: server.url("/reset")) == nil)
        #expect(cache.cachedResponse(for: server.url("/error")) == nil)

        let attempts = CallCounter()
        server.route("/image") { [body] request in
            attempts.next() == 0
                ? HTTPTestResource(body: body, etag: "\"k\"", headers: ["Cache-Control": "max-age=0, must-revalidate"])
                    .response(to: request)
                : HTTPTestResponse(status: 503)
        }
        _ = try await get("/image")
        #expect(try await get("/image").error != nil)
        #expect(cache.cachedResponse(for: server.url("/image"))?.data == body, "a failed revalidation keeps the entry")
    }

    @Test("A body over the entry size passes through whole but is not stored; one at the size is")
    func bodiesOverTheEntrySizeAreNotStored() async throws {
        #expect(HTTPCache(name: "unused", sizeLimit: 200_000).maximumEntrySize == 10_000)
        let small = HTTPCache(
            dataCache: try DataCache(path: directory.url.appendingPathComponent("small")),
            maximumEntrySize: 30_000
        )
        let loader = HTTPCachingDataLoader(loader: CurlDataLoader(configuration: .init()), cache: small)
        let headers: HTTPHeaderFields = ["Cache-Control": "max-age=86400"]
        server.route("/big") { _ in HTTPTestResponse(headers: headers, body: .bytes(sampleBody(30_001))) }
        server.route("/fits") { _ in HTTPTestResponse(headers: headers, body: .bytes(sampleBody(30_000))) }
        let big = try await load(DataRequest(url: server.url("/big")), with: loader)
        #expect(big.body == sampleBody(30_001))
        _ = try await load(DataRequest(url: server.url("/fits")), with: loader)
        #expect(small.cachedResponse(for: server.url("/big")) == nil)
        #expect(small.cachedResponse(for: server.url("/fits"))?.data == sampleBody(30_000))
    }

    @Test("The pipeline's maximumResponseDataSize reaches the loader, which stops the transfer there")
    func pipelineLimitReachesTheLoader() async throws {
        server.route("/endless") { _ in
            HTTPTestResponse(body: .endless, pacing: .init(chunkSize: 16_384, delay: .milliseconds(1)))
        }
        let recorder = RequestRecordingLoader(loader: CurlDataLoader())
        let pipeline = ImagePipeline {
            $0.dataLoader = recorder
            $0.httpCache = nil
            $0.imageCache = nil
            $0.maximumResponseDataSize = 200_000
        }
        do {
            _ = try await pipeline.data(for: server.url("/endless"))
            Issue.record("an endless body loaded")
        } catch {
            guard case .dataDownloadExceededMaximumSize = error else {
                Issue.record("error \(error), expected dataDownloadExceededMaximumSize")
                return
            }
        }
        #expect(recorder.requests.map(\.maximumResponseSize) == [200_000])
    }

    @Test func pipelineUsesTheHTTPCacheByDefaultAndNotWithDataCache() async throws {
        serve(["Cache-Control": "max-age=86400"])
        let curl = CurlDataLoader()
        let pipeline = ImagePipeline {
            $0.dataLoader = curl
            $0.httpCache = cache
            $0.imageCache = nil
        }
        _ = try await pipeline.data(for: server.url("/image"))
        let second = try await pipeline.data(for: server.url("/image"))
        #expect(second.data == body)
        #expect(requestCount == 1)
        #expect(ImagePipeline.Configuration.withDataCache.httpCache == nil)

        server.stop()
        let cacheOnly = try await pipeline.data(
            for: ImageRequest(url: server.url("/image"), options: [.returnCacheDataDontLoad])
        )
        #expect(cacheOnly.data == body)
        do {
            _ = try await pipeline.data(
                for: ImageRequest(url: server.url("/none"), options: [.returnCacheDataDontLoad])
            )
            Issue.record("a cache-only request for nothing stored succeeded")
        } catch {
            guard case .dataMissingInCache = error else {
                Issue.record("error \(error), expected dataMissingInCache")
                return
            }
        }
    }
}

/// Passes loads on to `loader`, keeping the requests it was given.
private final class RequestRecordingLoader: DataLoading {
    let loader: any DataLoading
    private let recorded = Mutex<[DataRequest]>([])

    init(loader: any DataLoading) {
        self.loader = loader
    }

    var requests: [DataRequest] { recorded.withLock { $0 } }

    func loadData(
        with request: DataRequest,
        didReceiveData: @escaping @Sendable (Data, DataResponse) -> Void,
        completion: @escaping @Sendable ((any Error)?) -> Void
    ) -> any Cancellable {
        recorded.withLock { $0.append(request) }
        return loader.loadData(with: request, didReceiveData: didReceiveData, completion: completion)
    }
}
