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
    @Test("Formats by imgproxy's names, svg among them; heif is accepted and never matches")
    func parsing() throws {
        var options = ProcessingOptions()
        try options.apply([ProxyOption(segment: "skp:jpg:svg:GIF:heif")], presets: [:])
        #expect(options.skippedFormats == [.jpeg, .svg, .gif])
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

    /// An SVG with everything a sanitiser must take out, each reference pointing at `origin`.
    static func hostileSVG(origin: String) -> Data {
        Data(
            #"""
            <?xml-stylesheet href="\#(origin)/leak/pi.css"?>
            <svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="60" height="40"
                onload="fetch('\#(origin)/leak/onload')">
              <script>fetch("\#(origin)/leak/script")</script>
              <style>@import url("\#(origin)/leak/import.css"); .box { fill: #2a9d4b }</style>
              <style>.box { fill: #2a9d4b }</style>
              <foreignObject width="10" height="10"><iframe xmlns="http://www.w3.org/1999/xhtml" src="\#(origin)/leak/iframe"/></foreignObject>
              <image href="\#(origin)/leak/image.png" width="10" height="10"/>
              <filter id="f"><feImage xlink:href="\#(origin)/leak/feimage.png"/></filter>
              <a href="javascript:fetch('\#(origin)/leak/link')"><rect class="box" width="60" height="40"/></a>
            </svg>
            """#.utf8
        )
    }

    @Test("skp:svg serves an SVG source as SVG, sanitised, with a policy that lets it draw and nothing else")
    func svgServedSanitised() async throws {
        let fixture = try ProxyFixture()
        let hostile = Self.hostileSVG(origin: fixture.origin.url("/").absoluteString.dropLast() + "")
        fixture.origin.route("/logo.svg") { _ in .ok(hostile, contentType: "image/svg+xml") }
        let cache = MockDataCache()
        let proxy = fixture.proxy(resultCache: cache)
        let chromium = "image/jxl,image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8"
        for path in [fixture.path("skp:svg/w:30", "/logo.svg"), fixture.path("raw:1", "/logo.svg")] {
            let response = await proxy.respond(to: path, accept: chromium)
            #expect(response.status == 200 && response.header("Content-Type") == "image/svg+xml", "\(path)")
            #expect(response.body == (try SVGSanitizer().sanitize(hostile)))
            let text = String(decoding: response.body, as: UTF8.self)
            #expect(!text.contains("leak") && !text.contains("script") && text.contains("fill: #2a9d4b"))
            #expect(
                response.header("Content-Security-Policy")
                    == "default-src 'none'; style-src 'unsafe-inline'; img-src data:; sandbox"
            )
        }
        #expect(fixture.origin.requests.allSatisfy { !$0.path.contains("leak") })
        #expect(cache.keys.count == 2, "sanitised once, then from the result cache")
        // A format asked for, or no skp: rasterised, as before.
        let png = await proxy.respond(to: fixture.path("skp:svg/w:30/f:png", "/logo.svg"), accept: chromium)
        #expect(png.header("Content-Type") == "image/png")
        #expect(try await ProxyFixture.decode(png.body).width == 30)
        let plain = await proxy.respond(to: fixture.path("w:30", "/logo.svg"), accept: chromium)
        #expect(plain.header("Content-Type") == "image/jxl")
        // Never asked for by name.
        #expect(await proxy.respond(to: fixture.path("f:svg", "/logo.svg")).status == 400)
        #expect(await proxy.respond(to: fixture.path("w:30", "/logo.svg", extension: "svg")).status == 400)
    }
}
