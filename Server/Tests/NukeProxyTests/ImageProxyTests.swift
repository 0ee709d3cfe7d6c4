// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

import Foundation
import HTTPTypes
import Nuke
import NukeProxy
import NukeProxyTestSupport
import NukeTestSupport
import Testing

@Suite("The image proxy, against an origin on loopback")
struct ImageProxyTests {
    @Test("Fetches, resizes, encodes and answers with caching and security headers; results stored on disk")
    func serves() async throws {
        let fixture = try ProxyFixture()
        let directory = try TemporaryDirectory()
        let results = try DataCache(path: directory.url)
        let proxy = fixture.proxy(resultCache: results)
        let response = await proxy.respond(to: fixture.path("rs:fill:200:100/q:85", "/photo.jpg"))
        #expect(response.status == 200)
        #expect(response.header("Content-Type") == "image/jpeg")
        #expect(response.header("Cache-Control") == "public, max-age=31536000")
        #expect(response.header("X-Content-Type-Options") == "nosniff")
        #expect(response.header("Content-Security-Policy")?.contains("default-src 'none'") == true)
        #expect(response.header("ETag")?.hasPrefix("\"") == true)
        let image = try await ProxyFixture.decode(response.body)
        #expect(image.width == 200 && image.height == 100)

        // A second proxy over a new pipeline finds the result on disk: the origin is not asked.
        let again = await fixture.proxy(resultCache: results).respond(
            to: fixture.path("rs:fill:200:100/q:85", "/photo.jpg")
        )
        #expect(again.status == 200 && again.body == response.body && again.header("ETag") == response.header("ETag"))
        #expect(fixture.origin.requests(to: "/photo.jpg").count == 1)
    }

    @Test(
        "An animated GIF is served animated as WebP or GIF, asked for or by default, every frame resized; else its first frame"
    )
    func animations() async throws {
        let fixture = try ProxyFixture()
        let directory = try TemporaryDirectory()
        let proxy = fixture.proxy(resultCache: try DataCache(path: directory.url))
        let cases: [(response: ProxyResponse, type: String, tolerance: Int)] = [
            (await proxy.respond(to: fixture.path("w:20", "/spin.gif"), accept: "image/webp,*/*"), "image/webp", 16),
            (await proxy.respond(to: fixture.path("w:20/f:webp", "/spin.gif")), "image/webp", 16),
            (await proxy.respond(to: fixture.path("w:20", "/spin.gif")), "image/gif", 16),
            (await proxy.respond(to: fixture.path("w:20", "/spin.gif", extension: "gif")), "image/gif", 16),
            // From the result cache: the same bytes, still GIF.
            (await proxy.respond(to: fixture.path("w:20", "/spin.gif")), "image/gif", 16),
        ]
        for (response, type, tolerance) in cases {
            #expect(response.status == 200 && response.header("Content-Type") == type)
            let data = response.body
            let decoded = try await ImagePipeline { $0.imageCache = nil }
                .imageTask(with: ImageRequest(id: "result", data: { data })).response.container
            let animation = try #require(decoded.animation)
            #expect(animation.width == 20 && animation.height == 10 && animation.frameCount == 4)
            #expect(animation.frameDurations == [0.1, 0.2, 0.3, 0.4] && animation.loopCount == 0)
            #expect(abs(Int(try animation.frame(at: 3).pixel(x: 10, y: 5)[0]) - 180) <= tolerance)
        }
        #expect(cases[4].response.body == cases[2].response.body)
        for format in ["png", "jpg", "avif"] {
            let still = await proxy.respond(to: fixture.path("w:20/f:\(format)", "/spin.gif"))
            #expect(still.status == 200)
            let decoded = try await ImagePipeline { $0.imageCache = nil }
                .imageTask(with: ImageRequest(id: format, data: { still.body })).response.container
            #expect(decoded.image.width == 20 && decoded.animation == nil, "\(format)")
        }
    }

