// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

import Foundation
import Hummingbird
import HummingbirdTesting
import Nuke
import NukeHummingbird
import Testing

@Suite("Serving the proxy with Hummingbird")
struct ImageProxyRoutesTests {
    @Test(
        "GET serves images with their headers, HEAD the same headers without a body, /health answers",
        arguments: [false, true]
    )
    func routes(live: Bool) async throws {
        let fixture = try ProxyFixture()
        let app = Application(router: fixture.proxy().router())
        let path = fixture.path("rs:fit:100:100", "/photo.jpg")
        try await app.test(live ? .live : .router) { client in
            try await client.execute(uri: "/health", method: .get) { response in
                #expect(response.status == .ok)
                #expect(String(buffer: response.body) == "ok\n")
            }
            let etag = try await client.execute(uri: path, method: .get, headers: [.accept: "image/webp"]) { response in
                #expect(response.status == .ok)
                #expect(response.headers[.contentType] == "image/webp")
                #expect(response.headers[.vary] == "Accept")
                #expect(response.headers[.cacheControl] == "public, max-age=31536000")
                let image = try await ProxyFixture.decode(Data(buffer: response.body))
                #expect(image.width == 100 && image.height == 75)
                return try #require(response.headers[.eTag])
            }
            try await client.execute(uri: path, method: .get, headers: [.ifNoneMatch: etag, .accept: "image/webp"]) {
                response in
                #expect(response.status == .notModified)
                #expect(response.body.readableBytes == 0)
            }
            try await client.execute(uri: path, method: .head, headers: [.accept: "image/webp"]) { response in
                #expect(response.status == .ok)
                #expect(response.headers[.eTag] == etag)
                #expect(response.body.readableBytes == 0)
            }
            try await client.execute(uri: "/bad/w:1/plain/http://a/b", method: .get) { response in
                #expect(response.status == .forbidden)
                #expect(response.headers[.cacheControl] == "no-store")
                #expect(String(buffer: response.body) == "Forbidden\n")
            }
        }
        #expect(fixture.origin.requests(to: "/photo.jpg").count == 1)
    }
}
