// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

import Foundation
import Nuke
import NukeProxyTestSupport
import NukeTestSupport
import Testing

@testable import NukeProxy

@Suite("extend (ex:, rs's fifth argument)")
struct ProxyExtendTests {
    @Test("A smaller result is placed on the canvas by the gravity; a larger or equal one is left alone")
    func placement() {
        func border(_ extend: ProxyExtend, _ width: Int, _ height: Int) -> [Int] {
            let padding = extend.padding(forWidth: width, height: height)
            return [padding.top, padding.right, padding.bottom, padding.left]
        }
        // imgproxy's centre: RoundToEven((25 + 1) / 2) = 13 above, 12 below.
        #expect(border(ProxyExtend(width: 100, height: 100), 100, 75) == [13, 0, 12, 0])
        #expect(border(ProxyExtend(width: 100, height: 100, gravity: .anchor(.north)), 100, 75) == [0, 0, 25, 0])
        #expect(border(ProxyExtend(width: 100, height: 100, gravity: .anchor(.southEast)), 60, 75) == [25, 0, 0, 40])
        #expect(border(ProxyExtend(width: 100, height: 100, gravity: .smart), 60, 100) == [0, 20, 0, 20])
        #expect(border(ProxyExtend(width: 100, height: 0), 60, 40) == [0, 20, 0, 20])
        #expect(border(ProxyExtend(width: 50, height: 50), 80, 60) == [0, 0, 0, 0])
    }

    @Test("exar: the smallest canvas of the size's aspect ratio that holds the image; none when a side is free")
    func aspectRatio() {
        func canvas(_ width: Int, _ height: Int, _ imageWidth: Int, _ imageHeight: Int) -> [Int] {
            let padding = ProxyExtend(width: width, height: height, canvas: .aspectRatio)
                .padding(forWidth: imageWidth, height: imageHeight)
            return [padding.left + imageWidth + padding.right, padding.top + imageHeight + padding.bottom]
        }
        #expect(canvas(200, 100, 800, 600) == [1200, 600])
        #expect(canvas(100, 200, 800, 600) == [800, 1600])
        #expect(canvas(100, 100, 80, 60) == [80, 80])
        #expect(canvas(400, 300, 800, 600) == [800, 600])
        #expect(canvas(400, 0, 800, 600) == [800, 600])
        let south = ProxyExtend(width: 100, height: 100, gravity: .anchor(.south), canvas: .aspectRatio)
            .padding(forWidth: 80, height: 60)
        let border: [Int] = [south.top, south.right, south.bottom, south.left]
        #expect(border == [20, 0, 0, 0])
        let aspectRatio = ProxyExtend(width: 1, height: 1, canvas: .aspectRatio)
        #expect(ProxyExtend(width: 1, height: 1).identifier != aspectRatio.identifier)
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

        // Not enlarged, the 800×600 photo stays whole; exar widens it to 2:1, ex to the whole size.
        let widened = try await ProxyFixture.decode(
            await proxy.respond(to: fixture.path("w:2000/h:1000/exar:1:we/bg:ff0000/f:png", "/photo.jpg")).body
        )
        #expect(widened.width == 1200 && widened.height == 600)
        #expect(widened.pixel(x: 1199, y: 300).prefix(3) == [255, 0, 0] && widened.pixel(x: 400, y: 300)[2] != 0)
        let both = try await ProxyFixture.decode(
            await proxy.respond(to: fixture.path("w:2000/h:1000/ex:1/exar:1/f:png", "/photo.jpg")).body
        )
        #expect(both.width == 2000 && both.height == 1000)
    }
}
