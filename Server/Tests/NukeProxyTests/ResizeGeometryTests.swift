// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

import Foundation
import Nuke
import NukeProxyTestSupport
import NukeTestSupport
import Testing

@testable import NukeProxy

@Suite("imgproxy's resizing types and gravity")
struct ResizeGeometryTests {
    static func geometry(
        _ width: Int,
        _ height: Int,
        _ type: ResizingType,
        _ target: (Int, Int),
        enlarge: Bool = false,
        gravity: Gravity = .center,
        zoom: (Double, Double) = (1, 1),
        minimum: (Int, Int) = (0, 0),
        ratio: Double = 1
    ) -> (scaled: [Int], crop: [Int]) {
        let geometry = ProxyResize(
            type: type,
            width: target.0,
            height: target.1,
            enlarge: enlarge,
            gravity: gravity,
            zoom: zoom,
            minimumWidth: minimum.0,
            minimumHeight: minimum.1,
            devicePixelRatio: ratio
        )
        .geometry(width: width, height: height)
        return (
            [geometry.scaled.width, geometry.scaled.height],
            [geometry.crop.x, geometry.crop.y, geometry.crop.width, geometry.crop.height]
        )
    }

    @Test("fit keeps the aspect ratio inside the box; 0 leaves a side free; no enlarging by default")
    func fit() {
        #expect(Self.geometry(2000, 1000, .fit, (500, 500)).scaled == [500, 250])
        #expect(Self.geometry(2000, 1000, .fit, (0, 100)).scaled == [200, 100])
        #expect(Self.geometry(200, 100, .fit, (500, 500)).scaled == [200, 100])
        #expect(Self.geometry(200, 100, .fit, (500, 500), enlarge: true).scaled == [500, 250])
        #expect(Self.geometry(2000, 1000, .fit, (500, 500)).crop == [0, 0, 500, 250])
    }

