// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

import Nuke
import NukeProxy
import NukeProxyTestSupport
import Testing

@Suite("Processing options")
struct ProcessingOptionsTests {
    static func options(_ text: String, presets: [String: [ProxyOption]] = [:]) throws -> ProcessingOptions {
        var options = ProcessingOptions()
        try options.apply(text.split(separator: "/").map(ProxyOption.init(segment:)), presets: presets)
        return options
    }

    @Test("Every option, by long and short name")
    func everyOption() throws {
        let short = try Self.options("rs:fill:300:400:1/g:noea:5:6/dpr:2/q:70/f:webp/bl:1.5/sh:0.7/cb:v2")
        let long = try Self.options(
            "resize:fill:300:400:1/gravity:noea:5:6/dpr:2/quality:70/format:webp/blur:1.5/sharpen:0.7/cachebuster:v2"
        )
        #expect(short == long)
        #expect(short.resizingType == .fill && short.width == 300 && short.height == 400 && short.enlarge)
        #expect(short.gravity == .anchor(.northEast, xOffset: 5, yOffset: 6))
        #expect(short.devicePixelRatio == 2 && short.pixelSize == (600, 800))
        #expect(short.quality == 70 && short.format == .webp && short.blur == 1.5 && short.sharpen == 0.7)
        #expect(short.cacheBuster == "v2")
        #expect(try Self.options("exp:1700000000") == Self.options("expires:1700000000"))
        #expect(try Self.options("exp:1700000000").expires == 1_700_000_000)
        #expect(try Self.options("w:10").expires == nil)
        #expect(try Self.options("fq:jpg:70:webp:60").formatQualities == [.jpeg: 70, .webp: 60])
        #expect(try Self.options("format_quality:avif:0").formatQualities.isEmpty)
        #expect(try Self.options("ex:1").extend == .init(gravity: nil))
        #expect(try Self.options("extend:1:so").extend == .init(gravity: .anchor(.south)))
        #expect(try Self.options("rs:fit:10:10:0:1").extend != nil && Self.options("ex:1/ex:0").extend == nil)
        #expect(try Self.options("rs:fill:300:400:0:1:so").extend == .init(gravity: .anchor(.south)))
        let sized = try Self.options("s:100:100:0:t:noea:5:6")
        #expect(sized.extend == .init(gravity: .anchor(.northEast, xOffset: 5, yOffset: 6)) && sized.width == 100)
        #expect(try Self.options("ex:1:we/rs:fit:10:10:0:1").extend == .init(gravity: .anchor(.west)))
        #expect(try Self.options("pd:1").padding == .init(top: 1, right: 1, bottom: 1, left: 1))
        #expect(try Self.options("padding:1:2:3").padding == .init(top: 1, right: 2, bottom: 3, left: 2))
        #expect(try Self.options("pd::10").padding == .init(top: 0, right: 10, bottom: 0, left: 10))
        #expect(try Self.options("pd:5/pd:0").padding == nil && Self.options("el:TRUE/el:False").enlarge == false)
        #expect(try Self.options("mb:20000").maximumBytes == 20000 && Self.options("max_bytes:0").maximumBytes == nil)
        #expect(try Self.options("c:400:300:nowe").crop == .init(width: 400, height: 300, gravity: .anchor(.northWest)))
        #expect(try Self.options("crop:0.5").crop == .init(width: 0.5, height: 0, gravity: nil))
        #expect(try Self.options("c:10:20:fp:0.5:0.25").crop?.gravity == .focusPoint(x: 0.5, y: 0.25))
        #expect(try Self.options("exar:1:so") == Self.options("extend_aspect_ratio:t:so"))
        #expect(try Self.options("extend_ar:1").extendAspectRatio == .init(gravity: nil))
        #expect(try Self.options("exar:1/exar:0").extendAspectRatio == nil && Self.options("exar:1").extend == nil)
        let minimum = try Self.options("mw:100/mh:50/dpr:2")
        #expect(try minimum == Self.options("min-width:100/min-height:50/dpr:2"))
        #expect(minimum.minimumPixelSize == (200, 100) && minimum.pixelSize == (0, 0))
        let zoom = try Self.options("w:100/h:80/z:1.5/dpr:2")
        #expect(try zoom.zoomX == 1.5 && zoom.zoomY == 1.5 && zoom == Self.options("w:100/h:80/zoom:1.5:1.5/dpr:2"))
        #expect(zoom.pixelSize == (200, 160))
        #expect(zoom.zoomedPixelSize == (300, 240))
        #expect(try Self.options("z:0.5:2").zoomY == 2)
        #expect(try Self.options("w:100/dpr:0.5").pixelSize == (50, 0))
        #expect(try Self.options("w:1/h:1/dpr:0.1").pixelSize == (1, 1))
        #expect(try !Self.options("ar:0").autoRotates && Self.options("auto_rotate:1").autoRotates)

        let separate = try Self.options("rt:fill-down/w:10/h:20/el:t/ext:jpg/g:fp:0.25:0.75")
        #expect(separate.resizingType == .fillDown && separate.width == 10 && separate.height == 20 && separate.enlarge)
        #expect(separate.format == .jpeg && separate.gravity == .focusPoint(x: 0.25, y: 0.75))
        #expect(try Self.options("s:50").width == 50)
        #expect(try Self.options("g:sm").gravity == .smart)
        #expect(try Self.options("q:0").quality == nil)
    }

