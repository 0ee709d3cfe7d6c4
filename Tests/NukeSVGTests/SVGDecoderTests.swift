// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

import Foundation
import NukeCore
import NukeTestSupport
import Testing

@testable import NukeSVG

func fixture(_ name: String) throws -> Data {
    let url = try #require(Bundle.module.url(forResource: name, withExtension: nil, subdirectory: "Fixtures"))
    return try Data(contentsOf: url)
}

/// rsvg-convert's rendering of a fixture (`Fixtures/make-fixtures.sh`).
func reference(_ name: String) throws -> Bitmap {
    try ReferenceImage.clearingTransparentColor(try ReferenceImage.read(try fixture(name + ".reference.pam")))
}

func decode(_ data: Data, request: ImageRequest = ImageRequest(url: nil), maximumPixelCount: Int = 1 << 24) throws
    -> ImageContainer
{
    let context = ImageDecodingContext(request: request, data: data, maximumPixelCount: maximumPixelCount)
    return try SVGDecoder(context: context).decode(data)
}

/// The largest difference from `expected`, transparent pixels' colours cleared on both sides.
func difference(_ image: Bitmap, _ expected: Bitmap) throws -> Int? {
    ReferenceImage.maximumDifference(try ReferenceImage.clearingTransparentColor(image), expected)
}

@Suite struct SVGDecoderTests {
    @Test("Renders as rsvg-convert does: at its size, its viewBox's when the size is relative")
    func matchesRSVGConvert() throws {
        let logo = try decode(try fixture("logo.svg"))
        #expect(logo.type == .svg)
        #expect((logo.image.width, logo.image.height) == (120, 80))
        // Straight alpha from cairo's premultiplied pixels: within one level where alpha is low.
        #expect(try #require(try difference(logo.image, try reference("logo"))) <= 1)
        let viewBox = try decode(try fixture("viewbox.svg")).image
        #expect((viewBox.width, viewBox.height) == (64, 32))
        #expect(try #require(try difference(viewBox, try reference("viewbox"))) <= 1)
    }

    @Test("A thumbnail is rendered at its size, larger than the document's too, never resampled")
    func thumbnail() throws {
        var request = ImageRequest(url: nil)
        request.thumbnail = ThumbnailOptions(maxPixelSize: 240)
        let image = try decode(try fixture("logo.svg"), request: request).image
        try #require((image.width, image.height) == (240, 160))
        #expect(try #require(try difference(image, try reference("logo-240"))) <= 1)
    }

    @Test("Nothing outside the document is loaded: no URL, no file; data: URLs are")
    func noExternalResources() throws {
        let server = try HTTPTestServer()
        defer { server.stop() }
        let directory = try TemporaryDirectory(prefix: "nuke-svg")
        // One red pixel as PNG.
        let base64 = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGP4z8AAAAMBAQDJ/"
        let red = try #require(Data(base64Encoded: base64 + "pLvAAAAAElFTkSuQmCC"))
        try red.write(to: directory.appending("red.png"))
        let file = directory.appending("red.png").absoluteString
        let web = server.url("/red.png").absoluteString
        let svg = """
            <svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="40" height="40">
              <style>@import url("\(server.url("/style.css").absoluteString)"); rect { fill: url(\(web)); }</style>
              <image href="\(web)" width="40" height="40"/>
              <image xlink:href="\(web)" width="40" height="40"/>
              <image href="\(file)" width="40" height="40"/>
              <image href="red.png" width="40" height="40"/>
              <use href="\(server.url("/shapes.svg").absoluteString)#a"/>
              <use href="\(file.replacingOccurrences(of: "red.png", with: "shapes.svg"))#a"/>
              <filter id="f"><feImage href="\(web)"/></filter>
              <rect width="40" height="40" filter="url(#f)" fill-opacity="0"/>
              <image href="data:image/png;base64,\(red.base64EncodedString())" x="39" y="39" width="1" height="1"/>
            </svg>
            """
        let image = try decode(Data(svg.utf8)).image
        #expect(server.requests.isEmpty, "\(server.requests)")
        image.withUnsafeBytes { pixels in
            // Only the data: URL's pixel, at the bottom right corner, is red.
            let reds = stride(from: 0, to: pixels.count, by: 4).filter { pixels[$0] > 200 && pixels[$0 + 3] > 200 }
            #expect(reds == [(39 * 40 + 39) * 4])
        }
    }

    @Test("Declared sizes past the pixel limit are refused before rendering; entity bombs are refused")
    func bombs() throws {
        for size in ["30000", "1e30", "100000000in"] {
            let huge = #"<svg xmlns="http://www.w3.org/2000/svg" width="\#(size)" height="\#(size)"/>"#
            #expect {
                try decode(Data(huge.utf8))
            } throws: { error in
                guard case .imageTooLarge = error as? ImageDecodingError else { return false }
                return true
            }
        }
        var laughs = #"<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY a "lollollollollollollollollollol">"#
        for level in 1...9 {
            let previous = level == 1 ? "a" : "e\(level - 1)"
            laughs += "<!ENTITY e\(level) \"" + String(repeating: "&\(previous);", count: 10) + "\">"
        }
        laughs += #"]><svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><text>&e9;</text></svg>"#
        #expect(throws: ImageDecodingError.self) { try decode(Data(laughs.utf8)) }
        #expect(throws: ImageDecodingError.self) {
            try decode(Data(#"<svg xmlns="http://www.w3.org/2000/svg" width="50%" height="50%"/>"#.utf8))
        }
    }

    @Test("Recognised by its root element after a declaration, comments and a doctype; not HTML")
    func sniffing() throws {
        let documents = [
            (#"<svg xmlns="http://www.w3.org/2000/svg"/>"#, true),
            ("\u{FEFF}  <?xml version=\"1.0\"?>\n<!-- a > b --><!DOCTYPE svg><svg>", true),
            ("<svgx>", false), ("<html><svg></svg></html>", false), ("GIF89a", false), ("", false),
        ]
        for (text, isSVG) in documents { #expect(SVGPlugin.looksLikeSVG(Data(text.utf8)) == isSVG, "\(text)") }
        var registry = PluginRegistry()
        registry.install(SVGPlugin())
        let logo = try fixture("logo.svg")
        let context = ImageDecodingContext(request: ImageRequest(url: nil), data: logo, registry: registry)
        #expect(context.assetType == .svg)
        #expect(registry.decoder(for: context) is SVGDecoder)
        #expect(SVGPlugin.libraryVersion.hasPrefix("2."))
    }
}

@Suite struct SVGDecoderContractTests {
    @Test(arguments: DecoderContract.Check.allCases)
    func contract(_ check: DecoderContract.Check) async throws {
        try await DecoderContract(
            plugin: SVGPlugin(),
            type: .svg,
            fixtures: try ["logo.svg", "viewbox.svg"].map(fixture),
            bombs: [Data(#"<svg xmlns="http://www.w3.org/2000/svg" width="30000" height="30000"/>"#.utf8)],
            maximumPixelCount: 1 << 20
        ).run(check)
    }
}
