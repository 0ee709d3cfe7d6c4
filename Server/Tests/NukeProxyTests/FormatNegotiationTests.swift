// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

import Foundation
import Nuke
import NukeProxyTestSupport
import NukeTestSupport
import Testing

@testable import NukeProxy

@Suite("Result formats negotiated from Accept in imgproxy's order: JPEG XL, AVIF, WebP")
struct FormatNegotiationTests {
    /// What Chromium sends for images.
    static let chromium = "image/jxl,image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8"

    /// The still and animated formats and whether they vary by `Accept`, as the default
    /// configuration changed by `configure` gives them.
    private static func formats(
        asked: OutputFormat? = nil,
        accept: String?,
        configure: (inout ProxyConfiguration) -> Void = { _ in }
    ) -> [String] {
        var configuration = ProxyConfiguration()
        configure(&configuration)
        let (still, animated, varies) = ProxyPlan.formats(asked: asked, accept: accept, configuration)
        return [still?.rawValue ?? "-", animated?.rawValue ?? "-", varies ? "vary" : "fixed"]
    }

    @Test("No format asked: the first negotiated format the client accepts; animations only ever WebP")
    func negotiated() {
        #expect(Self.formats(accept: Self.chromium) == ["jxl", "webp", "vary"])
        #expect(Self.formats(accept: "image/avif,image/webp") == ["webp", "webp", "vary"], "AVIF is off by default")
        #expect(Self.formats(accept: "image/avif,image/webp") { $0.negotiatesAVIF = true } == ["avif", "webp", "vary"])
        #expect(Self.formats(accept: "image/avif") { $0.negotiatesAVIF = true } == ["avif", "-", "vary"])
        #expect(Self.formats(accept: "image/jxl;q=0,image/webp") == ["webp", "webp", "vary"])
        #expect(Self.formats(accept: "image/*,*/*") == ["-", "-", "vary"])
        #expect(Self.formats(accept: nil) == ["-", "-", "vary"])
        #expect(Self.formats(accept: Self.chromium) { $0.negotiatesJPEGXL = false } == ["webp", "webp", "vary"])
        let none = Self.formats(accept: Self.chromium) {
            $0.negotiatesJPEGXL = false
            $0.negotiatesWebP = false
        }
        #expect(none == ["-", "-", "fixed"])
    }

