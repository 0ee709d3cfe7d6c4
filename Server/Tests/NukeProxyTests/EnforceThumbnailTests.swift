// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

import Foundation
import Nuke
import NukeProxyTestSupport
import NukeTestSupport
import Testing

@testable import NukeProxy

@Suite("enforce_thumbnail (et:)")
struct EnforceThumbnailTests {
    @Test("et:1 makes the result from the embedded thumbnail, whatever its size; et:0 from the image")
    func embeddedThumbnail() async throws {
        let fixture = try ProxyFixture()
        // NukeHEIFTests' `thumbnail.heic`: a 256×192 image embedding a 64×48 thumbnail.
        let source = try ProxyFixture.rootFixture("NukeHEIFTests/Fixtures/thumbnail.heic")
        fixture.origin.route("/photo.heic") { _ in .ok(source, contentType: "image/heic") }
        let cache = MockDataCache()
        let proxy = fixture.proxy(resultCache: cache)
        func size(_ options: String, _ file: String = "/photo.heic") async throws -> (Int, Int) {
            let response = await proxy.respond(to: fixture.path(options + "/f:png", file))
            #expect(response.status == 200, "\(options)")
            let image = try await ProxyFixture.decode(response.body)
            return (image.width, image.height)
        }
        #expect(try await size("w:200") == (200, 150))
        #expect(try await size("w:200/et:0") == (200, 150))
        // The 64×48 thumbnail, not enlarged to 200 (no `el`).
        #expect(try await size("w:200/et:1") == (64, 48))
        #expect(try await size("w:32/enforce_thumbnail:true") == (32, 24))
        #expect(try await size("et:1") == (64, 48))
        // A source without one (a JPEG here) is made from its image.
        #expect(try await size("w:100/et:1", "/photo.jpg") == (100, 75))
        // Each its own result; et:0 is the default, the same result as without it.
        #expect(Set(cache.keys).count == 5)
    }

    @Test("eth (and et) take one boolean")
    func parsing() throws {
        for text in ["et", "eth", "et:1:1"] {
            var options = ProcessingOptions()
            #expect(throws: ProxyRequestError.self) { try options.apply([ProxyOption(segment: text)], presets: [:]) }
        }
        var options = ProcessingOptions()
        try options.apply([ProxyOption(segment: "et:t")], presets: [:])
        #expect(options.enforcesThumbnail)
    }
}
