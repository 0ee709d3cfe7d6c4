// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

import Foundation
import Nuke
import NukeProxyTestSupport
import NukeTestSupport
import Testing

@testable import NukeProxy

@Suite("strip_color_profile (scp:)")
struct ColorProfileTests {
    /// The colour fixtures of NukeLCMSTests, made from the same 64×48 source: a Display P3 JPEG
    /// (ICC profile) and a Display P3 AVIF described by `nclx` code points alone.
    static func fixture(_ name: String) throws -> Data {
        try ProxyFixture.rootFixture("NukeLCMSTests/Fixtures/" + name)
    }

    /// The origin of ``ProxyFixture`` serving the colour fixtures too.
    static func makeFixture() throws -> ProxyFixture {
        let fixture = try ProxyFixture()
        let (jpeg, avif) = (try Self.fixture("display-p3.jpg"), try Self.fixture("display-p3-cicp.avif"))
        fixture.origin.route("/p3.jpg") { _ in .ok(jpeg, contentType: "image/jpeg") }
        fixture.origin.route("/p3-cicp.avif") { _ in .ok(avif, contentType: "image/avif") }
        let junk = try Self.junkProfileJPEG()
        fixture.origin.route("/junk-icc.jpg") { _ in .ok(junk, contentType: "image/jpeg") }
        return fixture
    }

    /// A 16×16 JPEG whose embedded "ICC profile" is 600 bytes of nothing a colour manager reads.
    static func junkProfileJPEG() throws -> Data {
        var container = ImageContainer(
            image: try Bitmap(width: 16, height: 16, pixelFormat: .rgba8, fill: [200, 30, 40, 255])
        )
        container.userInfo[.iccProfileKey] = Data(repeating: 7, count: 600)
        let request = ImageRequest(url: nil)
        return try JPEGEncoder().encode(container, context: ImageEncodingContext(request: request, image: container))
    }

    /// `body` decoded with its colours as they are and its profile carried.
    static func decodeKeepingProfile(_ body: Data) async throws -> ImageContainer {
        let pipeline = ImagePipeline {
            $0.imageCache = nil
            $0.colorManagement = .keepOriginalProfile
        }
        return try await pipeline.imageTask(with: ImageRequest(id: UUID().uuidString, data: { body })).response
            .container
    }

    @Test("scp:1 (the default) and scp:0 are read; anything else is false, as imgproxy reads it")
    func parsing() throws {
        var options = ProcessingOptions()
        #expect(!options.keepsColorProfile)
        try options.apply([ProxyOption(segment: "scp:0")], presets: [:])
        #expect(options.keepsColorProfile)
        try options.apply([ProxyOption(segment: "strip_color_profile:true")], presets: [:])
        #expect(!options.keepsColorProfile)
        try options.apply([ProxyOption(segment: "scp:2")], presets: [:])
        #expect(options.keepsColorProfile)
        for text in ["scp", "scp:0:1"] {
            var refused = ProcessingOptions()
            #expect(throws: ProxyRequestError.self) { try refused.apply([ProxyOption(segment: text)], presets: [:]) }
        }
    }

    @Test("scp:0 keeps the source's colours and embeds its profile in JPEG, PNG, WebP and AVIF results")
    func keeps() async throws {
        let fixture = try Self.makeFixture()
        let cache = MockDataCache()
        let proxy = fixture.proxy(resultCache: cache)
        let profile = try Self.fixture("display-p3.icc")
        let converted = await proxy.respond(to: fixture.path("w:32", "/p3.jpg"))
        let convertedImage = try await Self.decodeKeepingProfile(converted.body)
        #expect(converted.status == 200 && convertedImage.userInfo[.iccProfileKey] == nil)
        for format in ["jpg", "png", "webp", "avif"] {
            let kept = await proxy.respond(to: fixture.path("w:32/scp:0/f:\(format)", "/p3.jpg"))
            #expect(kept.status == 200, "\(format)")
            let keptImage = try await Self.decodeKeepingProfile(kept.body)
            #expect(keptImage.userInfo[.iccProfileKey] as? Data == profile, "\(format)")
            #expect(keptImage.image.width == 32)
            // The same image in other numbers: Display P3's red is sRGB's far more saturated one.
            #expect(try #require(ReferenceImage.difference(keptImage.image, convertedImage.image)).maximum > 10)
        }
        // Every result under its own key: scp:0 is in the result cache key.
        #expect(Set(cache.keys).count == 5)
    }

    @Test("A viewer that applies the kept profile sees exactly the sRGB result (PNG, no resize)")
    func viewedThroughTheProfile() async throws {
        let fixture = try Self.makeFixture()
        let proxy = fixture.proxy()
        let kept = await proxy.respond(to: fixture.path("scp:0/f:png", "/p3.jpg"))
        let converted = await proxy.respond(to: fixture.path("f:png", "/p3.jpg"))
        #expect(kept.body != converted.body)
        let viewed = try await ProxyFixture.decode(kept.body)
        let expected = try await ProxyFixture.decode(converted.body)
        #expect(try #require(ReferenceImage.difference(viewed, expected)).maximum == 0)
    }

