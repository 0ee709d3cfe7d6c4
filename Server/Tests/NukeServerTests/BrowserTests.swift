// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

import Foundation
import Nuke
import NukeTestSupport
import Testing

/// A real browser judges what nuke-server writes: headless Chromium loads a page of nuke-server
/// URLs, its own `Accept` header drives the negotiation, its own decoders decode the results, and
/// the page's script reports each image's size as decoded.
@Suite("nuke-server's results in Chromium", .enabled(if: Chromium.isAvailable, "needs Debian's chromium"))
struct BrowserTests {
    /// One image on the page: `options` applied to `source`, in `format` when one is asked for.
    struct Case {
        var name: String
        var options: String
        var source: String
        var format: String?
        var width: Int
        var height: Int
        /// The content type nuke-server answers with.
        var type: String

        init(
            _ name: String,
            _ options: String,
            _ source: String,
            _ format: String?,
            _ width: Int,
            _ height: Int,
            _ type: String
        ) {
            (self.name, self.options, self.source, self.format) = (name, options, source, format)
            (self.width, self.height, self.type) = (width, height, type)
        }
    }

    /// What the page reports for each image.
    struct Loaded: Decodable {
        var name: String
        var ok: Bool
        var width: Int
        var height: Int
    }

    /// Every source format nuke-server reads, every result format it writes that Chromium shows
    /// (not TIFF nor HEIC), negotiated and asked for. Chromium's `Accept` lists JPEG XL first, so negotiated stills are JPEG XL and
    /// negotiated animations WebP (the first listed format that keeps them).
    static let cases = [
        Case("jpeg", "rs:fit:320:0", "photo.jpg", nil, 320, 240, "image/jxl"),
        Case("png-alpha", "w:100", "alpha.png", nil, 100, 100, "image/jxl"),
        Case("gif", "w:60", "animation.gif", nil, 60, 40, "image/webp"),
        Case("heic", "rs:force:40:30", "lossy.heic", nil, 40, 30, "image/jxl"),
        Case("avif", "w:160", "photo.avif", nil, 160, 120, "image/jxl"),
        Case("jxl", "w:160", "photo.jxl", nil, 160, 120, "image/jxl"),
        Case("tiff", "w:24", "scan.tif", nil, 24, 16, "image/jxl"),
        Case("bmp", "w:24", "screen.bmp", nil, 24, 16, "image/jxl"),
        Case("ico", "rs:force:16:10", "favicon.ico", nil, 16, 10, "image/jxl"),
        Case("svg", "w:60", "logo.svg", nil, 60, 40, "image/jxl"),
        Case("svg-as-svg", "skp:svg", "logo.svg", nil, 120, 80, "image/svg+xml"),
        Case("jpeg2000", "w:24", "scan.jp2", nil, 24, 16, "image/jxl"),
        Case("smart-fill", "rs:fill:150:150/g:sm", "photo.jpg", nil, 150, 150, "image/jxl"),
        Case("blur", "w:200/bl:4", "photo.jpg", nil, 200, 150, "image/jxl"),
        Case("to-jxl", "w:200/f:jxl", "photo.jpg", nil, 200, 150, "image/jxl"),
        Case("to-avif", "w:200", "photo.jpg", "avif", 200, 150, "image/avif"),
        Case("to-webp", "w:200", "photo.jpg", "webp", 200, 150, "image/webp"),
        Case("to-png", "w:100", "alpha.png", "png", 100, 100, "image/png"),
        Case("to-jpeg", "w:200", "photo.jpg", "jpg", 200, 150, "image/jpeg"),
        Case("to-gif", "w:60", "animation.gif", "gif", 60, 40, "image/gif"),
        Case("to-animated-webp", "w:60", "animation.gif", "webp", 60, 40, "image/webp"),
        Case("to-bmp", "w:100", "alpha.png", "bmp", 100, 100, "image/bmp"),
        Case("to-ico", "w:48", "alpha.png", "ico", 48, 48, "image/x-icon"),
    ]

    @Test("Chromium loads every result at the size asked, negotiated by its own Accept header", .timeLimit(.minutes(5)))
    func chromiumLoadsEveryResult() async throws {
        let origin = try HTTPTestServer()
        defer { origin.stop() }
        let sources = try Self.sources()
        for item in Self.cases {
            let data = try #require(sources[item.source])
            origin.route("/s/\(item.name)/\(item.source)") { _ in .ok(data) }
        }
        for density in ["1x", "2x"] {
            origin.route("/s/srcset-\(density)/photo.jpg") { _ in .ok(sources["photo.jpg"]!) }
        }
        origin.route("/probe.png") { _ in .ok(sources["alpha.png"]!, contentType: "image/png") }
        let server = try await RunningServer(["--allow-unsigned", "--allow-private-addresses"])
        let page = Self.page(server: server, origin: origin)
        origin.route("/page.html") { _ in .ok(Data(page.utf8), contentType: "text/html; charset=utf-8") }

        let browser = try Chromium(opening: origin.url("/page.html"), scale: 2, in: server.directory)
        let report = try #require(
            await browser.report(to: "/report", on: origin),
            "Chromium exited before the page reported: \(browser.child.errors.suffix(2000))"
        )
        let loaded = try JSONDecoder().decode([Loaded].self, from: report)