    @Test("A still photo asked for as GIF is a GIF of the requested size, its colours within a palette's reach")
    func stillGIF() async throws {
        let fixture = try ProxyFixture()
        let proxy = fixture.proxy()
        let response = await proxy.respond(to: fixture.path("rs:fill:200:100/f:gif", "/photo.jpg"))
        #expect(response.status == 200 && response.header("Content-Type") == "image/gif")
        #expect(AssetType(response.body) == .gif)
        let gif = try await ProxyFixture.decode(response.body)
        let png = try await ProxyFixture.decode(
            await proxy.respond(to: fixture.path("rs:fill:200:100/f:png", "/photo.jpg")).body
        )
        #expect(gif.width == 200 && gif.height == 100)
        let difference = try #require(ReferenceImage.difference(gif, png))
        #expect(difference.mean < 8, "mean difference \(difference.mean) from the PNG of the same result")
    }

    @Test("exp: past its time 404 before the origin or the result cache; before it, max-age stops there; 0 never")
    func expiringURLs() async throws {
        let fixture = try ProxyFixture()
        let cache = MockDataCache()
        let now = 1_800_000_000 as Int64
        let proxy = fixture.proxy(resultCache: cache) { configuration in
            configuration.cacheMaxAge = 3600
            configuration.currentTime = { now }
        }
        let soon = await proxy.respond(to: fixture.path("w:100/exp:\(now + 60)", "/photo.jpg"))
        #expect(soon.status == 200 && soon.header("Cache-Control") == "public, max-age=60")
        let later = await proxy.respond(to: fixture.path("w:100/exp:\(now + 86_400)", "/photo.jpg"))
        #expect(later.status == 200 && later.header("Cache-Control") == "public, max-age=3600")
        // The expiry does not change the image: one result serves both.
        #expect(later.body == soon.body && fixture.origin.requests(to: "/photo.jpg").count == 1)

        let (readsBefore, writesBefore) = (cache.readCount, cache.writeCount)
        for time in [now, now - 1] {
            let expired = await proxy.respond(to: fixture.path("w:100/exp:\(time)", "/photo.jpg"))
            #expect(expired.status == 404 && String(decoding: expired.body, as: UTF8.self).contains("URL expired"))
        }
        #expect(fixture.origin.requests(to: "/photo.jpg").count == 1)
        #expect(cache.readCount == readsBefore && cache.writeCount == writesBefore)
        // 0 or less never expires, as in imgproxy: the configured max-age.
        for time in [0, -1] {
            let never = await proxy.respond(to: fixture.path("w:100/exp:\(time)", "/photo.jpg"))
            #expect(never.status == 200 && never.header("Cache-Control") == "public, max-age=3600")
        }
        // The time is part of the signed path: changing it breaks the signature.
        let signed = fixture.path("w:100/exp:\(now - 1)", "/photo.jpg")
        let forged = signed.replacingOccurrences(of: "exp:\(now - 1)", with: "exp:\(now + 60)")
        #expect(await proxy.respond(to: forged).status == 403)
    }

    @Test("--set-canonical-header: Link rel=canonical names an http source; off by default")
    func canonicalHeader() async throws {
        let fixture = try ProxyFixture()
        let path = fixture.path("w:50", "/photo.jpg")
        #expect(await fixture.proxy().respond(to: path).header("Link") == nil)
        let response = await fixture.proxy { $0.setsCanonicalHeader = true }.respond(to: path)
        #expect(response.header("Link") == "<\(fixture.origin.url("/photo.jpg").absoluteString)>; rel=\"canonical\"")
    }

