// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

import Foundation
import Nuke
import NukeProxy
import NukeProxyTestSupport
import NukeTestSupport
import Testing

@Suite("Security options (msr, msfs, maf, mafr, mrd), against an origin on loopback")
struct SecurityOptionsTests {
    @Test("Refused (403) unless the server allows them, before the origin is asked")
    func refusedByDefault() async throws {
        let fixture = try ProxyFixture()
        let proxy = fixture.proxy()
        let options = [
            "msr:1", "msfs:1000", "maf:2", "mrd:100", "mafr:1", "max_src_resolution:1", "max_result_dimension:9",
            "max_animation_frame_resolution:1",
        ]
        for option in options {
            #expect(await proxy.respond(to: fixture.path("w:20/" + option, "/photo.jpg")).status == 403, "\(option)")
        }
        #expect(fixture.origin.requests(to: "/photo.jpg").isEmpty)
    }

    @Test("mafr holds an animation's frames to its own limit in place of the source pixel limit, as imgproxy")
    func animationFramePixels() async throws {
        let fixture = try ProxyFixture()
        // The GIF's 4 frames are 80×40: 3,200 pixels each; the photo is 800×600.
        let strict = fixture.proxy(
            configure: { $0.allowsSecurityOptions = true },
            configurePipeline: { $0.maximumDecodedPixelCount = 1000 }
        )
        #expect(await strict.respond(to: fixture.path("w:20", "/spin.gif")).status == 422)
        // Raised for animations, the still image is still held to the pipeline's limit.
        let animated = await strict.respond(to: fixture.path("w:20/mafr:0.01", "/spin.gif"))
        #expect(animated.status == 200)
        #expect(await strict.respond(to: fixture.path("w:23/mafr:0.0031", "/spin.gif")).status == 422)
        #expect(await strict.respond(to: fixture.path("w:24/mafr:1", "/photo.jpg")).status == 422)

        // Lowered for animations only, by the URL or the server.
        let lenient = fixture.proxy { $0.allowsSecurityOptions = true }
        #expect(await lenient.respond(to: fixture.path("w:21/mafr:0.001", "/spin.gif")).status == 422)
        #expect(await lenient.respond(to: fixture.path("w:21/mafr:0.001", "/photo.jpg")).status == 200)
        let server = fixture.proxy { $0.maximumAnimationFramePixels = 3199 }
        #expect(await server.respond(to: fixture.path("w:22", "/spin.gif")).status == 422)
        #expect(await server.respond(to: fixture.path("w:22", "/photo.jpg")).status == 200)
        let raw = fixture.proxy { $0.maximumAnimationFramePixels = 3199 }
        #expect(await raw.respond(to: fixture.path("raw:1", "/spin.gif")).status == 422)
    }

    @Test("ph (preserve_hdr) is accepted and changes nothing: results are 8 bits a channel")
    func preserveHDR() async throws {
        let fixture = try ProxyFixture()
        let proxy = fixture.proxy()
        let plain = await proxy.respond(to: fixture.path("w:30/f:png", "/photo.jpg"))
        let kept = await proxy.respond(to: fixture.path("w:30/f:png/ph:1", "/photo.jpg"))
        #expect(plain.status == 200 && kept.status == 200 && kept.body == plain.body)
    }

    @Test("msr replaces the source pixel limit for its URL, higher or lower")
    func sourcePixels() async throws {
        let fixture = try ProxyFixture()
        // The photo is 800×600: 480,000 pixels.
        let strict = fixture.proxy(
            configure: { $0.allowsSecurityOptions = true },
            configurePipeline: { $0.maximumDecodedPixelCount = 100_000 }
        )
        #expect(await strict.respond(to: fixture.path("w:20", "/photo.jpg")).status == 422)
        let raised = await strict.respond(to: fixture.path("w:20/msr:0.48", "/photo.jpg"))
        #expect(raised.status == 200)
        #expect(try await ProxyFixture.decode(raised.body).width == 20)
        #expect(await strict.respond(to: fixture.path("w:21/msr:0.479999", "/photo.jpg")).status == 422)

        let lenient = fixture.proxy { $0.allowsSecurityOptions = true }
        #expect(await lenient.respond(to: fixture.path("w:20/msr:0.1", "/photo.jpg")).status == 422)
        #expect(await lenient.respond(to: fixture.path("w:20", "/photo.jpg")).status == 200)
    }

