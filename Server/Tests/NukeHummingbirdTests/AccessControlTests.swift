// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Nuke
import NukeProxyTestSupport
import NukeTestSupport
import Testing

@testable import NukeHummingbird
@testable import NukeProxy

@Suite("imgproxy's secret (Authorization: Bearer), trusted signatures and allowed processing options")
struct AccessControlTests {
    @Test("Only requests with the bearer token are served; /health is not held to it")
    func secret() async throws {
        let fixture = try ProxyFixture()
        let proxy = fixture.proxy { $0.secret = "s3cr3t-token" }
        let path = fixture.path("w:50", "/photo.jpg")
        for authorization in [
            nil, "Bearer wrong", "Bearer s3cr3t-toke", "Basic s3cr3t-token", "Bearer", "s3cr3t-token",
        ] {
            var headers = HTTPFields()
            headers[.authorization] = authorization
            let response = await proxy.respond(to: path, headers: headers)
            #expect(response.status == 403, "\(authorization ?? "none")")
        }
        #expect(fixture.origin.requests(to: "/photo.jpg").isEmpty)
        #expect(await proxy.respond(to: path, headers: [.authorization: "Bearer s3cr3t-token"]).status == 200)
        #expect(await proxy.respond(to: path, headers: [.authorization: "bearer s3cr3t-token"]).status == 200)
        let app = Application(router: proxy.router())
        try await app.test(.router) { client in
            try await client.execute(uri: path, method: .get) { #expect($0.status == .forbidden) }
            try await client.execute(uri: path, method: .get, headers: [.authorization: "Bearer s3cr3t-token"]) {
                #expect($0.status == .ok)
            }
            try await client.execute(uri: "/health", method: .get) { #expect($0.status == .ok) }
        }
    }

    @Test("A trusted signature is accepted for any path; others still need the key's")
    func trustedSignatures() async throws {
        let fixture = try ProxyFixture()
        let proxy = fixture.proxy { $0.trustedSignatures = ["partner-7f3a"] }
        let source = "/w:50/plain/" + fixture.origin.url("/photo.jpg").absoluteString
        #expect(await proxy.respond(to: "/partner-7f3a" + source).status == 200)
        #expect(await proxy.respond(to: "/partner-7f3b" + source).status == 403)
        #expect(await proxy.respond(to: "/partner-7f3" + source).status == 403)
        #expect(await proxy.respond(to: fixture.path("w:50", "/photo.jpg")).status == 200)
        #expect(BearerSecret.equal("a", "a") && !BearerSecret.equal("a", "b") && !BearerSecret.equal("", "a"))
    }

    @Test("Only the allowed option names, as written in the URL; what presets hold is not checked")
    func allowedOptions() async throws {
        let fixture = try ProxyFixture()
        let proxy = fixture.proxy {
            $0.allowedOptionNames = ["w", "h", "pr"]
            $0.presets = ["thumb": ["rs:fill:40:40", "q:60"].map(ProxyOption.init(segment:))]
        }
        #expect(await proxy.respond(to: fixture.path("w:50/h:50", "/photo.jpg")).status == 200)
        let preset = await proxy.respond(to: fixture.path("pr:thumb", "/photo.jpg"))
        #expect(preset.status == 200)
        #expect(try await ProxyFixture.decode(preset.body).width == 40)
        for options in ["width:50", "rs:fit:50:50", "w:50/q:10", "preset:thumb"] {
            #expect(await proxy.respond(to: fixture.path(options, "/photo.jpg")).status == 403, "\(options)")
        }
    }
}