    @Test("fq: a quality per format when q is not given; q wins; each in its own cache entry; WebP and JPEG XL's own")
    func formatQualities() async throws {
        let fixture = try ProxyFixture()
        let cache = MockDataCache()
        let proxy = fixture.proxy(resultCache: cache)
        func size(_ options: String, accept: String? = nil) async -> Int {
            await proxy.respond(to: fixture.path("w:300/" + options, "/photo.jpg"), accept: accept).body.count
        }
        let jpeg30 = await size("f:jpg/q:30")
        let jpeg90 = await size("f:jpg/q:90")
        #expect(jpeg30 < jpeg90)
        #expect(await size("f:jpg/fq:jpg:30:webp:90") == jpeg30)
        #expect(await size("f:jpg/fq:webp:30") == (await size("f:jpg/q:80")))  // the server's default
        #expect(await size("f:jpg/q:90/fq:jpg:30") == jpeg90)
        // Negotiated WebP takes fq's WebP quality.
        let webp30 = await size("f:webp/q:30")
        #expect(await size("fq:jpg:90:webp:30", accept: "image/webp") == webp30)
        let keys = cache.keys
        #expect(
            Set(keys).count == keys.count
                && keys.contains { $0.contains("\nfq=avif:75:heic:50:jpeg:30:jxl:77:webp:90\n") }
        )
        // Without q, WebP and JPEG XL take their own defaults, JPEG the server's.
        #expect(await size("f:webp") == (await size("f:webp/q:85")))
        #expect(await size("q:0", accept: "image/webp") == (await size("f:webp/q:85")))
        #expect(await size("f:jxl") == (await size("f:jxl/q:77")))
        #expect(await size("f:jxl") != (await size("f:jxl/q:80")))

