// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

import Foundation
import HTTPTypes
import Nuke
import NukeProxyTestSupport
import NukeTestSupport
import Testing

@testable import NukeProxy

@Suite("Headers from the source: Last-Modified, Cache-Control pass-through, debug headers")
struct SourceHeadersTests {
    static let now = 1_800_000_000 as Int64
    static let lastModified = "Tue, 03 Nov 2026 10:00:00 GMT"

    /// The fixture's origin, with sources that send caching headers.
    static func fixture() throws -> ProxyFixture {
        let fixture = try ProxyFixture()
        let routes: [(String, [String: String])] = [
            ("/dated.jpg", ["Last-Modified": lastModified, "Cache-Control": "public, max-age=600"]),
            ("/expiring.jpg", ["Expires": date(now + 120)]),
            ("/expired.jpg", ["Expires": date(now - 120)]),
            ("/undated.jpg", ["Last-Modified": "yesterday"]),
        ]
        for (path, headers) in routes {
            fixture.origin.route(path) { _ in
                HTTPTestResponse(
                    headers: HTTPHeaderFields(headers.merging(["Content-Type": "image/jpeg"]) { first, _ in first }),
                    body: .bytes(ProxyFixture.photo)
                )
            }
        }
        return fixture
    }

    static func date(_ seconds: Int64) -> String {
        HTTPDate.string(from: Date(timeIntervalSince1970: TimeInterval(seconds)))
    }

