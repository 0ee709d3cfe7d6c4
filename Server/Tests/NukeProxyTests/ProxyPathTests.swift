// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

import NukeProxy
import NukeProxyTestSupport
import Testing

@Suite("Proxy paths")
struct ProxyPathTests {
    @Test("Base64 sources, split by slashes, with an extension")
    func base64Source() throws {
        let path = try ProxyPath(parsing: "/sig" + URLSignatureTests.vectorPath)
        #expect(path.signature == "sig")
        #expect(path.signedPart == URLSignatureTests.vectorPath)
        #expect(path.options.map(\.name) == ["rs", "g"])
        #expect(path.options[0].arguments == ["fill", "300", "400", "0"])
        #expect(path.source == "http://example.com/images/curiosity.jpg")
        #expect(path.outputExtension == "png")
    }

    @Test("Plain sources are percent-decoded; the extension follows the last @")
    func plainSource() throws {
        let path = try ProxyPath(parsing: "/insecure/w:100/plain/https://a.example/p%20q.jpg%3Fv%3D1@webp")
        #expect(path.source == "https://a.example/p q.jpg?v=1")
        #expect(path.outputExtension == "webp")
        let bare = try ProxyPath(parsing: "/insecure/plain/http://a/b/c.jpg")
        #expect(bare.options.isEmpty && bare.source == "http://a/b/c.jpg" && bare.outputExtension == nil)
    }

    @Test("The nuke option keeps its colons")
    func rawArguments() throws {
        let path = try ProxyPath(parsing: "/s/nuke:resize(width:100,crop:true)/plain/http://a/b")
        #expect(path.options[0].name == "nuke")
        #expect(path.options[0].rawArguments == "resize(width:100,crop:true)")
    }

    @Test(
        "Malformed paths are typed errors",
        arguments: ["", "nope", "/onlysignature", "/s/w:1/plain/", "/s/w:1/!!!!", "/s/w:1/plain/%zz"]
    )
    func malformed(path: String) {
        #expect(throws: ProxyRequestError.self) { try ProxyPath(parsing: path) }
    }

    @Test("Presets-only paths: the first segment is options whatever it looks like")
    func presetsOnly() throws {
        let path = try ProxyPath(parsing: "/sig/thumbnail/plain/http://a/b.jpg", presetsOnly: true)
        #expect(path.options.map(\.name) == ["thumbnail"] && path.source == "http://a/b.jpg")
        let list = try ProxyPath(parsing: "/sig/thumbnail:blurry/aHR0cDovL2EvYi5qcGc.png", presetsOnly: true)
        #expect(list.options.first?.arguments == ["blurry"] && list.source == "http://a/b.jpg")
        #expect(list.outputExtension == "png")
        #expect(throws: ProxyRequestError.self) { try ProxyPath(parsing: "/sig/thumbnail/plain/http://a/b.jpg") }
    }
}