        // The server's own per-format qualities (--format-quality): fq overrides them, q all of them.
        let configured = fixture.proxy { $0.formatQualities = [.jpeg: 30] }
        func configuredSize(_ options: String) async -> Int {
            await configured.respond(to: fixture.path("w:300/" + options, "/photo.jpg")).body.count
        }
        #expect(await configuredSize("f:jpg") == jpeg30)
        #expect(await configuredSize("f:jpg/fq:jpg:90") == jpeg90)
        #expect(await configuredSize("f:jpg/q:90") == jpeg90)
        #expect(await configuredSize("f:jpg/fq:jpg:0") == jpeg30)
    }

    @Test("If-None-Match with the ETag answers 304 without a body")
    func notModified() async throws {
        let fixture = try ProxyFixture()
        let proxy = fixture.proxy()
        let path = fixture.path("w:100", "/photo.jpg")
        let first = await proxy.respond(to: path)
        let etag = try #require(first.header("ETag"))
        let second = await proxy.respond(to: path, headers: [.ifNoneMatch: "\"other\", W/\(etag)"])
        #expect(second.status == 304 && second.body.isEmpty && second.header("ETag") == etag)
        #expect(await proxy.respond(to: path, headers: [.ifNoneMatch: "\"other\""]).status == 200)
    }

    @Test("WebP for clients that accept it, with Vary: Accept; explicit formats do not vary")
    func negotiation() async throws {
        let fixture = try ProxyFixture()
        let cache = MockDataCache()
        let proxy = fixture.proxy(resultCache: cache)
        let path = fixture.path("w:100", "/photo.jpg")
        let webp = await proxy.respond(to: path, headers: [.accept: "image/avif,image/webp,*/*"])
        #expect(webp.header("Content-Type") == "image/webp" && webp.header("Vary") == "Accept")
        #expect(AssetType(webp.body) == .webp)
        let jpeg = await proxy.respond(to: path, headers: [.accept: "image/webp;q=0, */*"])
        #expect(jpeg.header("Content-Type") == "image/jpeg" && jpeg.header("Vary") == "Accept")
        let png = await proxy.respond(to: fixture.path("w:100", "/photo.jpg", extension: "png"), accept: "image/webp")
        #expect(png.header("Content-Type") == "image/png" && png.header("Vary") == nil)
        #expect(AssetType(png.body) == .png)
        // Transparent sources stay PNG when nothing is negotiated.
        let logo = await proxy.respond(to: fixture.path("w:32", "/logo.png"))
        #expect(logo.header("Content-Type") == "image/png")
        // One result per negotiated format, keyed without raw headers.
        #expect(cache.keys.count == 4)
        #expect(!cache.keys.contains { $0.components(separatedBy: "\n")[3] == "avif" }, "no AVIF negotiated")
    }

    @Test("AVIF when asked for by extension or f:avif; an AVIF result is served as AVIF again")
    func avif() async throws {
        let fixture = try ProxyFixture()
        let proxy = fixture.proxy(resultCache: MockDataCache())
        let byExtension = await proxy.respond(to: fixture.path("w:100", "/photo.jpg", extension: "avif"))
        #expect(byExtension.status == 200 && byExtension.header("Content-Type") == "image/avif")
        #expect(AssetType(byExtension.body) == .avif)
        let decoded = try AVIFDecoder(
            context: ImageDecodingContext(request: ImageRequest(url: nil), data: byExtension.body)
        ).decode(byExtension.body)
        #expect(decoded.image.width == 100)
        let byOption = await proxy.respond(to: fixture.path("w:50/f:avif", "/photo.jpg"), accept: "image/webp")
        #expect(byOption.header("Content-Type") == "image/avif" && byOption.header("Vary") == nil)
    }

    @Test("AVIF negotiation, when turned on: AVIF before WebP; animations stay animated; its own cache entries")
    func avifNegotiation() async throws {
        let fixture = try ProxyFixture()
        let cache = MockDataCache()
        let proxy = fixture.proxy(resultCache: cache) { $0.negotiatesAVIF = true }
        func type(_ options: String, _ file: String, accept: String?) async -> String? {
            let response = await proxy.respond(to: fixture.path(options, file), accept: accept)
            #expect(response.status == 200 && response.header("Vary") == "Accept")
            let sniffed = AssetType(response.body).map { "image/" + $0.rawValue }
            #expect(sniffed == response.header("Content-Type"))
            return response.header("Content-Type")
        }
        #expect(await type("w:100", "/photo.jpg", accept: "image/avif,image/webp,*/*") == "image/avif")
        #expect(await type("w:100", "/photo.jpg", accept: "image/webp,*/*") == "image/webp")
        #expect(await type("w:100", "/photo.jpg", accept: "*/*") == "image/jpeg")
        #expect(await type("w:20", "/spin.gif", accept: "image/avif,image/webp,*/*") == "image/webp")
        #expect(await type("w:20", "/spin.gif", accept: "image/avif,*/*") == "image/gif")
        let animated = await proxy.respond(to: fixture.path("w:20", "/spin.gif"), accept: "image/avif,image/webp")
        let decoded = try await ImagePipeline { $0.imageCache = nil }
            .imageTask(with: ImageRequest(id: "negotiated", data: { animated.body })).response.container
        #expect(decoded.animation?.frameCount == 4)
        // Asked for by name, an animation is an AVIF of its first frame, in a cache entry of its own.
        let named = await proxy.respond(to: fixture.path("w:20/f:avif", "/spin.gif"), accept: "image/avif")
        #expect(named.header("Content-Type") == "image/avif" && named.header("Vary") == nil)
        #expect(cache.keys.count == 6)
        let off = fixture.proxy()
        let webp = await off.respond(to: fixture.path("w:100", "/photo.jpg"), accept: "image/avif,image/webp")
        #expect(webp.header("Content-Type") == "image/webp")
    }

    @Test("Identical concurrent requests share one fetch")
    func coalescing() async throws {
        let fixture = try ProxyFixture()
        let proxy = fixture.proxy()
        let path = fixture.path("rs:fit:120:120", "/held.jpg")
        let statuses = await withTaskGroup(of: Int.self) { group in
            for _ in 0..<8 { group.addTask { await proxy.respond(to: path).status } }
            // The origin holds its answer until all eight are being served.
            while proxy.requestsInFlight < 8 || fixture.origin.requests(to: "/held.jpg").isEmpty { await Task.yield() }
            fixture.release.signal()
            return await group.reduce(into: []) { $0.append($1) }
        }
        #expect(statuses == Array(repeating: 200, count: 8))
        #expect(fixture.origin.requests(to: "/held.jpg").count == 1)
    }

    @Test(
        "Origin failures map to statuses, and nothing is cached",
        arguments: [("/missing.jpg", 404), ("/broken.jpg", 502), ("/text.jpg", 422), ("/reset.jpg", 502)]
    )
    func originFaults(file: String, status: Int) async throws {
        let fixture = try ProxyFixture()
        let cache = MockDataCache()
        let response = await fixture.proxy(resultCache: cache).respond(to: fixture.path("w:100", file))
        #expect(response.status == status)
        #expect(response.header("Cache-Control") == "no-store")
        #expect(!String(decoding: response.body, as: UTF8.self).contains("127.0.0.1"))
        #expect(cache.keys.isEmpty)
    }

    @Test("Bad or missing signatures are refused before the origin is asked")
    func signatures() async throws {
        let fixture = try ProxyFixture()
        let proxy = fixture.proxy()
        let path = fixture.path("w:100", "/photo.jpg")
        let tampered = path.replacingOccurrences(of: "w:100", with: "w:101")
        #expect(await proxy.respond(to: tampered).status == 403)
        let unsigned = "/insecure/w:100/plain/" + fixture.origin.url("/photo.jpg").absoluteString
        #expect(await proxy.respond(to: unsigned).status == 403)
        #expect(fixture.origin.requests(to: "/photo.jpg").isEmpty)
        let development = fixture.proxy { $0.allowsUnsignedURLs = true }
        #expect(await development.respond(to: unsigned).status == 200)
    }

    @Test("Both shrink-on-load rules give the same size and nearly the same pixels; the plan carries the rule")
    func shrinkOnLoadRules() async throws {
        let fixture = try ProxyFixture()
        var images: [Bitmap] = []
        for rule in ShrinkOnLoadRule.allCases {
            let proxy = fixture.proxy { $0.shrinkOnLoad = rule }
            let response = await proxy.respond(to: fixture.path("rs:fit:150:150", "/photo.jpg", extension: "png"))
            #expect(response.status == 200)
            images.append(try await ProxyFixture.decode(response.body))
        }
        let (fast, quality) = (images[0], images[1])
        #expect(fast.width == 150 && fast.height == 113)
        #expect(quality.width == fast.width && quality.height == fast.height)
        let difference = fast.withUnsafeBytes { fast in
            quality.withUnsafeBytes { quality in
                zip(fast, quality).reduce(0) { $0 + abs(Int($1.0) - Int($1.1)) }
            }
        }
        #expect(Double(difference) / Double(fast.width * fast.height * 4) <= 2)

        var configuration = ProxyConfiguration(signature: fixture.signature)
        configuration.shrinkOnLoad = .quality
        let plan = try ProxyPlan(
            path: fixture.path("w:100", "/photo.jpg"),
            accept: nil,
            configuration: configuration,
            registry: .defaultPlugins
        )
        #expect((plan.processors.first as? ProxyResize)?.shrinkOnLoad == .quality)
    }

    @Test("Editing options run in order (trim, turn, resize, …, background, watermark); wm needs a watermark")
    func editingOptions() async throws {
        let fixture = try ProxyFixture()
        let red = try Bitmap(width: 40, height: 20, pixelFormat: .rgba8, fill: [255, 0, 0, 255])
        var configuration = ProxyConfiguration(signature: fixture.signature)
        let path = fixture.path("t:5/rot:90/w:100/pix:4/bg:FFFFFF/wm:0.5:nowe:2:3:0.5", "/logo.png")
        #expect(throws: ProxyRequestError.self) {
            try ProxyPlan(path: path, accept: nil, configuration: configuration, registry: .defaultPlugins)
        }
        configuration.watermark = ProxyConfiguration.Watermark(image: red, id: "watermark-test", opacity: 0.8)
        let plan = try ProxyPlan(path: path, accept: nil, configuration: configuration, registry: .defaultPlugins)
        let kinds = plan.processors.map { String(describing: type(of: $0)) }
        #expect(kinds == ["Trim", "Rotate", "ProxyResize", "Pixelate", "Background", "ProxyWatermark"])
        let overlay = try #require(plan.processors.last as? ProxyWatermark)
        #expect(overlay.opacity == 0.4 && overlay.anchor == .northWest && overlay.scale == 0.5)
        #expect(overlay.xOffset == 2 && overlay.yOffset == 3)
        #expect(plan.cacheKey.contains("watermark-test"))

        // Through the proxy: a watermarked, flattened result.
        let proxy = fixture.proxy { $0.watermark = configuration.watermark }
        let response = await proxy.respond(
            to: fixture.path("w:64/bg:FFFFFF/wm:1:nowe:0:0", "/logo.png", extension: "png")
        )
        #expect(response.status == 200)
        let image = try await ProxyFixture.decode(response.body)
        #expect(image.width == 64 && image.isOpaque)
        #expect(image.pixel(x: 0, y: 0) == [255, 51, 51, 255], "the watermark at 0.8 over white, at the top left")
        #expect(image.pixel(x: 63, y: 63) != [255, 0, 0, 255])
        #expect(await fixture.proxy().respond(to: fixture.path("wm:1", "/photo.jpg")).status == 400)
    }

    @Test("Limits: result size, path length, chain length, processors outside the allow-list, presets-only")
    func limits() async throws {
        let fixture = try ProxyFixture()
        let proxy = fixture.proxy {
            $0.maximumResultDimension = 1000
            $0.maximumPathLength = 400
            $0.maximumChainLength = 2
            $0.allowedProcessors = ["resize", "gaussianBlur"]
        }
        #expect(await proxy.respond(to: fixture.path("w:1001", "/photo.jpg")).status == 400)
        #expect(await proxy.respond(to: fixture.path("w:600/dpr:2", "/photo.jpg")).status == 400)
        #expect(
            await proxy.respond(to: fixture.path("cb:" + String(repeating: "x", count: 400), "/photo.jpg")).status
                == 414
        )
        #expect(await proxy.respond(to: fixture.path("nuke:invert()", "/photo.jpg")).status == 403)
        #expect(
            await proxy.respond(to: fixture.path("w:50/nuke:gaussianBlur(radius:2)|resize(width:20)", "/photo.jpg"))
                .status == 403
        )
        let allowed = await proxy.respond(to: fixture.path("nuke:resize(width:40,unit:pixels)", "/photo.jpg"))
        #expect(allowed.status == 200)
        #expect(try await ProxyFixture.decode(allowed.body).width == 40)

        let presetsOnly = fixture.proxy {
            $0.onlyPresets = true
            $0.presets = ["small": [ProxyOption(segment: "rs:fit:64:64")]]
        }
        #expect(await presetsOnly.respond(to: fixture.path("w:64", "/photo.jpg")).status == 403)
        #expect(await presetsOnly.respond(to: fixture.path("small:w", "/photo.jpg")).status == 403)
        let small = await presetsOnly.respond(to: fixture.path("pr:small", "/photo.jpg"))
        #expect(try await ProxyFixture.decode(small.body).width == 64)
        // imgproxy's form: the preset names themselves, colon-separated.
        let named = await presetsOnly.respond(to: fixture.path("small:small", "/photo.jpg"))
        #expect(named.status == 200 && named.body == small.body)
        let single = await presetsOnly.respond(to: fixture.path("small", "/photo.jpg"))
        #expect(single.status == 200 && single.body == small.body)
        #expect(await presetsOnly.respond(to: fixture.path("large", "/photo.jpg")).status == 403)
    }

    @Test(
        "A fallback image stands in for a missing, failing or broken source, processed as asked, never cached as a result"
    )
    func fallbackImage() async throws {
        let fixture = try ProxyFixture()
        let cache = MockDataCache()
        let proxy = fixture.proxy(resultCache: cache) {
            $0.fallbackImage = .init(data: ProxyFixture.transparent, id: "logo", cacheMaxAge: 30)
        }
        for file in ["/missing.jpg", "/broken.jpg", "/text.jpg"] {
            let response = await proxy.respond(to: fixture.path("rs:fill:32:16/f:png", file))
            #expect(response.status == 200 && response.header("Cache-Control") == "public, max-age=30", "\(file)")
            let image = try await ProxyFixture.decode(response.body)
            #expect(image.width == 32 && image.height == 16, "\(file)")
        }
        #expect(cache.keys.isEmpty)
        // Refusals are not source failures: no fallback for them.
        let signed = fixture.path("w:32", "/missing.jpg")
        #expect(await proxy.respond(to: "/bad" + signed.dropFirst().drop { $0 != "/" }).status == 403)
        // A real source still wins, and is cached.
        #expect(await proxy.respond(to: fixture.path("w:32", "/photo.jpg")).status == 200 && cache.keys.count == 1)

        let notFound = fixture.proxy {
            $0.fallbackImage = .init(data: ProxyFixture.transparent, id: "logo", status: 404)
        }
        let path = fixture.path("w:32/f:png", "/missing.jpg")
        let first = await notFound.respond(to: path)
        let image = try await ProxyFixture.decode(first.body)
        #expect(first.status == 404 && image.width == 32)
        let again = await notFound.respond(to: path, headers: [.ifNoneMatch: try #require(first.header("ETag"))])
        #expect(again.status == 404 && again.body == first.body)
    }

    @Test("--base-url: a path relative to it is fetched from it")
    func baseURL() async throws {
        let fixture = try ProxyFixture()
        let proxy = fixture.proxy { $0.sources.baseURL = fixture.origin.url("/").absoluteString }
        let response = await proxy.respond(to: fixture.signature.sign("/w:50/plain/photo.jpg@png"))
        let image = try await ProxyFixture.decode(response.body)
        #expect(response.status == 200 && image.width == 50)
        #expect(fixture.origin.requests(to: "/photo.jpg").count == 1)
    }

    @Test("Sources outside the allow-list, and loopback under the server's address policy, are 403")
    func sources() async throws {
        let fixture = try ProxyFixture()
        let listed = fixture.proxy {
            $0.sources = SourcePolicy(allowedSources: [try! .init(parsing: "https://images.example/")])
        }
        #expect(await listed.respond(to: fixture.path("w:10", "/photo.jpg")).status == 403)
        let publicOnly = fixture.proxy(addressPolicy: .publicInternetOnly)
        #expect(await publicOnly.respond(to: fixture.path("w:10", "/photo.jpg")).status == 403)
        #expect(fixture.origin.requests(to: "/photo.jpg").isEmpty)
    }

    @Test("Every redirect is checked against the allowed sources: out of them is 403, within them is followed")
    func redirects() async throws {
        let fixture = try ProxyFixture()
        let proxy = fixture.proxy {
            $0.sources = SourcePolicy(allowedSources: [
                try! .init(parsing: fixture.origin.url("/public/").absoluteString)
            ])
        }
        let away = await proxy.respond(to: fixture.path("w:10", "/public/away.jpg"))
        #expect(away.status == 403)
        #expect(fixture.origin.requests(to: "/photo.jpg").isEmpty, "the refused target is never fetched")
        let moved = await proxy.respond(to: fixture.path("w:10", "/public/moved.jpg"))
        #expect(moved.status == 200)
        #expect(try await ProxyFixture.decode(moved.body).width == 10)
    }

    @Test("Past the concurrency limit, 429 with Retry-After; a request past its time-out is 504 and its download ends")
    func overloadAndTimeout() async throws {
        let fixture = try ProxyFixture()
        let proxy = fixture.proxy {
            $0.maximumConcurrentRequests = 1
            $0.requestTimeout = .seconds(600)
        }
        let slow = Task { await proxy.respond(to: fixture.path("w:10", "/slow.jpg")) }
        while fixture.origin.requests(to: "/slow.jpg").isEmpty { await Task.yield() }
        let refused = await proxy.respond(to: fixture.path("w:10", "/photo.jpg"))
        #expect(refused.status == 429 && refused.header("Retry-After") == "1")
        slow.cancel()
        _ = await slow.value

        let impatient = fixture.proxy { $0.requestTimeout = .milliseconds(50) }
        let timedOut = await impatient.respond(to: fixture.path("w:11", "/slow.jpg"))
        #expect(timedOut.status == 504)
        #expect(impatient.requestsInFlight == 0)
    }
}
