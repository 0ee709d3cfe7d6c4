// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

import Foundation
import InMemoryTracing
import NIOHTTP1
import Nuke
import NukeProxy
import NukeTestSupport
import NukeVapor
import Testing
import Tracing
import Vapor
import VaporTesting

@Suite("NukeVapor: the image proxy in a Vapor application, against a real origin on loopback")
struct NukeVaporTests {
    /// An 800×600 JPEG of noise.
    static let photo = try! JPEGEncoder(quality: 0.9).encode(Bitmap.noise(width: 800, height: 600, isOpaque: true))

    static let signature = URLSignature(keys: [try! URLSignature.Key(hexKey: "736563726574", hexSalt: "68656c6c6f")])

    /// An origin on loopback serving `/photo.jpg`, and a proxy that may fetch from it.
    private static func proxy(
        origin: HTTPTestServer,
        tracer: any Tracer = InstrumentationSystem.tracer,
        configure: (inout ProxyConfiguration) -> Void = { _ in }
    ) -> ImageProxy {
        origin.route("/photo.jpg") { _ in .ok(photo, contentType: "image/jpeg") }
        var configuration = ProxyConfiguration(signature: signature)
        configuration.allowsPrivateAddresses = true
        configure(&configuration)
        return ImageProxy(configuration: configuration, tracer: tracer)
    }

    private static func path(_ options: String, _ source: URL, prefix: String = "") -> String {
        prefix + signature.sign("/\(options)/plain/\(source.absoluteString)")
    }

    @Test(
        "serveImages, over a socket: a signed URL is resized (WebP when accepted), HEAD has no body, a bad signature is 403"
    )
    func routes() async throws {
        let origin = try HTTPTestServer()
        defer { origin.stop() }
        let proxy = Self.proxy(origin: origin) { $0.pathPrefix = "/images" }
        let path = Self.path("w:100", origin.url("/photo.jpg"), prefix: "/images")
        try await withApp(configure: { app in
            app.serveImages(proxy)
            app.get("hello") { _ in "the app's own route" }
        }) { app in
            let client = try app.testing(method: .running(hostname: "127.0.0.1", port: 0))
            try await client.test(.GET, path, headers: ["X-Request-ID": "vapor-1"]) { response in
                #expect(response.status == .ok)
                #expect(response.headers.first(name: .contentType) == "image/jpeg")
                #expect(response.headers.first(name: "X-Request-ID") == "vapor-1")
                let data = Data(buffer: response.body)
                let image = try await ImagePipeline { $0.imageCache = nil }
                    .image(for: ImageRequest(id: "result", data: { data }))
                #expect(image.width == 100 && image.height == 75)
            }
            try await client.test(.GET, path, headers: ["Accept": "image/webp,*/*"]) { response in
                #expect(response.headers.first(name: .contentType) == "image/webp")
                #expect(response.headers.first(name: .vary) == "Accept")
            }
            try await client.test(.HEAD, path) { response in
                #expect(response.status == .ok)
                #expect(response.body.readableBytes == 0)
                #expect(Int(response.headers.first(name: .contentLength) ?? "") ?? 0 > 0)
            }
            try await client.test(.GET, "/images/forged" + path.dropFirst("/images/".count).drop { $0 != "/" }) {
                #expect($0.status == .forbidden)
            }
            try await client.test(.GET, "/images/health") { response in
                #expect(response.status == .ok)
                #expect(response.body.string == "ok\n")
            }
            try await client.test(.GET, "/hello") { #expect($0.body.string == "the app's own route") }
        }
    }

    @Test("ETag and If-None-Match: 304 without a body, as NukeHummingbird answers")
    func notModified() async throws {
        let origin = try HTTPTestServer()
        defer { origin.stop() }
        let proxy = Self.proxy(origin: origin)
        let path = Self.path("w:50", origin.url("/photo.jpg"))
        try await withApp(configure: { $0.serveImages(proxy) }) { app in
            var etag = ""
            try await app.testing().test(.GET, path) { etag = $0.headers.first(name: .eTag) ?? "" }
            #expect(!etag.isEmpty)
            try await app.testing().test(.GET, path, headers: ["If-None-Match": etag]) { response in
                #expect(response.status == .notModified)
                #expect(response.body.readableBytes == 0)
            }
        }
    }

    @Test("Secure by default: ImageProxy(configuration:) refuses a loopback source; its answer is the same here")
    func secureByDefault() async throws {
        let origin = try HTTPTestServer()
        defer { origin.stop() }
        origin.route("/photo.jpg") { _ in .ok(Self.photo, contentType: "image/jpeg") }
        let proxy = ImageProxy(configuration: ProxyConfiguration(signature: Self.signature))
        try await withApp(configure: { $0.serveImages(proxy) }) { app in
            try await app.testing().test(.GET, Self.path("w:50", origin.url("/photo.jpg"))) {
                #expect($0.status == .forbidden)
            }
        }
        #expect(origin.requests.isEmpty)
    }

    @Test("ImageProxyMiddleware: the proxy's paths answered in front of the app, every other request passed on")
    func middleware() async throws {
        let origin = try HTTPTestServer()
        defer { origin.stop() }
        let proxy = Self.proxy(origin: origin) {
            $0.pathPrefix = "/img"
            $0.allowedOrigin = "https://app.example"
        }
        try await withApp(configure: { app in
            app.middleware.use(ImageProxyMiddleware(proxy: proxy))
            app.get("img-less") { _ in "passed on" }
            app.post("img", "upload") { _ in "posts are the app's" }
        }) { app in
            try await app.testing().test(.GET, Self.path("w:100", origin.url("/photo.jpg"), prefix: "/img")) {
                #expect($0.status == .ok)
                #expect($0.headers.first(name: "Access-Control-Allow-Origin") == "https://app.example")
                #expect(($0.headers.first(name: "X-Request-ID") ?? "").isEmpty == false)
            }
            try await app.testing().test(.OPTIONS, "/img/anything") { response in
                #expect(response.status == .noContent)
                #expect(response.headers.first(name: "Access-Control-Allow-Methods") == "GET, HEAD, OPTIONS")
            }
            try await app.testing().test(.GET, "/img/health") { #expect($0.body.string == "ok\n") }
            try await app.testing().test(.GET, "/img-less") { #expect($0.body.string == "passed on") }
            try await app.testing().test(.POST, "/img/upload") { #expect($0.body.string == "posts are the app's") }
        }
    }

    @Test("A server span per request from the proxy's tracer, the path without its signature")
    func requestSpans() async throws {
        let origin = try HTTPTestServer()
        defer { origin.stop() }
        let tracer = InMemoryTracer()
        let proxy = Self.proxy(origin: origin, tracer: tracer)
        let path = Self.path("w:100", origin.url("/photo.jpg"))
        try await withApp(configure: { $0.serveImages(proxy) }) { app in
            try await app.testing().test(.GET, path) { #expect($0.status == .ok) }
        }
        let span = try #require(tracer.finishedSpans.first { $0.kind == .server })
        #expect(span.operationName == "GET /**")
        #expect(span.attributes["http.response.status_code"]?.toSpanAttribute() == .int64(200))
        let signature = String(path.dropFirst().prefix { $0 != "/" })
        #expect("\(span.attributes["url.path"]?.toSpanAttribute() as Any)".contains(signature) == false)
    }
}
