// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

import Foundation
import Nuke
import NukeProxy
import NukeProxyTestSupport
import NukeTestSupport
import Testing

/// imgproxy's own resize tests (`processing/processing_test.go`, imgproxy 4, the size cases), as
/// a table of its URL options and the result size it expects of its 200×100 `geometry.png`:
/// every resizing type with and without `el`, `ex` and `exar`, and the result dimension limit
/// (`mrd`) with turns and padding. The sizes are imgproxy's, not ours.
@Suite("imgproxy's processing tests: URL options to result sizes")
struct ImgproxyProcessingTests {
    static let cases: [(options: String, width: Int, height: Int)] = [
        ("rs:fit:50:50", 50, 25),
        ("rs:fit:50:20", 40, 20),
        ("rs:fit:20:50", 20, 10),
        ("rs:fit:300:300", 200, 100),
        ("rs:fit:300:50", 100, 50),
        ("rs:fit:100:300", 100, 50),
        ("rs:fit:0:50", 100, 50),
        ("rs:fit:50:0", 50, 25),
        ("rs:fit:0:200", 200, 100),
        ("rs:fit:300:0", 200, 100),
        ("rs:fit:50:50/el:1", 50, 25),
        ("rs:fit:50:20/el:1", 40, 20),
        ("rs:fit:20:50/el:1", 20, 10),
        ("rs:fit:300:300/el:1", 300, 150),
        ("rs:fit:300:125/el:1", 250, 125),
        ("rs:fit:250:300/el:1", 250, 125),
        ("rs:fit:0:50/el:1", 100, 50),
        ("rs:fit:50:0/el:1", 50, 25),
        ("rs:fit:0:200/el:1", 400, 200),
        ("rs:fit:300:0/el:1", 300, 150),
        ("rs:fit:50:50/ex:1", 50, 50),
        ("rs:fit:50:20/ex:1", 50, 20),
        ("rs:fit:20:50/ex:1", 20, 50),
        ("rs:fit:300:300/ex:1", 300, 300),
        ("rs:fit:300:125/ex:1", 300, 125),
        ("rs:fit:250:300/ex:1", 250, 300),
        ("rs:fit:0:50/ex:1", 100, 50),
        ("rs:fit:50:0/ex:1", 50, 25),
        ("rs:fit:0:200/ex:1", 200, 200),
        ("rs:fit:300:0/ex:1", 300, 100),
        ("rs:fit:50:50/exar:1", 50, 50),
        ("rs:fit:50:20/exar:1", 50, 20),
        ("rs:fit:20:50/exar:1", 20, 50),
        ("rs:fit:300:300/exar:1", 200, 200),
        ("rs:fit:300:125/exar:1", 240, 100),
        ("rs:fit:250:500/exar:1", 200, 400),
        ("rs:fit:0:50/exar:1", 100, 50),
        ("rs:fit:50:0/exar:1", 50, 25),
        ("rs:fit:0:200/exar:1", 200, 100),
        ("rs:fit:300:0/exar:1", 200, 100),
        ("rs:fill:50:50", 50, 50),
        ("rs:fill:50:20", 50, 20),
        ("rs:fill:20:50", 20, 50),
        ("rs:fill:300:300", 200, 100),
        ("rs:fill:300:50", 200, 50),
        ("rs:fill:100:300", 100, 100),
        ("rs:fill:0:50", 100, 50),
        ("rs:fill:50:0", 50, 25),
        ("rs:fill:0:200", 200, 100),
        ("rs:fill:300:0", 200, 100),
        ("rs:fill:50:50/el:1", 50, 50),
        ("rs:fill:50:20/el:1", 50, 20),
        ("rs:fill:20:50/el:1", 20, 50),
        ("rs:fill:300:300/el:1", 300, 300),
        ("rs:fill:300:125/el:1", 300, 125),
        ("rs:fill:250:300/el:1", 250, 300),
        ("rs:fill:0:50/el:1", 100, 50),
        ("rs:fill:50:0/el:1", 50, 25),
        ("rs:fill:0:200/el:1", 400, 200),
        ("rs:fill:300:0/el:1", 300, 150),
        ("rs:fill:50:50/ex:1", 50, 50),
        ("rs:fill:50:20/ex:1", 50, 20),
        ("rs:fill:20:50/ex:1", 20, 50),
        ("rs:fill:300:300/ex:1", 300, 300),
        ("rs:fill:300:125/ex:1", 300, 125),
        ("rs:fill:250:300/ex:1", 250, 300),
        ("rs:fill:300:50/ex:1", 300, 50),
        ("rs:fill:100:300/ex:1", 100, 300),
        ("rs:fill:0:50/ex:1", 100, 50),
        ("rs:fill:50:0/ex:1", 50, 25),
        ("rs:fill:0:200/ex:1", 200, 200),
        ("rs:fill:300:0/ex:1", 300, 100),
        ("rs:fill:50:50/exar:1", 50, 50),
        ("rs:fill:50:20/exar:1", 50, 20),
        ("rs:fill:20:50/exar:1", 20, 50),
        ("rs:fill:300:300/exar:1", 200, 200),
        ("rs:fill:300:125/exar:1", 240, 100),
        ("rs:fill:250:500/exar:1", 200, 400),
        ("rs:fill:300:50/exar:1", 300, 50),
        ("rs:fill:100:300/exar:1", 100, 300),
        ("rs:fill:0:50/exar:1", 100, 50),
        ("rs:fill:50:0/exar:1", 50, 25),
        ("rs:fill:0:200/exar:1", 200, 100),
        ("rs:fill:300:0/exar:1", 200, 100),
        ("rs:fill-down:50:50", 50, 50),
        ("rs:fill-down:50:20", 50, 20),
        ("rs:fill-down:20:50", 20, 50),
        ("rs:fill-down:300:300", 100, 100),
        ("rs:fill-down:300:125", 200, 83),
        ("rs:fill-down:250:300", 83, 100),
        ("rs:fill-down:0:50", 100, 50),
        ("rs:fill-down:50:0", 50, 25),
        ("rs:fill-down:0:200", 200, 100),
        ("rs:fill-down:300:0", 200, 100),
        ("rs:fill-down:50:50/el:1", 50, 50),
        ("rs:fill-down:50:20/el:1", 50, 20),
        ("rs:fill-down:20:50/el:1", 20, 50),
        ("rs:fill-down:300:300/el:1", 300, 300),
        ("rs:fill-down:300:125/el:1", 300, 125),
        ("rs:fill-down:250:300/el:1", 250, 300),
        ("rs:fill-down:0:50/el:1", 100, 50),
        ("rs:fill-down:50:0/el:1", 50, 25),
        ("rs:fill-down:0:200/el:1", 400, 200),
        ("rs:fill-down:300:0/el:1", 300, 150),
        ("rs:fill-down:50:50/ex:1", 50, 50),
        ("rs:fill-down:50:20/ex:1", 50, 20),
        ("rs:fill-down:20:50/ex:1", 20, 50),
        ("rs:fill-down:300:300/ex:1", 300, 300),
        ("rs:fill-down:300:125/ex:1", 300, 125),
        ("rs:fill-down:250:300/ex:1", 250, 300),
        ("rs:fill-down:300:50/ex:1", 300, 50),
        ("rs:fill-down:100:300/ex:1", 100, 300),
        ("rs:fill-down:0:50/ex:1", 100, 50),
        ("rs:fill-down:50:0/ex:1", 50, 25),
        ("rs:fill-down:0:200/ex:1", 200, 200),
        ("rs:fill-down:300:0/ex:1", 300, 100),
        ("rs:fill-down:50:50/exar:1", 50, 50),
        ("rs:fill-down:50:20/exar:1", 50, 20),
        ("rs:fill-down:20:50/exar:1", 20, 50),
        ("rs:fill-down:300:300/exar:1", 100, 100),
        ("rs:fill-down:300:125/exar:1", 200, 83),
        ("rs:fill-down:250:300/exar:1", 83, 100),
        ("rs:fill-down:0:50/exar:1", 100, 50),
        ("rs:fill-down:50:0/exar:1", 50, 25),
        ("rs:fill-down:0:200/exar:1", 200, 100),
        ("rs:fill-down:300:0/exar:1", 200, 100),
        ("mrd:1000/rs:fit:100:100", 100, 50),
        ("mrd:50/rs:fit:100:100", 50, 25),
        ("mrd:50/rs:fit:0:0", 50, 25),
        ("mrd:100/rs:fit:0:100", 100, 50),
        ("mrd:50/rs:fit:150:0", 50, 25),
        ("mrd:100/rs:fit:1000:1000", 100, 50),
        ("mrd:100/rs:fit:1000:1000/el:1", 100, 50),
        ("mrd:100/rs:fit:1000:2000/ex:1", 50, 100),
        ("mrd:100/rs:fit:1000:2000/exar:1", 50, 100),
        ("mrd:100/rs:fit:100:150/rot:90", 50, 100),
        ("mrd:100/rs:fit:0:0/rot:90", 50, 100),
        ("mrd:200/rs:fit:100:100/pd:100:200:300:400", 200, 129),
        ("mrd:1000/rs:fill:100:100", 100, 100),
        ("mrd:50/rs:fill:100:100", 50, 50),
        ("mrd:50/rs:fill:1000:50", 50, 13),
        ("mrd:50/rs:fill:100:1000", 50, 50),
        ("mrd:50/rs:fill:0:0", 50, 25),
        ("mrd:100/rs:fill:0:100", 100, 50),
        ("mrd:50/rs:fill:150:0", 50, 25),
        ("mrd:100/rs:fill:1000:1000", 100, 50),
        ("mrd:100/rs:fill:1000:1000/el:1", 100, 100),
        ("mrd:100/rs:fill:1000:2000/ex:1", 50, 100),
        ("mrd:100/rs:fill:1000:2000/exar:1", 50, 100),
        ("mrd:100/rs:fill:100:150/rot:90", 67, 100),
        ("mrd:100/rs:fill:0:0/rot:90", 50, 100),
        ("mrd:200/rs:fill:100:100/pd:100:200:300:400", 200, 144),
        ("mrd:1000/rs:fill-down:100:100", 100, 100),
        ("mrd:50/rs:fill-down:100:100", 50, 50),
        ("mrd:50/rs:fill-down:1000:50", 50, 3),
        ("mrd:50/rs:fill-down:100:1000", 5, 50),
        ("mrd:50/rs:fill-down:0:0", 50, 25),
        ("mrd:100/rs:fill-down:0:100", 100, 50),
        ("mrd:50/rs:fill-down:150:0", 50, 25),
        ("mrd:100/rs:fill-down:1000:1000", 100, 100),
        ("mrd:100/rs:fill-down:1000:1000/el:1", 100, 100),
        ("mrd:100/rs:fill-down:1000:2000/ex:1", 50, 100),
        ("mrd:100/rs:fill-down:1000:2000/exar:1", 50, 100),
        ("mrd:100/rs:fill-down:1000:1500/rot:90", 67, 100),
        ("mrd:100/rs:fill-down:0:0/rot:90", 50, 100),
        ("mrd:200/rs:fill-down:100:100/pd:100:200:300:400", 200, 144),
        ("mrd:200/rs:fill-down:1000:1000/pd:100:200:300:400", 200, 144),
    ]

