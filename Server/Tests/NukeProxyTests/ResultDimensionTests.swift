// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

import Foundation
import Nuke
import NukeProxy
import NukeProxyTestSupport
import NukeTestSupport
import Testing

/// The maximum result dimension holds for what is produced, however its size came about: the
/// photo is 800×600 and the limit 700.
@Suite("The maximum result dimension, against every way a result gets its size")
struct ResultDimensionTests {
    private static let limit = 700

    private func proxy(_ fixture: ProxyFixture, log: LogRecorder = LogRecorder()) -> ImageProxy {
        fixture.proxy(logger: log.logger) {
            $0.maximumResultDimension = Self.limit
            $0.fallbackImage = .init(data: ProxyFixture.photo, id: "photo")
        }
    }

    @Test(
        "Refused (400) when the result would be larger than the limit",
        arguments: [
            "",  // no size: the source's own
            "rot:90",  // turned: 600×800
            "z:2",  // zoomed with no size
            "w:400/z:1.8",  // a size, then zoomed past it
            "w:650/pd:40",  // padding around a size within the limit
            "w:500/h:500/ex:1/dpr:1.5",  // extended to a canvas the pixel ratio enlarges
            "mh:700",  // a minimum height that widens past the limit (no width to crop to)
            "mw:701",  // a minimum width over it
            "skp:jpg",  // served unprocessed: the source is the result
            "dpr:2/w:400",  // a size the pixel ratio doubles
        ]
    )
    func refused(options: String) async throws {
        let fixture = try ProxyFixture()
        let log = LogRecorder()
        let response = await proxy(fixture, log: log).respond(to: fixture.path(options, "/photo.jpg"))
        #expect(response.status == 400)
        #expect(log.messages.contains { $0.contains("exceeds the limit of 700") }, "\(options): \(log.messages)")
    }

    @Test(
        "Served when the result is within the limit",
        arguments: ["w:700", "w:400/z:1.5", "w:600/pd:50", "w:500/h:500/ex:1", "dpr:2/w:350", "w:100/mh:500"]
    )
    func served(options: String) async throws {
        let fixture = try ProxyFixture()
        let response = await proxy(fixture).respond(to: fixture.path(options, "/photo.jpg"))
        #expect(response.status == 200, "\(options): \(String(decoding: response.body, as: UTF8.self))")
        let image = try await ProxyFixture.decode(response.body)
        #expect(image.width <= Self.limit && image.height <= Self.limit)
    }

    @Test("The fallback image is held to the limit too")
    func fallback() async throws {
        let fixture = try ProxyFixture()
        let log = LogRecorder()
        let proxy = proxy(fixture, log: log)
        #expect(await proxy.respond(to: fixture.path("", "/missing.jpg")).status == 400)
        #expect(log.messages.contains { $0.contains("result 800×600 exceeds the limit of 700") }, "\(log.messages)")
        #expect(await proxy.respond(to: fixture.path("w:300", "/missing.jpg")).status == 200)
    }
}
