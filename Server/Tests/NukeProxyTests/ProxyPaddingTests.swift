// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

import Foundation
import Nuke
import NukeProxyTestSupport
import NukeTestSupport
import Testing

@testable import NukeProxy

@Suite("padding (pd:)")
struct ProxyPaddingTests {
    @Test("The image sits inside the border unchanged; the border is the colour, or transparent")
    func border() throws {
        let image = try Bitmap.noise(width: 20, height: 10, isOpaque: true, seed: 3)
        let red = try #require(
            ProxyPadding(top: 1, right: 2, bottom: 3, left: 4, color: .init(hex: "ff0000")).process(image)
        )
        #expect(red.width == 26 && red.height == 14 && red.isOpaque)
        #expect(red.pixel(x: 0, y: 0) == [255, 0, 0, 255] && red.pixel(x: 25, y: 13) == [255, 0, 0, 255])
        let inside = try #require(ImageProcessors.Crop(x: 4, y: 1, width: 20, height: 10).process(red))
        #expect(ReferenceImage.maximumDifference(inside, image) == 0)

        let clear = try #require(ProxyPadding(top: 2, right: 2, bottom: 2, left: 2).process(image))
        #expect(!clear.isOpaque && clear.pixel(x: 1, y: 1) == [0, 0, 0, 0])
        let none = try #require(ProxyPadding(top: 0, right: 0, bottom: 0, left: 0).process(image))
        #expect(ReferenceImage.maximumDifference(none, image) == 0)
    }

    @Test("A result over the pipeline's pixel limit is refused before it is allocated")
    func limit() throws {
        let image = try Bitmap(width: 10, height: 10, pixelFormat: .rgba8)
        let context = ImageProcessingContext(
            request: ImageRequest(url: nil),
            response: ImageResponse(container: ImageContainer(image: image), request: ImageRequest(url: nil)),
            isCompleted: true,
            maximumPixelCount: 1000
        )
        #expect(throws: ImageProcessingError.self) {
            try ProxyPadding(top: 100, right: 100, bottom: 100, left: 100).process(
                ImageContainer(image: image),
                context: context
            )
        }
    }

    @Test("Hostile sizes from code: no crash, no huge allocation; a crop of non-finite sides is the whole image")
    func hostileSizes() throws {
        let image = try Bitmap.noise(width: 8, height: 8, isOpaque: true, seed: 5)
        #expect(ProxyPadding(top: .max, right: .max, bottom: .max, left: .max).process(image) == nil)
        #expect(ProxyExtend(width: .max, height: .max).process(image) == nil)
        let crop = try #require(ProxyCrop(width: .nan, height: .infinity).process(image))
        #expect(ReferenceImage.maximumDifference(crop, image) == 0)
        #expect(ProxyCrop(width: -.infinity, height: 1e300).size(inWidth: 8, height: 8) == (8, 8))
    }

    @Test("Through the proxy: CSS order, scaled by dpr, in bg's colour")
    func throughTheProxy() async throws {
        let fixture = try ProxyFixture()
        let proxy = fixture.proxy()
        let cases: [(options: String, width: Int, height: Int)] = [
            ("w:100/pd:10/bg:00ff00/f:png", 120, 95),
            ("w:100/pd:10:20/f:png", 140, 95),
            ("w:100/pd:1:2:3/f:png", 104, 79),
            ("w:100/pd:1:2:3:4/f:png", 106, 79),
            ("w:50/dpr:2/pd:5/f:png", 120, 95),
        ]
        for (options, width, height) in cases {
            let response = await proxy.respond(to: fixture.path(options, "/photo.jpg"))
            let image = try await ProxyFixture.decode(response.body)
            #expect(response.status == 200 && image.width == width && image.height == height, "\(options)")
        }
        let green = try await ProxyFixture.decode(
            await proxy.respond(to: fixture.path("w:100/pd:10/bg:00ff00/f:png", "/photo.jpg")).body
        )
        #expect(green.pixel(x: 0, y: 0).prefix(3) == [0, 255, 0])
        #expect(await proxy.respond(to: fixture.path("pd:-1", "/photo.jpg")).status == 400)
    }
}