    /// imgproxy's crop, gravity, extend and padding tests (`crop_test.go`, `extend_test.go`,
    /// `padding_test.go`) on the same image: their sizes (imgproxy checks their pixels against
    /// perceptual hashes of its own results, which are not published as images).
    static let placementCases: [(options: String, width: Int, height: Int)] = [
        ("rs:fill:100:26/g:ce", 100, 26),
        ("rs:fill:100:26/g:no", 100, 26),
        ("rs:fill:100:26/g:so", 100, 26),
        ("rs:fill:100:26/g:noea", 100, 26),
        ("rs:fill:100:26/g:soea", 100, 26),
        ("rs:fill:100:26/g:sowe", 100, 26),
        ("rs:fill:100:26/g:nowe", 100, 26),
        ("rs:fill:26:100/g:ce", 26, 100),
        ("rs:fill:26:100/g:ea", 26, 100),
        ("rs:fill:26:100/g:we", 26, 100),
        ("rs:fill:26:100/g:noea", 26, 100),
        ("rs:fill:26:100/g:soea", 26, 100),
        ("rs:fill:26:100/g:sowe", 26, 100),
        ("rs:fill:26:100/g:nowe", 26, 100),
        ("rs:fill:100:26/g:ce/dpr:2", 200, 52),
        ("rs:fill:100:26/g:no::5", 100, 26),
        ("rs:fill:100:26/g:no::5/dpr:0.5", 50, 13),
        ("rs:fill:100:26/g:no::5/dpr:2", 200, 52),
        ("rs:fill:26:100/g:no:5", 26, 100),
        ("rs:fill:26:100/g:no:5/dpr:0.5", 13, 50),
        ("rs:fill:26:100/g:no:5/dpr:2", 26, 100),
        ("rs:fill:100:26/g:no::0.1", 100, 26),
        ("rs:fill:100:26/g:no::0.1/dpr:0.5", 50, 13),
        ("rs:fill:100:26/g:no::0.1/dpr:2", 200, 52),
        ("c:50:50:ce", 50, 50),
        ("c:50:50:no", 50, 50),
        ("c:50:50:so", 50, 50),
        ("c:50:50:ea", 50, 50),
        ("c:50:50:we", 50, 50),
        ("c:50:50:noea", 50, 50),
        ("c:50:50:nowe", 50, 50),
        ("c:50:50:soea", 50, 50),
        ("c:50:50:sowe", 50, 50),
        ("c:50:50:ce:10", 50, 50),
        ("c:50:50:ce::10", 50, 50),
        ("c:50:50:ce:10:10", 50, 50),
        ("c:50:50:ce:0.1", 50, 50),
        ("c:50:50:ce::0.1", 50, 50),
        ("c:50:50:ce:0.1:0.1", 50, 50),
        ("c:50:50:ce:10:10/dpr:0.5", 25, 25),
        ("w:500/h:500/ex:1:ce", 500, 500),
        ("w:500/h:500/ex:1:no", 500, 500),
        ("w:500/h:500/ex:1:so", 500, 500),
        ("w:500/h:500/ex:1:ea", 500, 500),
        ("w:500/h:500/ex:1:we", 500, 500),
        ("w:500/h:500/ex:1:noea", 500, 500),
        ("w:500/h:500/ex:1:soea", 500, 500),
        ("w:500/h:500/ex:1:sowe", 500, 500),
        ("w:500/h:500/ex:1:nowe", 500, 500),
        ("w:500/h:500/ex:1:no::5", 500, 500),
        ("w:500/h:500/ex:1:no::5/dpr:0.5", 250, 250),
        ("w:500/h:500/ex:1:no::5/dpr:2", 500, 500),
        ("w:500/h:500/ex:1:ea:5", 500, 500),
        ("w:500/h:500/ex:1:ea:5/dpr:0.5", 250, 250),
        ("w:500/h:500/ex:1:ea:5/dpr:2", 500, 500),
        ("w:500/h:500/ex:1:no::0.1", 500, 500),
        ("w:500/h:500/ex:1:no::0.1/dpr:0.5", 250, 250),
        ("w:500/h:500/ex:1:no::0.1/dpr:2", 500, 500),
        ("w:300/h:600/exar:1:ce", 200, 400),
        ("w:300/h:600/exar:1:no", 200, 400),
        ("w:300/h:600/exar:1:so", 200, 400),
        ("w:300/h:600/exar:1:ea", 200, 400),
        ("w:300/h:600/exar:1:we", 200, 400),
        ("w:300/h:600/exar:1:noea", 200, 400),
        ("w:300/h:600/exar:1:soea", 200, 400),
        ("w:300/h:600/exar:1:sowe", 200, 400),
        ("w:300/h:600/exar:1:nowe", 200, 400),
        ("w:300/h:600/exar:1:no::5", 200, 400),
        ("w:300/h:600/exar:1:no::5/dpr:0.5", 150, 300),
        ("w:300/h:600/exar:1:no::5/dpr:2", 200, 400),
        ("w:300/h:600/exar:1:ea:5", 200, 400),
        ("w:300/h:600/exar:1:ea:5/dpr:0.5", 150, 300),
        ("w:300/h:600/exar:1:ea:5/dpr:2", 200, 400),
        ("w:300/h:600/exar:1:no::0.1", 200, 400),
        ("w:300/h:600/exar:1:no::0.1/dpr:0.5", 150, 300),
        ("w:300/h:600/exar:1:no::0.1/dpr:2", 200, 400),
        ("dpr:0.500000/pd:20:30:40:10/bg:f00/el:1", 120, 80),
        ("dpr:1.000000/pd:20:30:40:10/bg:f00/el:1", 240, 160),
        ("dpr:2.000000/pd:20:30:40:10/bg:f00/el:1", 480, 320),
    ]