    @Test("A format asked for stands, unless an enforced format the client accepts replaces it")
    func enforced() {
        #expect(Self.formats(asked: .png, accept: Self.chromium) == ["png", "png", "fixed"])
        #expect(
            Self.formats(asked: .png, accept: Self.chromium) { $0.enforcedFormats = [.webp] } == [
                "webp", "webp", "vary",
            ]
        )
        #expect(
            Self.formats(asked: .png, accept: "image/png") { $0.enforcedFormats = [.webp] } == ["png", "png", "vary"]
        )
        // JPEG XL and AVIF never take an animation: it keeps the format asked for.
        #expect(
            Self.formats(asked: .gif, accept: Self.chromium) { $0.enforcedFormats = [.jxl] } == ["jxl", "gif", "vary"]
        )
        // An enforced format is negotiated too, even with its negotiation off.
        #expect(
            Self.formats(accept: "image/avif") {
                $0.enforcedFormats = [.avif]
            } == ["avif", "-", "vary"]
        )
    }

    @Test(
        "Through the proxy: Chromium gets JPEG XL (WebP with its negotiation off), others WebP or the source's format; jxl asked by f and @"
    )
    func throughTheProxy() async throws {
        let fixture = try ProxyFixture()
        let cache = MockDataCache()
        let proxy = fixture.proxy(resultCache: cache)
        let jxl = await proxy.respond(to: fixture.path("w:100", "/photo.jpg"), accept: Self.chromium)
        #expect(jxl.status == 200 && jxl.header("Content-Type") == "image/jxl" && jxl.header("Vary") == "Accept")
        #expect(AssetType(jxl.body) == .jxl)
        let image = try await ProxyFixture.decode(jxl.body)
        #expect(image.width == 100 && image.height == 75)
        let webp = await proxy.respond(to: fixture.path("w:100", "/photo.jpg"), accept: "image/webp,*/*")
        #expect(webp.header("Content-Type") == "image/webp")
        let jpeg = await proxy.respond(to: fixture.path("w:100", "/photo.jpg"), accept: "*/*")
        #expect(jpeg.header("Content-Type") == "image/jpeg")
        // Animations stay animated: WebP for Chromium.
        let spin = await proxy.respond(to: fixture.path("w:20", "/spin.gif"), accept: Self.chromium)
        #expect(spin.header("Content-Type") == "image/webp")
        let decoded = try await ImagePipeline { $0.imageCache = nil }
            .imageTask(with: ImageRequest(id: "spin", data: { spin.body })).response.container
        #expect(decoded.animation?.frameCount == 4)
        #expect(cache.keys.count == 4, "one entry per negotiated format, never per Accept header")
        let withoutJPEGXL = await fixture.proxy { $0.negotiatesJPEGXL = false }.respond(
            to: fixture.path("w:100", "/photo.jpg"),
            accept: Self.chromium
        )
        #expect(withoutJPEGXL.header("Content-Type") == "image/webp")

        for path in [fixture.path("w:64/f:jxl", "/photo.jpg"), fixture.path("w:64", "/photo.jpg", extension: "jxl")] {
            let asked = await proxy.respond(to: path, accept: "image/webp")
            #expect(asked.header("Content-Type") == "image/jxl" && asked.header("Vary") == nil)
            #expect(try await ProxyFixture.decode(asked.body).width == 64)
        }
        // fq sets JPEG XL's quality: a lower one makes a smaller file.
        let low = await proxy.respond(to: fixture.path("w:200/f:jxl/fq:jxl:30", "/photo.jpg"))
        let high = await proxy.respond(to: fixture.path("w:200/f:jxl/fq:jxl:95", "/photo.jpg"))
        #expect(low.status == 200 && high.status == 200 && low.body.count < high.body.count)
    }

    @Test("Preferred formats: imgproxy's list serves a WebP source as JPEG to a client that takes no WebP")
    func preferredFormats() async throws {
        let fixture = try ProxyFixture()
        let photo = try await ProxyFixture.decode(ProxyFixture.photo)
        let webpSource = try WebPEncoder(mode: .lossy(quality: 0.9)).encode(photo)
        fixture.origin.route("/photo.webp") { _ in .ok(webpSource, contentType: "image/webp") }
        let ours = fixture.proxy()
        let imgproxys = fixture.proxy { $0.preferredFormats = [.jpeg, .png, .gif] }
        let path = fixture.path("w:100", "/photo.webp")
        #expect(await ours.respond(to: path, accept: "image/png").header("Content-Type") == "image/webp")
        #expect(await imgproxys.respond(to: path, accept: "image/png").header("Content-Type") == "image/jpeg")
    }

    @Test("TIFF sources: JPEG XL for Chromium, else JPEG, or PNG with alpha")
    func tiffSources() async throws {
        let fixture = try ProxyFixture()
        let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../../Tests/NukeTIFFTests/Fixtures")
        for name in ["rgb-lzw", "alpha"] {
            let data = try Data(contentsOf: fixtures.appendingPathComponent(name + ".tif"))
            fixture.origin.route("/\(name).tif") { _ in .ok(data, contentType: "image/tiff") }
        }
        let proxy = fixture.proxy()
        let chromium = await proxy.respond(to: fixture.path("w:24", "/rgb-lzw.tif"), accept: Self.chromium)
        #expect(chromium.header("Content-Type") == "image/jxl")
        let opaque = await proxy.respond(to: fixture.path("w:24", "/rgb-lzw.tif"), accept: "*/*")
        #expect(opaque.header("Content-Type") == "image/jpeg")
        let image = try await ProxyFixture.decode(opaque.body)
        #expect((image.width, image.height) == (24, 16))
        let transparent = await proxy.respond(to: fixture.path("w:24", "/alpha.tif"), accept: "*/*")
        #expect(transparent.header("Content-Type") == "image/png")
    }

    @Test("TIFF, BMP, icon and HEIC results when asked: their types, sizes and alpha; icons fitted to 256")
    func imgproxysOtherFormats() async throws {
        let fixture = try ProxyFixture()
        let proxy = fixture.proxy()
        var cases: [(path: String, type: String, width: Int, height: Int)] = [
            (fixture.path("w:120/f:tiff", "/photo.jpg"), "image/tiff", 120, 90),
            (fixture.path("w:120", "/photo.jpg", extension: "bmp"), "image/bmp", 120, 90),
            (fixture.path("w:120/f:ico", "/photo.jpg"), "image/x-icon", 120, 90),
            // Past an icon's 256 a side, the result is scaled down to fit, as imgproxy's.
            (fixture.path("w:400/f:ico", "/photo.jpg"), "image/x-icon", 256, 192),
        ]
        if OutputFormat.heic.isAvailable {
            cases.append((fixture.path("w:120/f:heic", "/photo.jpg"), "image/heic", 120, 90))
        }
        for (path, type, width, height) in cases {
            let response = await proxy.respond(to: path, accept: Self.chromium)
            #expect(response.status == 200 && response.header("Content-Type") == type, "\(path)")
            #expect(response.header("Vary") == nil)
            let image = try await ProxyFixture.decode(response.body)
            #expect((image.width, image.height) == (width, height), "\(path)")
            #expect(image.isOpaque)
        }
        // Transparency stays in each of them.
        let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../../Tests/NukeTIFFTests/Fixtures")
        let alpha = try Data(contentsOf: fixtures.appendingPathComponent("alpha.tif"))
        fixture.origin.route("/alpha.tif") { _ in .ok(alpha, contentType: "image/tiff") }
        for format in ["tiff", "bmp", "ico"] + (OutputFormat.heic.isAvailable ? ["heic"] : []) {
            let response = await proxy.respond(to: fixture.path("w:24/f:\(format)", "/alpha.tif"))
            #expect(try await !ProxyFixture.decode(response.body).isOpaque, "\(format)")
        }
    }

    @Test("A JPEG whose pixels the request leaves alone goes to JPEG XL losslessly: its coefficients, upright, cached")
    func jpegRecompressedAsJPEGXL() async throws {
        let fixture = try ProxyFixture()
        let cache = MockDataCache()
        let proxy = fixture.proxy(resultCache: cache)
        let source = try await ProxyFixture.decode(ProxyFixture.photo)
        let whole = await proxy.respond(to: fixture.path("", "/photo.jpg"), accept: Self.chromium)
        #expect(whole.status == 200 && whole.header("Content-Type") == "image/jxl")
        #expect(whole.body.count < ProxyFixture.photo.count, "smaller than the JPEG itself")
        let recompressed = try JXLEncoder(effort: OutputFormat.recompressionEffort).recompressing(
            jpeg: ProxyFixture.photo
        )
        #expect(whole.body == recompressed, "the JPEG's own coefficients, not a new lossy encode")
        let decoded = try await ProxyFixture.decode(whole.body)
        #expect(try #require(ReferenceImage.difference(decoded, source)).mean < 1)
        #expect(cache.keys.count == 1, "kept in the result cache")
        #expect(await proxy.respond(to: fixture.path("", "/photo.jpg"), accept: Self.chromium).body == whole.body)
        // skp:jpg skips processing, as imgproxy's: the whole photo, however sized.
        let skipped = await proxy.respond(to: fixture.path("w:100/skp:jpg", "/photo.jpg"), accept: Self.chromium)
        #expect(skipped.header("Content-Type") == "image/jxl")
        #expect(try await ProxyFixture.decode(skipped.body).width == 800)
        // A format asked for is processed, skp or not.
        let asked = await proxy.respond(to: fixture.path("w:100/skp:jpg/f:jxl", "/photo.jpg"), accept: Self.chromium)
        #expect(try await ProxyFixture.decode(asked.body).width == 100)
        // The EXIF orientation is in the JPEG XL's header: upright; the EXIF itself is not kept.
        let turned = await proxy.respond(to: fixture.path("", "/tagged.jpg"), accept: Self.chromium)
        let upright = try await ProxyFixture.decode(turned.body)
        #expect((upright.width, upright.height) == (40, 80))
        #expect(turned.body.range(of: Data("Camera Maker".utf8)) == nil)
        // Anything that changes pixels is a new encode.
        let resized = await proxy.respond(to: fixture.path("w:100", "/photo.jpg"), accept: Self.chromium)
        #expect(try await ProxyFixture.decode(resized.body).width == 100)
        let budgeted = await proxy.respond(to: fixture.path("mb:100000", "/photo.jpg"), accept: Self.chromium)
        #expect(budgeted.header("Content-Type") == "image/jxl" && budgeted.body != whole.body)
    }

    @Test("JPEG XL results take effort 5 when small (effort 4 writes more than WebP there), else 4")
    func jpegXLEffortBySize() async throws {
        let fixture = try ProxyFixture()
        let proxy = fixture.proxy()
        for (width, effort) in [(200, 5), (400, 4)] {
            // The same pixels, losslessly: what the JPEG XL result was encoded from.
            let png = await proxy.respond(to: fixture.path("w:\(width)/f:png", "/photo.jpg"))
            let pixels = try await ProxyFixture.decode(png.body)
            #expect(OutputFormat.jpegXLEffort(forPixels: pixels.width * pixels.height) == effort)
            let jxl = await proxy.respond(to: fixture.path("w:\(width)/f:jxl", "/photo.jpg"))
            let expected = try JXLEncoder(mode: .lossy(distance: JXLEncoder.distance(forQuality: 77)), effort: effort)
                .encode(pixels)
            #expect(jxl.body == expected, "\(width) px at effort \(effort)")
        }
    }
}
