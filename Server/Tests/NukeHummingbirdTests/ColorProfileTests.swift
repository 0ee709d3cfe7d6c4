// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

import Foundation
import Nuke
import NukeTestSupport
import Testing

@testable import NukeHummingbird

@Suite("strip_color_profile (scp:)")
struct ColorProfileTests {
    /// The colour fixtures of NukeLCMSTests, made from the same 64×48 source: a Display P3 JPEG
    /// (ICC profile) and a Display P3 AVIF described by `nclx` code points alone.
    static let fixtures = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Tests/NukeLCMSTests/Fixtures")

    static func fixture(_ name: String) throws -> Data {
        try Data(contentsOf: fixtures.appendingPathComponent(name))
    }

    /// The origin of ``ProxyFixture`` serving the colour fixtures too.
    static func makeFixture() throws -> ProxyFixture {
        let fixture = try ProxyFixture()
        let (jpeg, avif) = (try Self.fixture("display-p3.jpg"), try Self.fixture("display-p3-cicp.avif"))
        fixture.origin.route("/p3.jpg") { _ in .ok(jpeg, contentType: "image/jpeg") }
        fixture.origin.route("/p3-cicp.avif") { _ in .ok(avif, contentType: "image/avif") }
        return fixture
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

    @Test("scp:1 (the default) and scp:0 are read; anything else is refused")
    func parsing() throws {
        var options = ProcessingOptions()
        #expect(!options.keepsColorProfile)
        try options.apply([ProxyOption(segment: "scp:0")], presets: [:])
        #expect(options.keepsColorProfile)
        try options.apply([ProxyOption(segment: "strip_color_profile:true")], presets: [:])
        #expect(!options.keepsColorProfile)
        for text in ["scp", "scp:2", "scp:0:1"] {
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
}