    @Test("fill covers the box and crops by gravity")
    func fill() {
        #expect(Self.geometry(2000, 1000, .fill, (300, 300)).scaled == [600, 300])
        #expect(Self.geometry(2000, 1000, .fill, (300, 300)).crop == [150, 0, 300, 300])
        #expect(Self.geometry(2000, 1000, .fill, (300, 300), gravity: .anchor(.west)).crop == [0, 0, 300, 300])
        #expect(Self.geometry(2000, 1000, .fill, (300, 300), gravity: .anchor(.east)).crop == [300, 0, 300, 300])
        #expect(
            Self.geometry(2000, 1000, .fill, (300, 300), gravity: .anchor(.west, xOffset: 20)).crop == [
                20, 0, 300, 300,
            ]
        )
        #expect(Self.geometry(1000, 2000, .fill, (300, 300), gravity: .anchor(.south)).crop == [0, 300, 300, 300])
        #expect(Self.geometry(1000, 2000, .fill, (300, 300), gravity: .anchor(.northWest)).crop == [0, 0, 300, 300])
        #expect(
            Self.geometry(2000, 1000, .fill, (300, 300), gravity: .focusPoint(x: 0.9, y: 0.5)).crop == [
                300, 0, 300, 300,
            ]
        )
        #expect(
            Self.geometry(2000, 1000, .fill, (300, 300), gravity: .focusPoint(x: 0.4, y: 0.5)).crop == [
                90, 0, 300, 300,
            ]
        )
        // Smaller than the box and not enlarged: kept, cropped only where it is larger.
        #expect(Self.geometry(400, 200, .fill, (300, 300)).crop == [50, 0, 300, 200])
        // One side free: fit.
        #expect(Self.geometry(2000, 1000, .fill, (300, 0)).crop == [0, 0, 300, 150])
    }

    @Test("fill-down crops a too-small image to the box's aspect ratio")
    func fillDown() {
        #expect(Self.geometry(400, 200, .fillDown, (300, 300)).crop == [100, 0, 200, 200])
        #expect(Self.geometry(400, 200, .fillDown, (600, 300)).crop == [0, 0, 400, 200])
        #expect(Self.geometry(2000, 1000, .fillDown, (300, 300)) == Self.geometry(2000, 1000, .fill, (300, 300)))
    }

    @Test("force stretches; auto fills when orientations agree and fits when not")
    func forceAndAuto() {
        #expect(Self.geometry(2000, 1000, .force, (300, 300)).scaled == [300, 300])
        #expect(Self.geometry(2000, 1000, .force, (300, 0)).scaled == [300, 1000])
        // Not enlarged: the box's aspect ratio at the largest size that enlarges neither side, as
        // imgproxy's calcScale gives it (its shrinks 0.67 and 0.33 both divided by 0.33).
        #expect(Self.geometry(200, 100, .force, (300, 300)).scaled == [100, 100])
        #expect(Self.geometry(300, 1000, .force, (600, 2000)).scaled == [300, 1000])
        #expect(Self.geometry(400, 1000, .force, (300, 1000)).scaled == [300, 1000])
        #expect(Self.geometry(400, 800, .force, (300, 1000)).scaled == [240, 800])
        #expect(Self.geometry(2000, 1000, .auto, (400, 300)) == Self.geometry(2000, 1000, .fill, (400, 300)))
        #expect(Self.geometry(2000, 1000, .auto, (300, 400)) == Self.geometry(2000, 1000, .fit, (300, 400)))
    }

    @Test("Positions as imgproxy's calcPosition gives them: centre RoundToEven((spare + 1) / 2), offsets half to even")
    func imgproxyPositions() {
        let cases: [(Gravity, spare: (Int, Int), (Int, Int))] = [
            (.center, (1, 2), (1, 2)), (.center, (2, 3), (2, 2)), (.center, (6, 7), (4, 4)), (.center, (0, 0), (0, 0)),
            (.anchor(.west, xOffset: 2.5), (10, 10), (2, 6)), (.anchor(.west, xOffset: 3.5), (10, 10), (4, 6)),
            (.anchor(.east, xOffset: 0.25), (10, 10), (5, 6)),
            (.anchor(.southEast, xOffset: 1, yOffset: 1), (10, 10), (9, 9)),
            (.focusPoint(x: 0.5, y: 0.5), (10, 10), (5, 5)), (.focusPoint(x: 1, y: 0), (10, 10), (10, 0)),
            (.anchor(.north, xOffset: 100), (10, 10), (10, 0)), (.smart, (5, 4), (3, 2)),
        ]
        for (gravity, spare, expected) in cases {
            // A 10×8 crop: the focus point's half is 5 and 4.
            let origin = gravity.origin(crop: (10, 8), in: (10 + spare.0, 8 + spare.1))
            #expect(origin.x == expected.0 && origin.y == expected.1, "\(gravity) in \(spare)")
        }
    }

    @Test("Offsets between -1 and 1 are fractions of the side; dpr multiplies pixel offsets of g and ex, not c's")
    func offsets() throws {
        #expect(
            Self.geometry(2000, 1000, .fill, (300, 300), gravity: .anchor(.west, xOffset: 0.25)).crop == [
                150, 0, 300, 300,
            ]
        )
        #expect(
            Self.geometry(2000, 1000, .fill, (300, 300), gravity: .anchor(.east, xOffset: -0.1)).crop == [
                300, 0, 300, 300,
            ]
        )
        var configuration = ProxyConfiguration()
        configuration.allowsUnsignedURLs = true
        func plan(_ options: String) throws -> [any ImageProcessing] {
            try ProxyPlan(
                path: "/_/\(options)/plain/https://example.com/a.jpg",
                accept: nil,
                configuration: configuration,
                registry: .init()
            ).processors
        }
        // Offsets stay CSS pixels in the plan; the resize and the extend multiply them by the
        // ratio the result is made at.
        let resize = try #require(try plan("rs:fill:100:100/g:we:10:0.5/dpr:2").first as? ProxyResize)
        #expect(resize.gravity == .anchor(.west, xOffset: 10, yOffset: 0.5) && resize.devicePixelRatio == 2)
        #expect(
            Self.geometry(2000, 1000, .fill, (100, 100), gravity: .anchor(.west, xOffset: 10), ratio: 2).crop == [
                20, 0, 200, 200,
            ]
        )
        let processors = try plan("c:50:50:no:10/w:100/h:100/ex:1:so:0:4/dpr:1.5")
        #expect((processors.first as? ProxyCrop)?.gravity == .anchor(.north, xOffset: 10))
        let extend = try #require(processors.last as? ProxyExtend)
        #expect(extend.gravity == .anchor(.south, yOffset: 4) && extend.devicePixelRatio == 1.5)
        #expect(extend.padding(forWidth: 100, height: 100, ratio: 1.5).bottom == 6)
    }

    @Test(
        "dpr is capped where the image would be enlarged, and the canvas, box and padding follow (imgproxy's DprScale)"
    )
    func cappedPixelRatio() async throws {
        // 1200×1200 into 1000×1000 at dpr 2: the ratio stops at 1.2, the canvas is 1200 (not 2000).
        let capped = ResizeGeometry(
            width: 1200,
            height: 1200,
            type: .fit,
            target: .init(width: 1000, height: 1000),
            enlarge: false,
            gravity: .center,
            pixelRatio: 2,
            extend: true
        )
        #expect(capped.pixelRatio == 1.2 && capped.scaled == .init(width: 1200, height: 1200))
        #expect(Self.geometry(1200, 1200, .fit, (1000, 1000), enlarge: true, ratio: 2).scaled == [2000, 2000])
        let fixture = try ProxyFixture()
        let proxy = fixture.proxy()
        // The photo is 800×600; each size below is what imgproxy's calcScale and calcSizes give.
        let expectations: [(String, [Int])] = [
            ("w:500/h:500/ex:1/dpr:2", [800, 800]),  // ratio 1.6: the canvas is 500 × 1.6
            ("rs:fill:500:200/dpr:2", [800, 320]),  // ratio 1.6: the box keeps its 5:2
            ("w:1000/pd:10/dpr:2", [820, 620]),  // smaller than the box: ratio 1, padding 10
            ("pd:10/dpr:2", [820, 620]),  // no size: ratio 1
            ("w:400/pd:10/dpr:2", [840, 640]),  // ratio 2: not capped
            ("w:500/h:500/ex:1/dpr:2/el:1", [1000, 1000]),  // enlarging: the ratio as asked
            ("dpr:0.5", [400, 300]),  // no size: a ratio below 1 shrinks, as in imgproxy
            ("dpr:2", [800, 600]),  // and one above is capped at 1
        ]
        for (options, size) in expectations {
            let response = await proxy.respond(to: fixture.path(options + "/f:png", "/photo.jpg"))
            let image = try await ProxyFixture.decode(response.body)
            #expect([image.width, image.height] == size, "\(options)")
        }
    }

    @Test("zoom multiplies the scale the rules give and the box a fill crops to; no enlarging past the source")
    func zoom() {
        #expect(Self.geometry(2000, 1000, .fit, (500, 500), zoom: (0.5, 0.5)).scaled == [250, 125])
        #expect(Self.geometry(2000, 1000, .fit, (500, 500), zoom: (2, 1)).scaled == [1000, 250])
        #expect(Self.geometry(2000, 1000, .fit, (0, 0), zoom: (0.25, 0.25)).scaled == [500, 250])
        // Past the source without enlarging: both scales shrink by the larger, as imgproxy does.
        #expect(Self.geometry(2000, 1000, .fit, (0, 0), zoom: (4, 2)).scaled == [2000, 500])
        #expect(Self.geometry(200, 100, .fit, (0, 0), enlarge: true, zoom: (2, 2)).scaled == [400, 200])
        let fill = Self.geometry(2000, 1000, .fill, (300, 300), zoom: (0.5, 0.5))
        // imgproxy's centre of a 150 px spare: RoundToEven(151 / 2) = 76.
        #expect(fill.scaled == [300, 150] && fill.crop == [76, 0, 150, 150])
        #expect(Self.geometry(2000, 1000, .force, (300, 300), zoom: (2, 1)).scaled == [600, 300])
    }

    @Test("min-width and min-height raise the scale, past the source too; every type crops to its box")
    func minimumSides() {
        #expect(Self.geometry(2000, 1000, .fit, (200, 200), minimum: (0, 150)).crop == [50, 0, 200, 150])
        #expect(Self.geometry(2000, 1000, .force, (200, 200), minimum: (0, 400)).crop == [100, 100, 200, 200])
        #expect(Self.geometry(2000, 1000, .fit, (100, 0), minimum: (300, 0)).crop == [100, 0, 100, 150])
        #expect(Self.geometry(2000, 1000, .fit, (200, 200), minimum: (0, 150)).scaled == [300, 150])
        #expect(Self.geometry(2000, 1000, .fit, (200, 200), minimum: (150, 0)).scaled == [200, 100])
        #expect(Self.geometry(200, 100, .fit, (0, 0), minimum: (400, 0)).scaled == [400, 200])
        let fill = Self.geometry(2000, 1000, .fill, (300, 300), minimum: (0, 400))
        #expect(fill.scaled == [800, 400] && fill.crop == [250, 50, 300, 300])
        #expect(Self.geometry(2000, 1000, .fit, (200, 200), minimum: (500, 400)).scaled == [800, 400])
    }

    @Test("Through the proxy: z, mw and mh on the 800×600 photo, and a zoomed canvas for ex")
    func zoomAndMinimumThroughTheProxy() async throws {
        let fixture = try ProxyFixture()
        let proxy = fixture.proxy()
        let expectations: [(String, [Int])] = [
            ("w:200/h:200/z:0.5", [100, 75]), ("z:0.25:0.5", [200, 300]), ("w:100/mw:300", [100, 225]),
            ("rs:fill:100:100/mh:200", [100, 100]), ("w:200/h:200/z:0.5/ex:1", [100, 100]),
        ]
        for (options, size) in expectations {
            let image = try await ProxyFixture.decode(
                await proxy.respond(to: fixture.path(options + "/f:png", "/photo.jpg")).body
            )
            #expect([image.width, image.height] == size, "\(options)")
        }
        let tooLarge = await proxy.respond(to: fixture.path("w:5000/z:2", "/photo.jpg"))
        #expect(tooLarge.status == 400)
        #expect(await proxy.respond(to: fixture.path("mw:9000", "/photo.jpg")).status == 400)
    }

    @Test(
        "Shrink-on-load: the scaled size at any decode scale (fast) or three times it at powers of two (quality), only when smaller than the image"
    )
    func minimumInputSize() {
        let resize = ProxyResize(type: .fill, width: 300, height: 300)
        #expect(resize.shrinkOnLoad == .fast)
        #expect(resize.minimumInputSize(width: 4000, height: 2000)! == (600, 300))
        #expect(resize.minimumInputSize(width: 1000, height: 500)! == (600, 300))
        #expect(resize.minimumInputSize(width: 600, height: 300) == nil)
        let careful = ProxyResize(type: .fill, width: 300, height: 300, shrinkOnLoad: .quality)
        #expect(careful.minimumInputSize(width: 4000, height: 2000)! == (1800, 900))
        #expect(careful.minimumInputSize(width: 1000, height: 500) == nil)
        #expect(careful.identifier == resize.identifier)
        #expect(resize.acceptsAnyDecodeScale && !careful.acceptsAnyDecodeScale)
        #expect(resize.identifier != ProxyResize(type: .fill, width: 300, height: 301).identifier)
    }

    @Test("The processor resizes and crops real pixels, from a full or a shrunk decode alike")
    func process() throws {
        let image = try Bitmap(width: 400, height: 200, pixelFormat: .rgba8) { buffer in
            for index in stride(from: 0, to: buffer.count, by: 4) {
                let x = (index / 4) % 400
                buffer[index] = x < 200 ? 255 : 0
                buffer[index + 1] = 0
                buffer[index + 2] = x < 200 ? 0 : 255
                buffer[index + 3] = 255
            }
        }
        let west = ProxyResize(type: .fill, width: 50, height: 50, gravity: .anchor(.west)).process(image)
        #expect(west?.width == 50 && west?.height == 50)
        #expect(west.map { pixel($0, 5, 25) } == [255, 0, 0, 255])
        let east = ProxyResize(type: .fill, width: 50, height: 50, gravity: .anchor(.east)).process(image)
        #expect(east.map { pixel($0, 45, 25) } == [0, 0, 255, 255])
    }

    private func pixel(_ image: Bitmap, _ x: Int, _ y: Int) -> [UInt8] {
        image.withUnsafeBytes { bytes in
            let offset = y * image.bytesPerRow + x * 4
            return Array(bytes[offset..<offset + 4])
        }
    }
}
