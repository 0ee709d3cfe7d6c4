// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

import Nuke
import NukeProxyTestSupport
import Testing

@testable import NukeProxy

@Suite struct OutputFormatTests {
    @Test(
        "Without a format: the source's own where browsers show it (GIF too), JPEG for HEIC and JPEG XL photos, PNG with transparency"
    )
    func negotiation() {
        let cases: [(AssetType?, Bool, OutputFormat)] = [
            (.jpeg, true, .jpeg), (.jpeg, false, .png), (.webp, true, .webp), (.avif, false, .avif),
            (.heic, true, .jpeg), (.heic, false, .png), (.jxl, true, .jpeg), (.jxl, false, .png),
            (.gif, true, .gif), (.gif, false, .gif), (.png, false, .png), (nil, true, .png),
        ]
        for (source, isOpaque, expected) in cases {
            let format = OutputFormat.negotiated(accept: nil, source: source, isOpaque: isOpaque, prefersWebP: true)
            #expect(format == expected, "\(String(describing: source)), opaque: \(isOpaque)")
        }
        // WebP negotiation comes first; AVIF is never negotiated.
        #expect(
            OutputFormat.negotiated(accept: "image/avif,image/webp", source: .heic, isOpaque: true, prefersWebP: true)
                == .webp
        )
        #expect(
            OutputFormat.negotiated(accept: "image/avif", source: .jpeg, isOpaque: true, prefersWebP: true) == .jpeg
        )
        #expect(OutputFormat(name: "AVIF") == .avif && OutputFormat(name: "Gif") == .gif)
        #expect(OutputFormat(name: "jxl") == nil)
        #expect(OutputFormat.gif.mediaType == "image/gif")
        #expect(OutputFormat.allCases.filter(\.keepsAnimation) == [.webp, .gif])
    }
}
