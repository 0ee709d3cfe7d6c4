// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

import Foundation
import Nuke
import NukeProxyTestSupport
import NukeTestSupport
import Testing

@testable import NukeProxy

@Suite("Large results scaled down to fit the result dimension limit, as imgproxy's limitScale does")
struct ResultLimitTests {
    static func sides(_ width: Int, _ height: Int) -> [Int] { [width, height] }

    /// Sizes worked out by hand from imgproxy's `calcScale`, `calcSizes` and `limitScale`.
    @Test("The whole result fits: image, extend canvas and padding, scaled together")
    func geometry() {
        var resize = ProxyResize(type: .fit, width: 0, height: 0)
        resize.resultLimit = ResizeGeometry.Limit(maximum: 1000)
        // No size asked: a 4000×3000 source is fitted into 1000 px.
        var geometry = resize.geometry(width: 4000, height: 3000)
        #expect(Self.sides(geometry.scaled.width, geometry.scaled.height) == [1000, 750])
        #expect(geometry.pixelRatio == 0.25 && geometry.isUncropped)
        // Within the limit: nothing changes.
        geometry = resize.geometry(width: 800, height: 600)
        #expect(Self.sides(geometry.scaled.width, geometry.scaled.height) == [800, 600] && geometry.pixelRatio == 1)

        // w:600 and 50 px of padding on each side under 600: 700 px scaled by 6/7; the padding
        // is 42.86 → 43 px a side, the image 514 × 343, 600 px in all.
        resize = ProxyResize(type: .fit, width: 600, height: 0)
        resize.resultLimit = ResizeGeometry.Limit(maximum: 600, padding: [50, 50, 50, 50])
        geometry = resize.geometry(width: 1200, height: 800)
        #expect(Self.sides(geometry.scaled.width, geometry.scaled.height) == [514, 343])
        #expect(ProxyPadding.pixels(50, ratio: geometry.pixelRatio) == 43)

        // ex:1 to 2000×1000 around a 1000×1000 image, under 1000: the canvas counts, so the image
        // is halved (and the canvas, at the ratio, is 1000×500).
        resize = ProxyResize(type: .fit, width: 2000, height: 1000, extends: true)
        resize.resultLimit = ResizeGeometry.Limit(maximum: 1000, extend: .size)
        geometry = resize.geometry(width: 1000, height: 1000)
        #expect(Self.sides(geometry.scaled.width, geometry.scaled.height) == [500, 500] && geometry.pixelRatio == 0.5)

        // exar:1 to 2:1 around a 1000×1000 image: a 2000×1000 canvas, the same halving.
        resize = ProxyResize(type: .fit, width: 2000, height: 1000)
        resize.resultLimit = ResizeGeometry.Limit(maximum: 1000, extend: .aspectRatio)
        geometry = resize.geometry(width: 1000, height: 1000)
        #expect(Self.sides(geometry.scaled.width, geometry.scaled.height) == [500, 500])

        // A fill's crop is what counts, not the scaled image.
        resize = ProxyResize(type: .fill, width: 1600, height: 400, enlarge: true)
        resize.resultLimit = ResizeGeometry.Limit(maximum: 800)
        geometry = resize.geometry(width: 800, height: 600)
        #expect(Self.sides(geometry.crop.width, geometry.crop.height) == [800, 200])
        #expect(Self.sides(geometry.scaled.width, geometry.scaled.height) == [800, 600])
    }

    @Test("Through the proxy: URLs past the limit are served scaled down; off, they are refused")
    func throughTheProxy() async throws {
        let fixture = try ProxyFixture()
        let proxy = fixture.proxy {
            $0.scalesDownLargeResults = true
            $0.maximumResultDimension = 300
            $0.allowsSecurityOptions = true
        }
        let expectations: [(String, [Int])] = [
            ("", [300, 225]), ("w:1000/el:1", [300, 225]), ("w:5000/z:2/el:1", [300, 225]),
            // 200 + 2 × 100 = 400 wide: scaled by 3/4, a 150×113 image in 75 px of padding.
            ("w:200/pd:100", [300, 263]),
            ("rs:fill:600:100/el:1", [300, 50]), ("mw:9000", [300, 225]), ("w:100/mrd:50", [50, 38]),
        ]
        for (options, size) in expectations {
            let path = fixture.path(options.isEmpty ? "f:png" : options + "/f:png", "/photo.jpg")
            let response = await proxy.respond(to: path)
            #expect(response.status == 200, "\(options)")
            let image = try await ProxyFixture.decode(response.body)
            #expect([image.width, image.height] == size, "\(options)")
        }
        // A source served as it is is not processed, so still refused.
        #expect(await proxy.respond(to: fixture.path("raw:1", "/photo.jpg")).status == 400)
        let refusing = fixture.proxy { $0.maximumResultDimension = 300 }
        for options in ["", "w:1000/el:1", "w:200/pd:100"] {
            #expect(await refusing.respond(to: fixture.path(options, "/photo.jpg")).status == 400, "\(options)")
        }
    }
}
