// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

import Foundation
import Nuke
import NukeProxyTestSupport
import NukeTestSupport
import Testing

@testable import NukeProxy

@Suite("Content-Disposition (fn:, att:)")
struct ContentDispositionTests {
    let source = URL(string: "https://example.com/albums/Summer%20trip.photo.jpeg")!

    @Test("The name asked for, or the source's, with the result's extension; inline or attachment")
    func names() {
        #expect(
            ContentDisposition(filename: nil, isAttachment: false).headerValue(source: source, format: .webp)
                == "inline; filename=\"Summer trip.photo.webp\"; filename*=UTF-8''Summer%20trip.photo.webp"
        )
        #expect(
            ContentDisposition(filename: "cover", isAttachment: true).headerValue(source: source, format: .jpeg)
                == "attachment; filename=\"cover.jpg\"; filename*=UTF-8''cover.jpg"
        )
        let bare = URL(string: "https://example.com/")!
        #expect(
            ContentDisposition(filename: nil, isAttachment: true).headerValue(source: bare, format: .png)
                == "attachment; filename=\"image.png\"; filename*=UTF-8''image.png"
        )
    }

    @Test("Names cannot break the header: controls, quotes, backslashes and non-ASCII are neutralised")
    func hostileNames() {
        let value = ContentDisposition(filename: "a\"b\\c\r\nSet-Cookie: x=1;é", isAttachment: false)
            .headerValue(source: source, format: .gif)
        #expect(!value.contains("\r") && !value.contains("\n"))
        #expect(
            value
                == "inline; filename=\"a\\\"b\\\\c__Set-Cookie: x=1;_.gif\"; filename*=UTF-8''a%22b%5Cc%0D%0ASet-Cookie%3A%20x%3D1%3B%C3%A9.gif"
        )
        let long = ContentDisposition(filename: String(repeating: "x", count: 5000), isAttachment: false)
            .headerValue(source: source, format: .png)
        #expect(long.count < 600)
    }

    @Test("Through the proxy: fn and att set the header, encoded names decode, bad ones are 400; none without them")
    func throughTheProxy() async throws {
        let fixture = try ProxyFixture()
        let proxy = fixture.proxy()
        let plain = await proxy.respond(to: fixture.path("w:50/fn:holiday%20snap/att:1", "/photo.jpg"))
        #expect(plain.status == 200)
        #expect(plain.header("Content-Disposition")?.hasPrefix("attachment; filename=\"holiday snap.jpg\"") == true)
        let encoded = Data("Été".utf8).base64EncodedString().replacingOccurrences(of: "=", with: "")
        let utf8 = await proxy.respond(to: fixture.path("w:50/fn:\(encoded):1/f:png", "/photo.jpg"))
        #expect(
            utf8.header("Content-Disposition") == "inline; filename=\"_t_.png\"; filename*=UTF-8''%C3%89t%C3%A9.png"
        )
        let sourceName = await proxy.respond(to: fixture.path("w:50/att:t", "/photo.jpg"))
        #expect(sourceName.header("Content-Disposition")?.hasPrefix("attachment; filename=\"photo.jpg\"") == true)
        #expect(await proxy.respond(to: fixture.path("w:50", "/photo.jpg")).header("Content-Disposition") == nil)
        #expect(await proxy.respond(to: fixture.path("w:50/fn:!!!:1", "/photo.jpg")).status == 400)
        // imgproxy reads anything but 1, t or true as false.
        let notTrue = await proxy.respond(to: fixture.path("w:50/att:maybe", "/photo.jpg"))
        #expect(notTrue.status == 200 && notTrue.header("Content-Disposition") == nil)
    }
}
