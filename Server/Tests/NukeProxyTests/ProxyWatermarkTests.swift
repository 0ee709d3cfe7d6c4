// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

import Foundation
import Nuke
import NukeProxyTestSupport
import NukeTestSupport
import Testing

@testable import NukeProxy

@Suite("watermark (wm:): imgproxy's positions, relative offsets, scale and tiling")
struct ProxyWatermarkTests {
    static let base = try! Bitmap(width: 100, height: 80, pixelFormat: .rgba8, fill: [255, 255, 255, 255])
    static let mark = try! Bitmap(width: 10, height: 10, pixelFormat: .rgba8, fill: [255, 0, 0, 255])

    static func isRed(_ image: Bitmap, _ x: Int, _ y: Int) -> Bool { image.pixel(x: x, y: y) == [255, 0, 0, 255] }

    func draw(_ watermark: ProxyWatermark) throws -> Bitmap {
        try #require(watermark.process(Self.base))
    }

    @Test("Anchored: pixel offsets, fractions of the result, overhanging edges, the pixel ratio")
    func anchored() throws {
        let corner = try draw(ProxyWatermark(image: Self.mark, id: "m", anchor: .northWest, xOffset: 2, yOffset: 3))
        #expect(Self.isRed(corner, 2, 3) && Self.isRed(corner, 11, 12))
        #expect(!Self.isRed(corner, 1, 3) && !Self.isRed(corner, 12, 12))
        // 0.1 of 100×80 is 10 and 8 from the bottom right.
        let relative = try draw(
            ProxyWatermark(image: Self.mark, id: "m", anchor: .southEast, xOffset: 0.1, yOffset: 0.1)
        )
        #expect(Self.isRed(relative, 80, 62) && Self.isRed(relative, 89, 71) && !Self.isRed(relative, 79, 62))
        // Five columns hang over the left edge; imgproxy's centre of a 70 px spare is 36.
        let over = try draw(ProxyWatermark(image: Self.mark, id: "m", anchor: .west, xOffset: -5))
        #expect(
            Self.isRed(over, 0, 36) && Self.isRed(over, 4, 45) && !Self.isRed(over, 5, 36) && !Self.isRed(over, 0, 35)
        )
        // However far out, one column stays on the image, as imgproxy keeps it.
        let far = try draw(ProxyWatermark(image: Self.mark, id: "m", anchor: .west, xOffset: -500))
        #expect(Self.isRed(far, 0, 36) && !Self.isRed(far, 1, 36))
        let doubled = try draw(
            ProxyWatermark(image: Self.mark, id: "m", anchor: .northWest, xOffset: 2, devicePixelRatio: 2)
        )
        #expect(Self.isRed(doubled, 4, 0) && !Self.isRed(doubled, 3, 0))
    }

    @Test("Scale fits the watermark into that fraction of the result, enlarging it")
    func scale() throws {
        // Into 50×40: a 10×10 mark becomes 40×40, centred.
        let scaled = try draw(ProxyWatermark(image: Self.mark, id: "m", anchor: .northWest, scale: 0.5))
        #expect(Self.isRed(scaled, 0, 0) && Self.isRed(scaled, 39, 39) && !Self.isRed(scaled, 40, 0))
    }

    @Test("re tiles it over the result, the gaps split around each tile, the pattern centred")
    func tiled() throws {
        // Tiles of 20×10 (a 10 px gap across), five across and nine down (an odd count), shifted
        // 5 px up so the pattern is centred; the mark 5 px into each tile.
        let tiled = try draw(ProxyWatermark(image: Self.mark, id: "m", anchor: nil, xOffset: 10))
        for y in [0, 40, 79] {
            #expect(Self.isRed(tiled, 5, y) && Self.isRed(tiled, 14, y) && Self.isRed(tiled, 25, y))
            #expect(!Self.isRed(tiled, 4, y) && !Self.isRed(tiled, 15, y) && !Self.isRed(tiled, 24, y))
        }
        let dense = try draw(ProxyWatermark(image: Self.mark, id: "m", anchor: nil, opacity: 0.5))
        #expect(
            dense.pixel(x: 50, y: 50) == [255, 128, 128, 255] || dense.pixel(x: 50, y: 50) == [255, 127, 127, 255]
        )
    }

    @Test("Through the proxy: wm:…:re tiles the configured watermark")
    func throughTheProxy() async throws {
        let fixture = try ProxyFixture()
        let proxy = fixture.proxy {
            $0.watermark = ProxyConfiguration.Watermark(image: Self.mark, id: "red", opacity: 1)
        }
        let response = await proxy.respond(to: fixture.path("w:100/wm:1:re:10:10/f:png", "/photo.jpg"))
        #expect(response.status == 200)
        let image = try await ProxyFixture.decode(response.body)
        #expect(image.width == 100 && image.height == 75)
        // 20×20 tiles, five across, five down (75 / 20 → 4 → 5), the pattern shifted by
        // (100 - 75) / 2 = 12: row 0 is row 12 of a tile, inside the mark (rows 5 to 14).
        #expect(Self.isRed(image, 5, 0) && !Self.isRed(image, 4, 0) && !Self.isRed(image, 5, 3))
        #expect(Self.isRed(image, 5, 13) && Self.isRed(image, 25, 22) && !Self.isRed(image, 5, 23))
        #expect(await proxy.respond(to: fixture.path("w:100/wm:1:we:-0.5", "/photo.jpg")).status == 200)
    }
}