    @Test("msfs replaces the source size limit for its URL, higher or lower")
    func sourceBytes() async throws {
        let fixture = try ProxyFixture()
        let size = ProxyFixture.photo.count
        let strict = fixture.proxy(
            configure: { $0.allowsSecurityOptions = true },
            configurePipeline: { $0.maximumResponseDataSize = 1_000 }
        )
        #expect(await strict.respond(to: fixture.path("w:20", "/photo.jpg")).status == 422)
        #expect(await strict.respond(to: fixture.path("w:21/msfs:\(size)", "/photo.jpg")).status == 200)

        let lenient = fixture.proxy { $0.allowsSecurityOptions = true }
        #expect(await lenient.respond(to: fixture.path("w:22/msfs:\(size - 1)", "/photo.jpg")).status == 422)
        #expect(await lenient.respond(to: fixture.path("w:21", "/photo.jpg")).status == 200)
    }

    @Test("maf replaces the animation frame limit for its URL, higher or lower")
    func animationFrames() async throws {
        let fixture = try ProxyFixture()
        // The animation has four frames.
        let strict = fixture.proxy(
            configure: { $0.allowsSecurityOptions = true },
            configurePipeline: { $0.maximumAnimationFrameCount = 2 }
        )
        #expect(await strict.respond(to: fixture.path("w:20/f:gif", "/spin.gif")).status == 422)
        let raised = await strict.respond(to: fixture.path("w:20/f:gif/maf:4", "/spin.gif"))
        #expect(raised.status == 200)
        let data = raised.body
        let decoded = try await ImagePipeline { $0.imageCache = nil }
            .imageTask(with: ImageRequest(id: "raised", data: { data })).response.container
        #expect(decoded.animation?.frameCount == 4)

        let lenient = fixture.proxy { $0.allowsSecurityOptions = true }
        #expect(await lenient.respond(to: fixture.path("w:21/f:gif/maf:3", "/spin.gif")).status == 422)
    }

    @Test("mrd replaces the result dimension limit for its URL")
    func resultDimension() async throws {
        let fixture = try ProxyFixture()
        let proxy = fixture.proxy {
            $0.allowsSecurityOptions = true
            $0.maximumResultDimension = 100
        }
        #expect(await proxy.respond(to: fixture.path("w:200", "/photo.jpg")).status == 400)
        let raised = await proxy.respond(to: fixture.path("w:200/mrd:200", "/photo.jpg"))
        #expect(try await ProxyFixture.decode(raised.body).width == 200)
        #expect(await proxy.respond(to: fixture.path("w:50/mrd:49", "/photo.jpg")).status == 400)
    }

    @Test("A cached result is held to the URL's mrd and to the server's limit of the day")
    func cachedResultDimension() async throws {
        let fixture = try ProxyFixture()
        let directory = try TemporaryDirectory()
        let cache = try DataCache(path: directory.url)
        let lenient = fixture.proxy(resultCache: cache) {
            $0.allowsSecurityOptions = true
            $0.maximumResultDimension = 1000
        }
        let made = await lenient.respond(to: fixture.path("mrd:900", "/photo.jpg"))
        #expect(made.status == 200)
        let width = try await ProxyFixture.decode(made.body).width
        // Same result key (limits are not part of it): served only while within the limit.
        #expect(await lenient.respond(to: fixture.path("mrd:\(width)", "/photo.jpg")).body == made.body)
        #expect(await lenient.respond(to: fixture.path("mrd:\(width - 1)", "/photo.jpg")).status == 400)
        // A server restarted with a lower limit on the same result cache.
        let strict = fixture.proxy(resultCache: cache) { $0.maximumResultDimension = width - 1 }
        #expect(await strict.respond(to: fixture.path("", "/photo.jpg")).status == 400)
        #expect(fixture.origin.requests(to: "/photo.jpg").count == 1)
    }

    @Test("Limits bound work: an image already made is served whatever the URL's limits, from the caches")
    func cachedResults() async throws {
        let fixture = try ProxyFixture()
        let directory = try TemporaryDirectory()
        let proxy = fixture.proxy(
            resultCache: try DataCache(path: directory.url),
            configure: { $0.allowsSecurityOptions = true },
            configurePipeline: { $0.maximumDecodedPixelCount = 100_000 }
        )
        let made = await proxy.respond(to: fixture.path("w:20/msr:1", "/photo.jpg"))
        #expect(made.status == 200)
        // The same image under the server's limit: the pipeline's memory cache has it.
        let again = await proxy.respond(to: fixture.path("w:20", "/photo.jpg"))
        #expect(again.status == 200 && again.body == made.body)
        #expect(fixture.origin.requests(to: "/photo.jpg").count == 1)
        // Another size must be made, and the limit stops it.
        #expect(await proxy.respond(to: fixture.path("w:21", "/photo.jpg")).status == 422)
    }
}
