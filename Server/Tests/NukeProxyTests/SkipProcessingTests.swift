// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

import Foundation
import Nuke
import NukeProxyTestSupport
import NukeTestSupport
import Testing

@testable import NukeProxy

@Suite("skip_processing (skp:)")
struct SkipProcessingTests {
    @Test("Formats by imgproxy's names; types no result is written in are accepted and never match")
    func parsing() throws {
        var options = ProcessingOptions()
        try options.apply([ProxyOption(segment: "skp:jpg:svg:GIF")], presets: [:])
        #expect(options.skippedFormats == [.jpeg, .gif])
        for text in ["skp", "skp:exe", "skip_processing:jpg:tga"] {
            var refused = ProcessingOptions()
            #expect(throws: ProxyRequestError.self) { try refused.apply([ProxyOption(segment: text)], presets: [:]) }
        }
    }

    @Test("A source in a named format is served byte for byte when the result would be in its format")
    func servesTheSourceAsItIs() async throws {
        let fixture = try ProxyFixture()
        let cache = MockDataCache()
        let proxy = fixture.proxy(resultCache: cache)
        for options in ["skp:jpg", "skip_processing:png:jpeg/w:100/bl:2", "skp:jpg/f:jpg"] {
            let response = await proxy.respond(to: fixture.path(options, "/photo.jpg"), accept: "image/jpeg")
            #expect(response.status == 200 && response.body == ProxyFixture.photo, "\(options)")
            #expect(response.header("Content-Type") == "image/jpeg" && response.header("ETag") != nil)
        }
        // One download each: the source is decoded (for its limits) from the bytes in hand.
        #expect(fixture.origin.requests(to: "/photo.jpg").count == 3)
        let gif = await proxy.respond(to: fixture.path("skp:gif/w:10", "/spin.gif"))
        #expect(gif.body == ProxyFixture.animation && gif.header("Content-Type") == "image/gif")
        #expect(cache.keys.isEmpty)  // The originals' caches hold these; results are not stored again.
    }

    @Test("Served as it is, a source is still held to the source pixel and frame limits")
    func sourceLimits() async throws {
        let fixture = try ProxyFixture()
        // The photo is 800×600 (480,000 pixels); the animation has four frames.
        let strict = fixture.proxy(configurePipeline: {
            $0.maximumDecodedPixelCount = 100_000
            $0.maximumAnimationFrameCount = 3
        })
        #expect(await strict.respond(to: fixture.path("skp:jpg", "/photo.jpg")).status == 422)
        #expect(await strict.respond(to: fixture.path("skp:gif", "/spin.gif")).status == 422)
    }

    @Test("Another format asked for or negotiated, or another source format: processed as usual")
    func processesOtherwise() async throws {
        let fixture = try ProxyFixture()
        let proxy = fixture.proxy()
        let png = await proxy.respond(to: fixture.path("skp:jpg/w:100/f:png", "/photo.jpg"))
        let pngImage = try await ProxyFixture.decode(png.body)
        #expect(png.header("Content-Type") == "image/png" && pngImage.width == 100)
        let webp = await proxy.respond(to: fixture.path("skp:jpg/w:100", "/photo.jpg"), accept: "image/webp")
        #expect(webp.header("Content-Type") == "image/webp" && AssetType(webp.body) == .webp)
        let jpeg = await proxy.respond(to: fixture.path("skp:png/w:100", "/photo.jpg"))
        let jpegImage = try await ProxyFixture.decode(jpeg.body)
        #expect(jpeg.body != ProxyFixture.photo && jpegImage.width == 100)
        #expect(await proxy.respond(to: fixture.path("skp:jpg", "/missing.jpg")).status == 404)
        #expect(await proxy.respond(to: fixture.path("skp:jpg", "/text.jpg")).status == 422)
        #expect(await proxy.respond(to: fixture.path("skp:jpg", "/broken.jpg")).status == 502)
    }
}
