// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

import Foundation
import Nuke
import NukeTestSupport
import Testing

@testable import NukeHummingbird

@Suite("extend (ex:, rs's fifth argument)")
struct ProxyExtendTests {
    @Test("A smaller result is placed on the canvas by the gravity; a larger or equal one is left alone")
    func placement() {
        func border(_ extend: ProxyExtend, _ width: Int, _ height: Int) -> [Int] {
            let padding = extend.padding(forWidth: width, height: height)
            return [padding.top, padding.right, padding.bottom, padding.left]
        }
        #expect(border(ProxyExtend(width: 100, height: 100), 100, 75) == [12, 0, 13, 0])
        #expect(border(ProxyExtend(width: 100, height: 100, gravity: .anchor(.north)), 100, 75) == [0, 0, 25, 0])
        #expect(border(ProxyExtend(width: 100, height: 100, gravity: .anchor(.southEast)), 60, 75) == [25, 0, 0, 40])
        #expect(border(ProxyExtend(width: 100, height: 100, gravity: .smart), 60, 100) == [0, 20, 0, 20])
        #expect(border(ProxyExtend(width: 100, height: 0), 60, 40) == [0, 20, 0, 20])
        #expect(border(ProxyExtend(width: 50, height: 50), 80, 60) == [0, 0, 0, 0])
    }

    @Test("Through the proxy: the canvas is the size asked for, the image where the gravity puts it")
    func throughTheProxy() async throws {
        let fixture = try ProxyFixture()
        let proxy = fixture.proxy()
        for options in ["rs:fit:200:200:0:1/f:png", "w:200/h:200/ex:1/f:png", "s:200:200::1/ex:t:so/f:png"] {
            let image = try await ProxyFixture.decode(await proxy.respond(to: fixture.path(options, "/photo.jpg")).body)
            #expect(image.width == 200 && image.height == 200, "\(options)")
        }
        let north = try await ProxyFixture.decode(
            await proxy.respond(to: fixture.path("w:200/h:200/ex:1:no/bg:ff0000/f:png", "/photo.jpg")).body
        )
        #expect(
            north.pixel(x: 100, y: 199).prefix(3) == [255, 0, 0]
                && north.pixel(x: 100, y: 149).prefix(3) != [255, 0, 0]
        )
        let plain = try await ProxyFixture.decode(
            await proxy.respond(to: fixture.path("w:200/h:200/f:png", "/photo.jpg")).body
        )
        #expect(plain.width == 200 && plain.height == 150)
        let off = try await ProxyFixture.decode(
            await proxy.respond(to: fixture.path("rs:fit:200:200:0:1/ex:0/f:png", "/photo.jpg")).body
        )
        #expect(off.height == 150)
    }
}