        let accept = origin.requests(to: "/probe.png").first?.headers["Accept"] ?? ""
        #expect(accept.hasPrefix("image/jxl,"), "Chromium's image Accept header: \(accept)")
        let log = server.child.errors.split(separator: "\n")
        for item in Self.cases {
            let image = loaded.first { $0.name == item.name }
            #expect(image?.ok == true, "\(item.name) did not load")
            #expect(image.map { [$0.width, $0.height] } == [item.width, item.height], "\(item.name)")
            let line = log.first { $0.contains("/s/\(item.name)/") && $0.contains(" 200 ") }
            #expect(line?.contains(" B \(item.type)") == true, "\(item.name): \(line ?? "no request line")")
        }
        // At a device pixel ratio of 2, `srcset` picks the `dpr:2` result, twice as large,
        // which the page lays out (and `naturalWidth` reports) at the asked size.
        let srcset = loaded.first { $0.name == "srcset" }
        #expect(srcset.map { [$0.ok ? 1 : 0, $0.width, $0.height] } == [1, 160, 120])
        #expect(log.contains { $0.contains("dpr:2/plain/") && $0.contains("/s/srcset-2x/") && $0.contains(" 200 ") })
        #expect(!log.contains { $0.contains("/s/srcset-1x/") })
    }

    /// The page: each case as an `<img>`, one `srcset`, and a script posting what each decoded to.
    static func page(server: RunningServer, origin: HTTPTestServer) -> String {
        func url(_ options: String, _ path: String, _ format: String? = nil) -> String {
            server.url("/_/\(options)/plain/" + origin.url(path).absoluteString + (format.map { "@" + $0 } ?? ""))
        }
        let images = Self.cases.map { item in
            #"<img data-name="\#(item.name)" src="\#(url(item.options, "/s/\(item.name)/\(item.source)", item.format))">"#
        }
        let srcset =
            #"<img data-name="srcset" srcset="\#(url("w:160/dpr:1", "/s/srcset-1x/photo.jpg")) 1x, "#
            + #"\#(url("w:160/dpr:2", "/s/srcset-2x/photo.jpg")) 2x">"#
        return """
            <!doctype html>
            <html><body>
            <img data-name="probe" src="/probe.png">
            \(images.joined(separator: "\n"))
            \(srcset)
            <script>
            const loads = [...document.images].map(image => image.decode().then(
                () => ({ name: image.dataset.name, ok: true, width: image.naturalWidth, height: image.naturalHeight }),
                () => ({ name: image.dataset.name, ok: false, width: 0, height: 0 })));
            Promise.all(loads).then(results => fetch("/report", { method: "POST", body: JSON.stringify(results) }));
            </script>
            </body></html>
            """
    }

    /// The sources, by name: a 640×480 JPEG and the same photo as AVIF and JPEG XL, a 100×100
    /// PNG with alpha, a three-frame 120×80 GIF, and of the decoders' tests a lossy HEIC, a 48×32
    /// TIFF, BMP and JPEG 2000, an icon of PNGs and an SVG logo.
    static func sources() throws -> [String: Data] {
        let photo = try Bitmap(width: 640, height: 480, pixelFormat: .rgba8) { buffer in
            for index in stride(from: 0, to: buffer.count, by: 4) {
                let x = index / 4 % 640
                let y = index / 4 / 640
                buffer[index] = UInt8(x * 255 / 640)
                buffer[index + 1] = UInt8(y * 255 / 480)
                buffer[index + 2] = UInt8((x ^ y) & 0xFF)
                buffer[index + 3] = 255
            }
        }
        let alpha = try Bitmap(width: 100, height: 100, pixelFormat: .rgba8) { buffer in
            for index in stride(from: 0, to: buffer.count, by: 4) {
                buffer[index] = 220
                buffer[index + 1] = UInt8(index / 4 % 100 * 2)
                buffer[index + 2] = 40
                buffer[index + 3] = UInt8(index / 4 / 100 * 255 / 99)
            }
        }
        let frames = try [UInt8(30), 120, 210].map { level in
            GIFWriter.Frame(
                image: try Bitmap(width: 120, height: 80, pixelFormat: .rgba8) { buffer in
                    for index in stride(from: 0, to: buffer.count, by: 4) {
                        buffer[index] = level
                        buffer[index + 1] = UInt8(index / 4 % 120 * 2)
                        buffer[index + 2] = 255 - level
                        buffer[index + 3] = 255
                    }
                },
                delayCentiseconds: 10
            )
        }
        let tests = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../../Tests")
        return [
            "photo.jpg": try JPEGEncoder(quality: 0.9).encode(photo),
            "photo.avif": try AVIFEncoder().encode(photo),
            "photo.jxl": try JXLEncoder(effort: 3).encode(photo),
            "alpha.png": try PNGEncoder().encode(alpha),
            "animation.gif": GIFWriter.encode(frames),
            "lossy.heic": try Data(contentsOf: tests.appendingPathComponent("NukeHEIFTests/Fixtures/lossy.heic")),
            "scan.tif": try Data(contentsOf: tests.appendingPathComponent("NukeTIFFTests/Fixtures/rgb-lzw.tif")),
            "screen.bmp": try Data(contentsOf: tests.appendingPathComponent("NukeBMPTests/Fixtures/rgb24.bmp")),
            "favicon.ico": try Data(contentsOf: tests.appendingPathComponent("NukeBMPTests/Fixtures/png.ico")),
            "logo.svg": try Data(contentsOf: tests.appendingPathComponent("NukeSVGTests/Fixtures/logo.svg")),
            "scan.jp2": try Data(contentsOf: tests.appendingPathComponent("NukeJPEG2000Tests/Fixtures/lossy.jp2")),
        ]
    }
}