    @Test("Debug headers give the source's and the result's sizes, from every cache alike; off by default")
    func debugHeaders() async throws {
        let fixture = try Self.fixture()
        let directory = try TemporaryDirectory()
        let results = try DataCache(path: directory.url)
        let debugging = { (configuration: inout ProxyConfiguration) in configuration.sendsDebugHeaders = true }
        let proxy = fixture.proxy(resultCache: results, configure: debugging)
        let path = fixture.path("w:200", "/photo.jpg")
        let expected: [String: String] = [
            "X-Origin-Width": "800", "X-Origin-Height": "600", "X-Origin-Content-Length": "\(ProxyFixture.photo.count)",
            "X-Result-Width": "200", "X-Result-Height": "150",
        ]
        // Made (the JPEG decoded at a quarter of its size: the origin's size is still the full one);
        // then the same image in another format, from the memory cache; then from the result cache,
        // by a proxy that has made nothing.
        let made = await proxy.respond(to: path)
        let webP = await proxy.respond(to: path, headers: [.accept: "image/webp"])
        let cached = await fixture.proxy(resultCache: results, configure: debugging).respond(to: path)
        for response in [made, webP, cached] {
            #expect(response.status == 200)
            for (name, value) in expected { #expect(response.header(name) == value, "\(name)") }
        }
        #expect(webP.header("Content-Type") == "image/webp")
        #expect(fixture.origin.requests(to: "/photo.jpg").count == 1)

        let raw = await proxy.respond(to: fixture.path("raw:1", "/photo.jpg"))
        #expect(raw.header("X-Origin-Content-Length") == "\(ProxyFixture.photo.count)")
        #expect(raw.header("X-Result-Width") == "800" && raw.header("X-Origin-Width") == "800")
        #expect(await fixture.proxy().respond(to: path).header("X-Origin-Width") == nil)
    }

    @Test("Last-Modified is the source's; If-Modified-Since answers 304, after If-None-Match; off by default")
    func lastModified() async throws {
        let fixture = try Self.fixture()
        let directory = try TemporaryDirectory()
        let results = try DataCache(path: directory.url)
        let proxy = fixture.proxy(resultCache: results) { $0.sendsLastModified = true }
        let path = fixture.path("w:100", "/dated.jpg")
        let made = await proxy.respond(to: path)
        #expect(made.status == 200 && made.header("Last-Modified") == Self.lastModified)

        let same = await proxy.respond(to: path, headers: [.ifModifiedSince: Self.lastModified])
        #expect(same.status == 304 && same.body.isEmpty && same.header("Last-Modified") == Self.lastModified)
        #expect(await proxy.respond(to: path, headers: [.ifModifiedSince: Self.date(Self.now)]).status == 304)
        let older = await proxy.respond(to: path, headers: [.ifModifiedSince: "Mon, 02 Nov 2026 10:00:00 GMT"])
        #expect(older.status == 200 && older.body == made.body)
        #expect(await proxy.respond(to: path, headers: [.ifModifiedSince: "not a date"]).status == 200)
        // If-None-Match is asked first, and decides alone.
        let both: HTTPFields = [.ifNoneMatch: "\"other\"", .ifModifiedSince: Self.lastModified]
        #expect(await proxy.respond(to: path, headers: both).status == 200)

        // From the result cache, by a proxy that has fetched nothing.
        let restarted = fixture.proxy(resultCache: results) { $0.sendsLastModified = true }
        #expect(await restarted.respond(to: path).header("Last-Modified") == Self.lastModified)
        #expect(fixture.origin.requests(to: "/dated.jpg").count == 1)

        // A value that is not a date is not passed on; a source without one has none.
        #expect(await proxy.respond(to: fixture.path("w:100", "/undated.jpg")).header("Last-Modified") == nil)
        #expect(await proxy.respond(to: fixture.path("w:100", "/photo.jpg")).header("Last-Modified") == nil)
        let off = fixture.proxy()
        #expect(await off.respond(to: path).header("Last-Modified") == nil)
        #expect(await off.respond(to: path, headers: [.ifModifiedSince: Self.lastModified]).status == 200)
    }

    @Test("Cache-Control passes through from the source when the URL has no exp:, as imgproxy's")
    func cacheControlPassThrough() async throws {
        let fixture = try Self.fixture()
        let proxy = fixture.proxy { configuration in
            configuration.passesCacheControlThrough = true
            configuration.cacheMaxAge = 3600
            configuration.currentTime = { Self.now }
        }
        let cases: [(options: String, file: String, cacheControl: String)] = [
            ("w:100", "/dated.jpg", "public, max-age=600"),
            ("w:100/exp:\(Self.now + 60)", "/dated.jpg", "public, max-age=60"),
            ("w:100", "/expiring.jpg", "public, max-age=120"),
            // An Expires already past, and no header at all, leave the configured max-age.
            ("w:100", "/expired.jpg", "public, max-age=3600"),
            ("w:100", "/photo.jpg", "public, max-age=3600"),
        ]
        for (options, file, cacheControl) in cases {
            let response = await proxy.respond(to: fixture.path(options, file))
            #expect(response.status == 200 && response.header("Cache-Control") == cacheControl, "\(options) \(file)")
        }
        let off = fixture.proxy { $0.cacheMaxAge = 3600 }
        #expect(
            await off.respond(to: fixture.path("w:100", "/dated.jpg")).header("Cache-Control") == "public, max-age=3600"
        )
    }

    @Test("Result cache entries keep the source's facts; entries of older layouts and cut ones are misses")
    func cacheEntries() throws {
        let facts = SourceFacts(width: 800, height: 600, byteCount: 1234, lastModified: Self.lastModified)
        for source in [facts, nil] {
            let result = ImageProxy.EncodedResult(
                data: Data([1, 2, 3]),
                format: .webp,
                width: 8,
                height: 6,
                source: source
            )
            let decoded = try #require(ImageProxy.decodeCached(ImageProxy.encodeForCache(result)))
            #expect(decoded.data == result.data && decoded.format == .webp && decoded.source == source)
            #expect(decoded.width == 8 && decoded.height == 6)
        }
        let entry = ImageProxy.encodeForCache(
            ImageProxy.EncodedResult(data: Data([1]), format: .jpeg, width: 1, height: 1, source: facts)
        )
        // Cut inside the facts; and the layout before facts (tag 0x80, no length), then the first.
        #expect(ImageProxy.decodeCached(entry.prefix(entry.count - 2)) == nil)
        #expect(ImageProxy.decodeCached(Data([0x80, 0, 0, 0, 1, 0, 0, 0, 1, 0xFF, 0xD8])) == nil)
        #expect(ImageProxy.decodeCached(Data([0, 0xFF, 0xD8, 0xFF])) == nil)
    }
}
