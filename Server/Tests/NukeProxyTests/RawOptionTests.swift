// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

import Foundation
import Nuke
import NukeProxyTestSupport
import NukeTestSupport
import Testing

@testable import NukeProxy

@Suite("raw: the source as it is, whatever the other options, within the limits")
struct RawOptionTests {
    @Test("Byte for byte in its own format, the other options and Accept aside; not kept as a result")
    func servesTheSource() async throws {
        let fixture = try ProxyFixture()
        let cache = MockDataCache()
        let proxy = fixture.proxy(resultCache: cache)
        for options in ["raw:1", "raw:true/w:100/bl:2/f:png", "rs:fill:10:10/raw:t"] {
            let response = await proxy.respond(to: fixture.path(options, "/photo.jpg"), accept: "image/webp")
            #expect(response.status == 200 && response.body == ProxyFixture.photo, "\(options)")
            #expect(response.header("Content-Type") == "image/jpeg")
        }
        let gif = await proxy.respond(to: fixture.path("raw:1/f:webp", "/spin.gif"))
        #expect(gif.body == ProxyFixture.animation && gif.header("Content-Type") == "image/gif")
        #expect(cache.keys.isEmpty)
        // raw:0 is the default: processed.
        let processed = await proxy.respond(to: fixture.path("raw:0/w:100", "/photo.jpg"))
        #expect(try await ProxyFixture.decode(processed.body).width == 100)
    }

    @Test("Held to the source limits and the result dimension; what is not an image is refused")
    func limits() async throws {
        let fixture = try ProxyFixture()
        let strict = fixture.proxy(
            configure: { $0.maximumResultDimension = 799 },
            configurePipeline: { $0.maximumAnimationFrameCount = 3 }
        )
        // The photo is 800×600; the animation has four frames.
        #expect(await strict.respond(to: fixture.path("raw:1", "/photo.jpg")).status == 400)
        #expect(await strict.respond(to: fixture.path("raw:1", "/spin.gif")).status == 422)
        let proxy = fixture.proxy()
        #expect(await proxy.respond(to: fixture.path("raw:1", "/text.jpg")).status == 422)
        #expect(await proxy.respond(to: fixture.path("raw:1", "/missing.jpg")).status == 404)
        var options = ProcessingOptions()
        #expect(throws: ProxyRequestError.self) { try options.apply([ProxyOption(segment: "raw")], presets: [:]) }
    }
}
