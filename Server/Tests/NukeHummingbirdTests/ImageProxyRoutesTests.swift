// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

import Foundation
import Hummingbird
import HummingbirdTesting
import Nuke
import NukeHummingbird
import NukeProxyTestSupport
import NukeTestSupport
import Testing

@Suite("Serving the proxy with Hummingbird")
struct ImageProxyRoutesTests {
    @Test(
        "GET serves images with their headers, HEAD the same headers without a body, /health answers",
        arguments: [false, true]
    )
    func routes(live: Bool) async throws {
        let fixture = try ProxyFixture()
        let app = Application(router: fixture.proxy().router())
        let path = fixture.path("rs:fit:100:100", "/photo.jpg")
        try await app.test(live ? .live : .router) { client in
            try await client.execute(uri: "/health", method: .get) { response in
                #expect(response.status == .ok)
                #expect(String(buffer: response.body) == "ok\n")
            }
            let etag = try await client.execute(uri: path, method: .get, headers: [.accept: "image/webp"]) { response in
                #expect(response.status == .ok)
                #expect(response.headers[.contentType] == "image/webp")
                #expect(response.headers[.vary] == "Accept")
                #expect(response.headers[.cacheControl] == "public, max-age=31536000")
                let image = try await ProxyFixture.decode(Data(buffer: response.body))
                #expect(image.width == 100 && image.height == 75)
                return try #require(response.headers[.eTag])
            }
            try await client.execute(uri: path, method: .get, headers: [.ifNoneMatch: etag, .accept: "image/webp"]) {
                response in
                #expect(response.status == .notModified)
                #expect(response.body.readableBytes == 0)
            }
            try await client.execute(uri: path, method: .head, headers: [.accept: "image/webp"]) { response in
                #expect(response.status == .ok)
                #expect(response.headers[.eTag] == etag)
                #expect(response.body.readableBytes == 0)
            }
            try await client.execute(uri: "/bad/w:1/plain/http://a/b", method: .get) { response in
                #expect(response.status == .forbidden)
                #expect(response.headers[.cacheControl] == "no-store")
                #expect(String(buffer: response.body) == "Forbidden\n")
            }
        }
        #expect(fixture.origin.requests(to: "/photo.jpg").count == 1)
    }

    @Test("--path-prefix: image URLs and /health under it; the signature covers what follows it")
    func pathPrefix() async throws {
        let fixture = try ProxyFixture()
        let app = Application(router: fixture.proxy { $0.pathPrefix = "/images" }.router())
        let path = fixture.path("w:50", "/photo.jpg")
        try await app.test(.router) { client in
            try await client.execute(uri: "/images" + path, method: .get) { response in
                #expect(response.status == .ok)
                let image = try await ProxyFixture.decode(Data(buffer: response.body))
                #expect(image.width == 50)
            }
            try await client.execute(uri: path, method: .get) { response in
                #expect(response.status == .badRequest)
            }
            try await client.execute(uri: "/images/health", method: .get) { response in
                #expect(response.status == .ok && String(buffer: response.body) == "ok\n")
            }
        }
    }

    @Test("CORS: the allowed origin on every response, failures and 304s too; OPTIONS answers the preflight")
    func cors() async throws {
        let fixture = try ProxyFixture()
        let origin = "https://app.example.com"
        let app = Application(router: fixture.proxy { $0.allowedOrigin = origin }.router())
        let path = fixture.path("w:50", "/photo.jpg")
        try await app.test(.router) { client in
            let etag = try await client.execute(uri: path, method: .get) { response in
                #expect(response.status == .ok && response.headers[.accessControlAllowOrigin] == origin)
                return try #require(response.headers[.eTag])
            }
            try await client.execute(uri: path, method: .get, headers: [.ifNoneMatch: etag]) { response in
                #expect(response.status == .notModified && response.headers[.accessControlAllowOrigin] == origin)
            }
            try await client.execute(uri: fixture.path("w:50", "/missing.jpg"), method: .get) { response in
                #expect(response.status == .notFound && response.headers[.accessControlAllowOrigin] == origin)
            }
            try await client.execute(uri: path, method: .options) { response in
                #expect(response.status == .noContent && response.headers[.accessControlAllowOrigin] == origin)
                #expect(response.headers[.accessControlAllowMethods] == "GET, HEAD, OPTIONS")
            }
        }
        try await Application(router: fixture.proxy().router()).test(.router) { client in
            try await client.execute(uri: path, method: .get) { response in
                #expect(response.status == .ok && response.headers[.accessControlAllowOrigin] == nil)
            }
            try await client.execute(uri: path, method: .options) { response in
                #expect(response.status == .methodNotAllowed && response.headers[.allow] == "GET, HEAD")
            }
        }
    }

    @Test("The responder runs each request on the pipeline's worker threads, not the cooperative pool")
    func requestsRunOnWorkers() async throws {
        let fixture = try ProxyFixture()
        let workers = ImagePipeline.WorkerPool(threadCount: 1, name: "proxy-test")
        let log = LogRecorder()
        var configuration = ProxyConfiguration(signature: fixture.signature)
        configuration.allowsPrivateAddresses = true  // The origin is on loopback.
        let proxy = try ImageProxy(
            pipeline: fixture.pipeline(workerPool: workers),
            configuration: configuration,
            logger: log.logger
        )
        try await Application(router: proxy.router()).test(.router) { client in
            // A bad signature is answered, and logged, before anything else could move the request.
            try await client.execute(uri: "/bad/w:1/plain/http://a/b", method: .get) { response in
                #expect(response.status == .forbidden)
            }
        }
        // The cause, then the request line of the log middleware.
        #expect(log.threadNames == ["proxy-test-1", "proxy-test-1"])
        await workers.shutdown()
    }
}