    @Test("The pipeline's memory cache keeps the two apart")
    func memoryCache() async throws {
        let fixture = try Self.makeFixture()
        let proxy = fixture.proxy()
        let converted = await proxy.respond(to: fixture.path("w:32/f:png", "/p3.jpg"))
        let kept = await proxy.respond(to: fixture.path("w:32/f:png/scp:0", "/p3.jpg"))
        let convertedAgain = await proxy.respond(to: fixture.path("w:32/f:png", "/p3.jpg"))
        #expect(converted.body == convertedAgain.body && converted.body != kept.body)
        #expect(try await Self.decodeKeepingProfile(kept.body).userInfo[.iccProfileKey] != nil)
        #expect(try await Self.decodeKeepingProfile(convertedAgain.body).userInfo[.iccProfileKey] == nil)
    }

    @Test("Where no profile can go (GIF results, CICP-only sources), scp:0 converts to sRGB after all")
    func convertsWhatCannotKeepItsProfile() async throws {
        let fixture = try Self.makeFixture()
        let proxy = fixture.proxy()
        for (source, format) in [("/p3.jpg", "gif"), ("/p3-cicp.avif", "png"), ("/p3-cicp.avif", "avif")] {
            let kept = await proxy.respond(to: fixture.path("scp:0/f:\(format)", source))
            let plain = await proxy.respond(to: fixture.path("f:\(format)", source))
            #expect(kept.status == 200, "\(source) → \(format)")
            let keptImage = try await Self.decodeKeepingProfile(kept.body)
            #expect(keptImage.userInfo[.iccProfileKey] == nil)
            #expect((keptImage.userInfo[.cicpKey] as? CICP)?.isSRGB ?? true, "\(source) → \(format)")
            let plainImage = try await Self.decodeKeepingProfile(plain.body)
            let difference = try #require(ReferenceImage.difference(keptImage.image, plainImage.image))
            #expect(difference.maximum == 0, "\(source) → \(format)")
        }
    }

    @Test("A profile the colour manager cannot read is not passed on; the pixels stay as decoded, as with scp:1")
    func unreadableProfile() async throws {
        let fixture = try Self.makeFixture()
        let proxy = fixture.proxy()
        let source = try await Self.decodeKeepingProfile(try Self.junkProfileJPEG())
        #expect(source.userInfo[.iccProfileKey] as? Data == Data(repeating: 7, count: 600))
        let kept = await proxy.respond(to: fixture.path("scp:0/f:jpg", "/junk-icc.jpg"))
        let plain = await proxy.respond(to: fixture.path("f:jpg", "/junk-icc.jpg"))
        #expect(kept.status == 200 && plain.status == 200)
        let keptImage = try await Self.decodeKeepingProfile(kept.body)
        #expect(keptImage.userInfo[.iccProfileKey] == nil)
        let plainImage = try await Self.decodeKeepingProfile(plain.body)
        #expect(try #require(ReferenceImage.difference(keptImage.image, plainImage.image)).maximum == 0)
    }

    @Test("A profile above the size limit is not embedded: the result is converted to sRGB instead")
    func profileSizeLimit() async throws {
        let fixture = try Self.makeFixture()
        let registry = PluginRegistry.defaultPlugins
        let plan = try ProxyPlan(
            path: fixture.path("scp:0/f:png", "/p3.jpg"),
            accept: nil,
            configuration: ProxyConfiguration(signature: fixture.signature),
            registry: registry
        )
        let configuration = ImagePipeline.Configuration(registry: registry)
        let pipeline = ImagePipeline(configuration: configuration)
        var request = ImageRequest(id: "p3", data: { try Self.fixture("display-p3.jpg") })
        request.colorManagement = .keepOriginalProfile
        let source = try await pipeline.imageTask(with: request).response.container
        let profile = try Self.fixture("display-p3.icc")
        #expect(source.userInfo[.iccProfileKey] as? Data == profile)

        var small = source
        let limited = ResultColors(
            plan: plan,
            format: .png,
            pipeline: configuration,
            maximumProfileSize: profile.count - 1
        )
        #expect(limited.prepare(&small) == nil)
        #expect(small.userInfo[.iccProfileKey] == nil)
        let converted = try await pipeline.image(
            for: ImageRequest(id: "p3", data: { try Self.fixture("display-p3.jpg") })
        )
        #expect(try #require(ReferenceImage.difference(small.image, converted)).maximum == 0)

        var kept = source
        let colors = ResultColors(plan: plan, format: .png, pipeline: configuration)
        #expect(colors.prepare(&kept) == profile)
        #expect(try #require(ReferenceImage.difference(kept.image, source.image)).maximum == 0)
    }
}
