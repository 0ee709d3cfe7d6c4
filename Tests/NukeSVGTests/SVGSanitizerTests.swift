// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

import Foundation
import NukeCore
import NukeTestSupport
import Testing

@testable import NukeSVG

@Suite struct SVGSanitizerTests {
    static let open =
        #"<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="40" height="40">"#

    func sanitized(_ body: String, prefix: String = "") throws -> String {
        let data = try SVGSanitizer().sanitize(Data((prefix + Self.open + body + "</svg>").utf8))
        return String(decoding: data, as: UTF8.self)
    }

    @Test("What draws is kept: the logo renders to the same pixels, and sanitising again changes nothing")
    func keepsDrawing() throws {
        for name in ["logo.svg", "viewbox.svg"] {
            let original = try fixture(name)
            let clean = try SVGSanitizer().sanitize(original)
            #expect(try decode(clean).image == decode(original).image, "\(name)")
            #expect(try SVGSanitizer().sanitize(clean) == clean, "\(name)")
        }
        // Whitespace a parser normalises is written as references, so it reads back the same.
        let spaced = try sanitized(#"<path d="M0 0&#10;&#9;L1 1"/><text>a&#13;b"# + "\nc</text>")
        #expect(spaced.contains(#"d="M0 0&#10;&#9;L1 1""#) && spaced.contains("a&#13;b\nc"))
        #expect(try SVGSanitizer().sanitize(Data(spaced.utf8)) == Data(spaced.utf8))
        // An attribute whose prefix is bound to nothing is no SVG attribute (found by fuzz-svg).
        let unbound = #"<svg xmlns="http://www.w3.org/2000/svg"><rect xlink:height="3" width="2"/></svg>"#
        let once = try SVGSanitizer().sanitize(Data(unbound.utf8))
        #expect(try SVGSanitizer().sanitize(once) == once)
        #expect(!String(decoding: once, as: UTF8.self).contains("height"))
        let styled = try sanitized(
            #"<style>.a { fill: url(#g); stroke: rgb(1, 2, 3) } @media (min-width: 10px) { .a { opacity: .5 } }</style>"#
                + #"<linearGradient id="g"><stop offset="0" stop-color="red"/></linearGradient>"#
                + ##"<rect class="a" width="10" height="10" style="fill: url('#g'); transform: rotate(5deg)"/>"##
                + ##"<use href="#g" xlink:href="#g"/><text xml:space="preserve">a &amp; b &lt; c</text>"##
        )
        for kept in [
            "<style>.a { fill: url(#g)", "@media", ##"style="fill: url('#g')"##, ##"href="#g""##, ##"xlink:href="#g""##,
            #"xml:space="preserve""#, "a &amp; b &lt; c",
        ] {
            #expect(styled.contains(kept), "\(kept) in \(styled)")
        }
    }

    @Test("Scripts, event handlers and javascript: links go, however spelled (imgproxy's and others' reported holes)")
    func scripts() throws {
        let clean = try sanitized(
            #"<script>alert(1)</script><script xlink:href="https://127.0.0.1/x.js"/>"#
                + #"<rect width="10" height="10" onload="alert(2)" ONCLICK="alert(3)" onMouseOver="alert(4)"/>"#
                + #"<a href="javascript&#9;:alert(5)"><circle r="5"/></a><a xlink:href="java&#x0A;script:alert(6)"/>"#
                + ##"<a href=" javascript:alert(7)"/><a href="#ok"/>"##
                + #"<animate attributeName="href" values="javascript:alert(8)"/><set attributeName="onclick" to="x"/>"#
                + #"<rect width="1" height="1" fill="javascript:alert(9)"/>"#
        )
        for gone in ["script", "alert", "onload", "ONCLICK", "onMouseOver", "animate", "<set"] {
            #expect(!clean.contains(gone), "\(gone) in \(clean)")
        }
        #expect(clean.contains(##"<a href="#ok">"##))
        #expect(clean.contains("<circle"))
    }

    @Test("foreignObject, HTML and iframes go (imgproxy #1599), with everything inside them")
    func foreignObjects() throws {
        let clean = try sanitized(
            #"<foreignObject width="40" height="40"><body xmlns="http://www.w3.org/1999/xhtml">"#
                + #"<iframe src="javascript:alert(1)"/><form action="https://127.0.0.1/"/></body></foreignObject>"#
                + #"<iframe xmlns="http://www.w3.org/1999/xhtml" src="https://127.0.0.1/"/>"#
                + #"<svg:rect xmlns:svg="http://www.w3.org/2000/svg" width="2" height="2"/>"#
        )
        for gone in ["foreignObject", "body", "iframe", "form", "127.0.0.1", "javascript"] {
            #expect(!clean.contains(gone), "\(gone) in \(clean)")
        }
        #expect(clean.contains(#"<rect width="2" height="2">"#), "an SVG element under another prefix is kept")
    }

    @Test("References outside the document go: style sheets, image, feImage, use, url() (imgproxy #1708)")
    func externalReferences() throws {
        let url = "https://127.0.0.1:9/leak"
        let clean = try sanitized(
            #"<style>@import url("\#(url)/a.css"); rect { fill: red }</style>"#
                + #"<style>rect { background: url(\#(url)/b.png) }</style>"#
                + #"<style>rect { background-image: image-set("\#(url)/c.png" 1x) }</style>"#
                + #"<style>rect { fill: u\72 l(\#(url)/d.png) }</style>"#
                + #"<style>@font-face { font-family: x; src: local(x) }</style>"#
                + #"<image href="\#(url)/e.png" width="4" height="4"/><image xlink:href="\#(url)/f.svg"/>"#
                + #"<image href="data:image/svg+xml;base64,PHN2Zy8+" width="1" height="1"/>"#
                + #"<image href="data:image/png;base64,iVBORw0KGgo=" width="1" height="1"/>"#
                + ##"<filter id="f"><feImage href="\##(url)/g.png"/></filter><use href="\##(url)/h.svg#a"/>"##
                + ##"<use href="file:///etc/passwd#a"/><rect width="1" height="1" fill="url(\##(url)/i.svg#p)"/>"##
                + ##"<rect width="1" height="1" style="fill: url('\##(url)/j.svg#p')"/>"##
                + ##"<rect width="1" height="1" filter="url( '\##(url)/k.svg#f' )"/>"##,
            prefix: #"<?xml-stylesheet href="\#(url)/l.css"?>"#
        )
        for gone in ["127.0.0.1", "leak", "passwd", "@import", "@font-face", "image-set", "svg+xml", "xml-stylesheet"] {
            #expect(!clean.contains(gone), "\(gone) in \(clean)")
        }
        #expect(clean.contains("data:image/png;base64,iVBORw0KGgo="))
        #expect(clean.components(separatedBy: "<style>").count == 1, "every style sheet here loads something")
    }

    @Test("Entities: no external entity is read; internal ones become text; expansion is bounded")
    func entities() throws {
        let doctype = #"<!DOCTYPE svg [<!ENTITY secret SYSTEM "file:///etc/hostname"><!ENTITY name "Nuke">]>"#
        let clean = try sanitized(
            #"<text>&secret;&name; <tspan font-family="&name;">x</tspan></text>"#,
            prefix: doctype
        )
        #expect(!clean.contains("DOCTYPE") && !clean.contains("ENTITY") && !clean.contains("secret"))
        #expect(clean.contains("<text>Nuke <tspan font-family=\"Nuke\">"), Comment(rawValue: clean))
        if let host = try? String(contentsOfFile: "/etc/hostname", encoding: .utf8) {
            #expect(!clean.contains(host.trimmingCharacters(in: .whitespacesAndNewlines)))
        }
        // One entity of 64 KB written 64 times: past four times the document's size.
        let big = String(repeating: "x", count: 65536)
        let wide = #"<!DOCTYPE svg [<!ENTITY big "\#(big)">]>"#
        let many = "<text>" + String(repeating: "&big;", count: 64) + "</text>"
        let limit = SVGSanitizer().maximumSize(for: (wide + Self.open + many + "</svg>").utf8.count)
        #expect(
            throws: ImageDecodingError.unsupported(reason: "SVG: sanitised, the document would pass \(limit) bytes")
        ) {
            try sanitized(many, prefix: wide)
        }
        var laughs = #"<!DOCTYPE svg [<!ENTITY a "lollollollollollollollollollol">"#
        for level in 1...9 {
            let previous = level == 1 ? "a" : "e\(level - 1)"
            laughs += "<!ENTITY e\(level) \"" + String(repeating: "&\(previous);", count: 10) + "\">"
        }
        // libxml2 may refuse the nesting itself; else entities holding references are left out.
        let nested = try? sanitized("<text>&e9;</text>", prefix: laughs + "]>")
        #expect(nested.map { !$0.contains("lol") } ?? true, "never expanded")
    }

    @Test("Not XML, not SVG: typed errors")
    func refusals() throws {
        #expect {
            try SVGSanitizer().sanitize(Data("<svg".utf8))
        } throws: { error in
            guard case .corrupt = error as? ImageDecodingError else { return false }
            return true
        }
        for document in [#"<html><body/></html>"#, #"<svg width="1" height="1"/>"#] {
            #expect(throws: ImageDecodingError.unrecognizedFormat, Comment(rawValue: document)) {
                try SVGSanitizer().sanitize(Data(document.utf8))
            }
        }
    }
}
