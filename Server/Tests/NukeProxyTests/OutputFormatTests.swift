// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

import Nuke
import NukeProxyTestSupport
import Testing

@testable import NukeProxy

@Suite struct OutputFormatTests {
    @Test(
        "Without a format: the source's own where preferred and it holds the result, else the first preferred that does"
    )
    func fallback() {
        let preferred = ProxyConfiguration().preferredFormats
        // (source, opaque, animated, expected)
        let cases: [(AssetType?, Bool, Bool, OutputFormat)] = [
            (.jpeg, true, false, .jpeg), (.jpeg, false, false, .png), (.webp, true, false, .webp),
            (.avif, false, false, .avif), (.heic, true, false, .jpeg), (.heic, false, false, .png),
            (.jxl, true, false, .jpeg), (.jxl, false, false, .png), (.gif, true, true, .gif),
            (.gif, false, false, .gif), (.png, false, false, .png), (nil, true, false, .jpeg),
            (.webp, false, true, .webp), (.avif, true, true, .gif), (.png, false, true, .gif),
        ]
        for (source, isOpaque, isAnimated, expected) in cases {
            let format = OutputFormat.fallback(
                source: source,
                isOpaque: isOpaque,
                isAnimated: isAnimated,
                preferred: preferred
            )
            #expect(format == expected, "\(String(describing: source)), opaque: \(isOpaque), animated: \(isAnimated)")
        }
        // imgproxy's default list: a WebP source is a JPEG (or PNG) unless negotiated.
        #expect(
            OutputFormat.fallback(source: .webp, isOpaque: true, isAnimated: false, preferred: [.jpeg, .png, .gif])
                == .jpeg
        )
        // JPEG XL sources stay JPEG XL only when it is listed; nothing listed holds it: PNG.
        #expect(
            OutputFormat.fallback(source: .jxl, isOpaque: true, isAnimated: false, preferred: [.jxl, .jpeg]) == .jxl
        )
        #expect(OutputFormat.fallback(source: .png, isOpaque: false, isAnimated: false, preferred: [.jpeg]) == .png)
    }

    @Test("Names, media types, which formats keep animations and transparency")
    func properties() {
        #expect(OutputFormat(name: "AVIF") == .avif && OutputFormat(name: "Gif") == .gif)
        #expect(OutputFormat(name: "jxl") == .jxl && OutputFormat(name: "heic") == .heic)
        #expect(
            OutputFormat(name: "tif") == .tiff && OutputFormat(name: "svg") == nil && OutputFormat(name: "exe") == nil
        )
        #expect(OutputFormat.skippable(named: "SVG") == .svg && OutputFormat.skippable(named: "jpg") == .jpeg)
        #expect(OutputFormat.gif.mediaType == "image/gif" && OutputFormat.jxl.mediaType == "image/jxl")
        #expect(OutputFormat.ico.mediaType == "image/x-icon" && OutputFormat.svg.mediaType == "image/svg+xml")
        #expect(OutputFormat.allCases.filter(\.keepsAnimation) == [.webp, .gif])
        #expect(OutputFormat.allCases.filter { !$0.keepsTransparency } == [.jpeg])
        #expect(!OutputFormat.svg.isAvailable)
        // Results in the cache are tagged with the case's index: the order never changes.
        #expect(OutputFormat.allCases == [.jpeg, .png, .webp, .avif, .gif, .jxl, .heic, .tiff, .bmp, .ico, .svg])
        // SVG is never chosen for a result: listed first, the next format is.
        #expect(
            OutputFormat.fallback(source: .svg, isOpaque: false, isAnimated: false, preferred: [.svg, .png]) == .png
        )
    }
}