    @Test("Editing options: rotate, flip, background, pixelate, trim, watermark, by long and short name")
    func editingOptions() throws {
        let short = try Self.options("rot:-90/fl:1/bg:255:136:0/pix:8/t:10:FFFFFF/wm:0.5:soea:10:20:0.25")
        let long = try Self.options(
            "rotate:270/flip:t:f/background:FF8800/pixelate:8/trim:10:FFFFFF:0:0/watermark:0.5:soea:10:20:0.25"
        )
        #expect(short == long)
        #expect(short.rotation == 270 && short.flipsHorizontally && !short.flipsVertically)
        #expect(short.background == ImageProcessingOptions.Color(hex: "#FF8800"))
        #expect(try Self.options("bg:f80").background == short.background)
        #expect(try Self.options("t:10:fff").trim?.color == ImageProcessingOptions.Color(hex: "#FFFFFF"))
        #expect(try Self.options("t:10::1").trim == .init(threshold: 10, equalHorizontal: true))
        #expect(try Self.options("trim:10:ff0000:0:t").trim?.equalVertical == true)
        #expect(short.pixelate == 8)
        #expect(short.trim == ProcessingOptions.Trim(threshold: 10, color: .white))
        #expect(
            short.watermark
                == ProcessingOptions.Watermark(
                    opacity: 0.5,
                    position: .southEast,
                    xOffset: 10,
                    yOffset: 20,
                    scale: 0.25
                )
        )
        let defaults = try Self.options("wm:1/t:0/bg:/fl::1")
        #expect(defaults.watermark?.position == .center && defaults.watermark?.scale == nil)
        #expect(defaults.trim?.color == nil && defaults.background == nil && defaults.flipsVertically)
        // imgproxy's tiling, and offsets as fractions of the result or negative.
        #expect(
            try Self.options("wm:1:re:10:20").watermark == .init(opacity: 1, position: nil, xOffset: 10, yOffset: 20)
        )
        #expect(
            try Self.options("wm:1:we:0.25:-3").watermark
                == .init(opacity: 1, position: .west, xOffset: 0.25, yOffset: -3)
        )
    }

    @Test("Security options: msr in megapixels, msfs, maf and mrd whole numbers above 0, by long and short name")
    func securityOptions() throws {
        let short = try Self.options("msr:12.5/msfs:1000/maf:10/mrd:4000")
        let long = try Self.options(
            "max_src_resolution:12.5/max_src_file_size:1000/max_animation_frames:10/max_result_dimension:4000"
        )
        #expect(short == long)
        #expect(short.limits.maximumSourcePixels == 12_500_000 && short.limits.maximumSourceBytes == 1000)
        #expect(short.limits.maximumAnimationFrames == 10 && short.limits.maximumResultDimension == 4000)
        #expect(try Self.options("msr:0.0000001").limits.maximumSourcePixels == 1)
        #expect(try Self.options("w:10").limits.isEmpty && !short.limits.isEmpty)
    }

    @Test("Empty arguments leave values unchanged (rs::100)")
    func emptyArguments() throws {
        let options = try Self.options("w:30/rs::0:100")
        #expect(options.resizingType == .fit && options.width == 0 && options.height == 100)
        #expect(try Self.options("w:30/rs:force::100").width == 30)
    }

    @Test("Presets expand in place; nested presets are bounded")
    func presets() throws {
        let presets: [String: [ProxyOption]] = [
            "thumb": [ProxyOption(segment: "rs:fill:100:100"), ProxyOption(segment: "q:60")],
            "sharp": [ProxyOption(segment: "sh:1")],
            "both": [ProxyOption(segment: "pr:thumb:sharp")],
            "loop": [ProxyOption(segment: "pr:loop")],
        ]
        let options = try Self.options("pr:both/q:90", presets: presets)
        #expect(options.width == 100 && options.resizingType == .fill && options.sharpen == 1 && options.quality == 90)
        #expect(throws: ProxyRequestError.unknownPreset("nope")) { try Self.options("pr:nope", presets: presets) }
        #expect(throws: ProxyRequestError.self) { try Self.options("pr:loop", presets: presets) }
    }

    @Test("Booleans as imgproxy reads them: 1, t, true in any case; anything else is false, not an error")
    func booleans() throws {
        for text in ["1", "t", "T", "true", "TRUE", "True"] {
            #expect(try Self.options("el:\(text)").enlarge)
        }
        for text in ["0", "f", "false", "yes", "2", "on"] {
            #expect(try Self.options("el:1/el:\(text)").enlarge == false)
        }
        #expect(try Self.options("rs:fit:10:10:yes").enlarge == false)
        #expect(try Self.options("fl:2:1") == Self.options("fl:0:1"))
    }

    @Test("eth is enforce_thumbnail's short name; et is read too")
    func enforceThumbnailNames() throws {
        #expect(try Self.options("eth:1").enforcesThumbnail)
        #expect(try Self.options("eth:1") == Self.options("et:1"))
        #expect(try Self.options("eth:1") == Self.options("enforce_thumbnail:1"))
    }

    @Test("Every imgproxy result format is read: heic, tiff (and tif), bmp and ico too")
    func everyImgproxyFormat() throws {
        #expect(try Self.options("format:heic").format == .heic)
        #expect(try Self.options("ext:tiff").format == .tiff && Self.options("f:tif").format == .tiff)
        #expect(try Self.options("fq:bmp:80").formatQualities[.bmp] == 80)
        #expect(try Self.options("f:ico").format == .ico)
        #expect(throws: ProxyRequestError.self) { try Self.options("f:svg") }
    }

    @Test("mafr is megapixels of each frame; ph (preserve_hdr) is read and changes nothing")
    func animationFramesAndHDR() throws {
        #expect(try Self.options("mafr:2.5").limits.maximumAnimationFramePixels == 2_500_000)
        #expect(try Self.options("max_animation_frame_resolution:1") == Self.options("mafr:1"))
        #expect(try Self.options("ph:1").preservesHDR && !Self.options("preserve_hdr:0").preservesHDR)
    }

    @Test("exp takes any whole number of seconds: 0 or less never expires")
    func expiresAnyTime() throws {
        #expect(try Self.options("exp:0").expires == 0)
        #expect(try Self.options("exp:-1").expires == -1)
    }

    @Test(
        "Bad options are typed errors",
        arguments: [
            "zz:1", "w:-1", "w:abc", "h:", "rs:stretch:1:1", "g:up", "g:fp:2:0", "dpr:0", "dpr:9", "dpr:-1",
            "dpr:nan",
            "q:101", "f:svg", "bl:-1", "sh:1000", "w:1:2", "nuke:", "g:ce:1e9",
            "rot:45", "bg:300:0:0", "bg:GG0000", "bg:GG0", "bg:ff00", "bg:#fff", "bg:1:2", "pix:-1",
            "pix:20000", "t:300", "t:10::1:1:1",
            "t:10:red", "wm:2", "wm:0.5:middle", "wm:0.5:ce:1e6", "wm:0.5:ce:0:0:2", "wm",
            "c:", "c:-1", "c:abc", "c:10:10:up", "c:1e9", "c:nan", "c:10:10:ce:0:0:9",
            "ex", "ex:1:up", "rs:fit:1:1:0:1:up", "rs:fit:1:1:0::so", "s:1:1:0:1:ce:1:2:3",
            "pd", "pd:-1", "pd:1:2:3:4:5", "pd:20000",
            "mb:", "mb:-5", "mb:lots", "fq", "fq:jpg", "fq:jpg:101", "fq:svg:80", "fq:jpg:80:webp",
            "exp:", "exp:soon", "exp:1.5", "exp:99999999999999999999",
            "z", "z:0", "z:-1", "z:101", "z:nan", "z:inf", "z:1:2:3", "mw:-1", "mh:x", "exar", "exar:1:up",
            "ar", "sm", "skp", "skp:exe",
            "msr", "msr:0", "msr:-1", "msr:nan", "msr:inf", "msr:1000001", "msfs:0", "msfs:-1", "msfs:1.5", "maf:0",
            "maf:x", "mrd:0", "mrd:-5", "mafr", "mafr:0", "mafr:-1", "max_animation_frame_resolution:x", "msr:1:2",
            "ph", "ph:1:1",
        ]
    )
    func refusals(text: String) {
        #expect(throws: ProxyRequestError.self) { try Self.options(text) }
    }

    @Test("Errors map to statuses, and client messages say nothing of the detail")
    func statuses() {
        #expect(ProxyRequestError.unknownOption("zz").status == 400)
        #expect(ProxyRequestError.invalidSignature.status == 403)
        #expect(ProxyRequestError.securityOptionsNotAllowed.status == 403)
        #expect(ProxyRequestError.sourceNotAllowed("http://10.0.0.1/").status == 403)
        #expect(ProxyRequestError.sourceNotFound.status == 404)
        #expect(ProxyRequestError.expired(at: 0).status == 404)
        #expect(ProxyRequestError.expired(at: 0).clientMessage == "URL expired")
        #expect(ProxyRequestError.pathTooLong(length: 9000, limit: 8192).status == 414)
        #expect(ProxyRequestError.unprocessableSource("x").status == 422)
        #expect(ProxyRequestError.overloaded.status == 429)
        #expect(ProxyRequestError.upstreamFailed("x").status == 502)
        #expect(ProxyRequestError.timedOut.status == 504)
        #expect(!ProxyRequestError.sourceNotAllowed("http://10.0.0.1/").clientMessage.contains("10.0.0.1"))
    }
}