    @Test("Every size case of imgproxy's processing, crop, extend and padding tests gives imgproxy's size")
    func sizes() async throws {
        let (fixture, proxy) = try Self.serving()
        for (options, width, height) in Self.cases + Self.placementCases {
            let response = await proxy.respond(to: fixture.path(options + "/f:png", "/geometry.png"))
            #expect(response.status == 200, "\(options)")
            guard response.status == 200 else { continue }
            let image = try await ProxyFixture.decode(response.body)
            #expect(image.width == width && image.height == height, "\(options): \(image.width)×\(image.height)")
        }
    }

    @Test("A crop's own gravity comes before g:, which applies when it has none (TestCropGravityPriority)")
    func cropGravityPriority() async throws {
        let (fixture, proxy) = try Self.serving()
        var bodies: [Data] = []
        for options in ["c:50:50/g:no", "c:50:50:no", "c:50:50:no/g:so", "c:50:50:so"] {
            bodies.append(await proxy.respond(to: fixture.path(options + "/f:png", "/geometry.png")).body)
        }
        #expect(!bodies[0].isEmpty && bodies[1] == bodies[0] && bodies[2] == bodies[0])
        #expect(bodies[3] != bodies[0])
    }

    /// A proxy with imgproxy's defaults where they matter here (`mrd` scales results down, and
    /// the tests' URLs may carry it), and an origin serving a 200×100 `geometry.png` whose rows
    /// and columns differ, so that crops in different places differ.
    static func serving() throws -> (ProxyFixture, ImageProxy) {
        let fixture = try ProxyFixture()
        let geometry = try Bitmap(width: 200, height: 100, pixelFormat: .rgba8) { pixels in
            for index in stride(from: 0, to: pixels.count, by: 4) {
                let (x, y) = (index / 4 % 200, index / 4 / 200)
                (pixels[index], pixels[index + 1], pixels[index + 2], pixels[index + 3]) = (
                    UInt8(x), UInt8(y * 2), 90, 255
                )
            }
        }
        let png = try PNGEncoder().encode(geometry)
        fixture.origin.route("/geometry.png") { _ in .ok(png, contentType: "image/png") }
        let proxy = fixture.proxy {
            $0.scalesDownLargeResults = true
            $0.allowsSecurityOptions = true
        }
        return (fixture, proxy)
    }
}
