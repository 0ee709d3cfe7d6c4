// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

import Foundation
import Nuke
import NukeProxyTestSupport
import NukeTestSupport
import Testing

@testable import NukeProxy

@Suite("crop (c:), after turns and mirrors, before the resize")
struct ProxyCropTests {
    @Test("Sides in pixels, as fractions below 1, or 0 for all; never past the image")
    func sizes() {
        #expect(ProxyCrop(width: 400, height: 300).size(inWidth: 800, height: 600) == (400, 300))
        #expect(ProxyCrop(width: 0.5, height: 0.25).size(inWidth: 800, height: 600) == (400, 150))
        #expect(ProxyCrop(width: 0, height: 0).size(inWidth: 800, height: 600) == (800, 600))
        #expect(ProxyCrop(width: 5000, height: 1).size(inWidth: 800, height: 600) == (800, 1))
        #expect(ProxyCrop(width: 0.0001, height: 0.0001).size(inWidth: 800, height: 600) == (1, 1))
    }

    @Test("The area is where the gravity puts it, byte for byte")
    func placement() throws {
        let image = try Bitmap.noise(width: 64, height: 48, isOpaque: false, seed: 7)
        let cases: [(Gravity, x: Int, y: Int)] = [
            (.center, 16, 12), (.anchor(.northWest), 0, 0), (.anchor(.southEast), 32, 24),
            (.anchor(.east, xOffset: 4, yOffset: 0), 28, 12), (.focusPoint(x: 0, y: 1), 0, 24),
        ]
        for (gravity, x, y) in cases {
            let cropped = try #require(ProxyCrop(width: 32, height: 24, gravity: gravity).process(image))
            let expected = try #require(ImageProcessors.Crop(x: x, y: y, width: 32, height: 24).process(image))
            #expect(ReferenceImage.maximumDifference(cropped, expected) == 0, "\(gravity)")
        }
        let whole = try #require(ProxyCrop(width: 0, height: 0).process(image))
        #expect(ReferenceImage.maximumDifference(whole, image) == 0)
    }

    @Test("Through the proxy: the source's area, then the resize; without its own gravity it takes g's")
    func throughTheProxy() async throws {
        let fixture = try ProxyFixture()
        let proxy = fixture.proxy()
        let source = try await ProxyFixture.decode(ProxyFixture.photo)
        #expect(source.width == 800 && source.height == 600)
        let cases: [(options: String, x: Int, y: Int)] = [
            ("c:400:300:nowe/f:png", 0, 0),
            ("c:0.5:0.5/g:soea/f:png", 400, 300),
            ("crop:400:300:ce/f:png", 200, 150),
        ]
        for (options, x, y) in cases {
            let response = await proxy.respond(to: fixture.path(options, "/photo.jpg"))
            #expect(response.status == 200, "\(options)")
            let result = try await ProxyFixture.decode(response.body)
            let expected = try #require(ImageProcessors.Crop(x: x, y: y, width: 400, height: 300).process(source))
            #expect(ReferenceImage.maximumDifference(result, expected) == 0, "\(options)")
        }
        let resized = await proxy.respond(to: fixture.path("c:0.5:0.5/w:100", "/photo.jpg"))
        let image = try await ProxyFixture.decode(resized.body)
        #expect(image.width == 100 && image.height == 75)
        #expect(await proxy.respond(to: fixture.path("c:-5", "/photo.jpg")).status == 400)
    }

    @Test("With rot and fl, the crop's size and gravity refer to the turned and mirrored image, as imgproxy's")
    func afterTurns() async throws {
        let fixture = try ProxyFixture()
        let proxy = fixture.proxy()
        let source = try await ProxyFixture.decode(ProxyFixture.photo)
        let turned = try #require(ImageProcessors.Rotate(degrees: 90).process(source))
        #expect(turned.width == 600 && turned.height == 800)
        let mirrored = try #require(ImageProcessors.Flip(horizontal: true, vertical: false).process(turned))
        let cases: [(options: String, image: Bitmap, x: Int, y: Int)] = [
            ("rot:90/c:300:200:nowe/f:png", turned, 0, 0),
            ("c:300:200:soea/rot:90/f:png", turned, 300, 600),
            ("rot:90/fl:1/c:300:200:nowe/f:png", mirrored, 0, 0),
        ]
        for (options, image, x, y) in cases {
            let response = await proxy.respond(to: fixture.path(options, "/photo.jpg"))
            let result = try await ProxyFixture.decode(response.body)
            #expect(result.width == 300 && result.height == 200, "\(options)")
            let expected = try #require(ImageProcessors.Crop(x: x, y: y, width: 300, height: 200).process(image))
            #expect(ReferenceImage.maximumDifference(result, expected) == 0, "\(options)")
        }
    }
}
