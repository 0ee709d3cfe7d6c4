// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

import Foundation
import NukeProxy
import NukeProxyTestSupport
import NukeTestSupport
import Testing

@Suite("Source policy")
struct SourcePolicyTests {
    @Test("Allowed sources match scheme, host (with wildcards), port and path prefix")
    func allowedSources() throws {
        let policy = SourcePolicy(allowedSources: [
            try .init(parsing: "https://images.example.com/public/"),
            try .init(parsing: "http://*.cdn.example:8080"),
        ])
        #expect(throws: Never.self) { try policy.url(for: "https://images.example.com/public/a.jpg") }
        #expect(throws: Never.self) { try policy.url(for: "http://x.cdn.example:8080/a.jpg") }
        for refused in [
            "http://images.example.com/public/a.jpg", "https://images.example.com/private/a.jpg",
            "https://images.example.com/public/../private/a.jpg", "https://evil.example/public/a.jpg",
            "http://cdn.example:8080/a.jpg", "http://x.cdn.example/a.jpg", "http://evilcdn.example:8080/a.jpg",
        ] {
            #expect(throws: ProxyRequestError.sourceNotAllowed(refused)) { try policy.url(for: refused) }
        }
        #expect(throws: SourcePolicyError.self) { try SourcePolicy.AllowedSource(parsing: "ftp://a/") }
    }

    @Test("Only http and https without credentials; any host when nothing is listed")
    func schemes() throws {
        let policy = SourcePolicy()
        #expect(throws: Never.self) { try policy.url(for: "http://anything.example/a.png") }
        for refused in [
            "file:///etc/passwd", "ftp://a/b", "gopher://a/", "http://user:pw@a/b", "local:///a.jpg", "data:,x", "nope",
        ] {
            #expect(throws: ProxyRequestError.sourceNotAllowed(refused)) { try policy.url(for: refused) }
        }
    }

    @Test("A base URL prefixes sources without it, joined by one slash, and the result is checked as any source")
    func baseURL() throws {
        let policy = SourcePolicy(
            allowedSources: [try .init(parsing: "https://cdn.example.com/images/")],
            baseURL: "https://cdn.example.com/images/"
        )
        let joined: [(String, String)] = [
            ("a/b.jpg", "https://cdn.example.com/images/a/b.jpg"),
            ("/a.jpg", "https://cdn.example.com/images/a.jpg"),
            ("https://cdn.example.com/images/c.jpg", "https://cdn.example.com/images/c.jpg"),
        ]
        for (source, url) in joined { #expect(try policy.url(for: source).absoluteString == url) }
        for refused in ["../private/a.jpg", "a/../../b.jpg"] {
            #expect(throws: ProxyRequestError.self) { try policy.url(for: refused) }
        }
        // Without a trailing slash the base still keeps its host: the source only adds a path.
        let bare = SourcePolicy(baseURL: "https://cdn.example.com")
        for source in [".evil.com/x.jpg", "@evil.com/x.jpg", ":8080/x.jpg"] {
            #expect(try bare.url(for: source).host == "cdn.example.com", "\(source)")
        }
        // A local base: local:/// and the path.
        let directory = try TemporaryDirectory()
        try Data("x".utf8).write(to: directory.url.appendingPathComponent("a.jpg"))
        let local = SourcePolicy(localRoot: directory.url, baseURL: "local:///")
        #expect(try local.url(for: "a.jpg").lastPathComponent == "a.jpg")
    }

    @Test("local:/// reads under the root only, whatever the path or symbolic links say")
    func localFiles() throws {
        let directory = try TemporaryDirectory()
        let root = directory.url.appendingPathComponent("root")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        try Data("x".utf8).write(to: root.appendingPathComponent("a.jpg"))
        try Data("secret".utf8).write(to: directory.url.appendingPathComponent("secret.jpg"))
        try FileManager.default.createSymbolicLink(
            at: root.appendingPathComponent("escape.jpg"),
            withDestinationURL: directory.url.appendingPathComponent("secret.jpg")
        )
        let policy = SourcePolicy(localRoot: root)
        #expect(try policy.url(for: "local:///a.jpg").lastPathComponent == "a.jpg")
        for refused in [
            "local:///../secret.jpg", "local:///escape.jpg", "local://host/a.jpg", "local:///%2e%2e/secret.jpg",
        ] {
            #expect(throws: ProxyRequestError.sourceNotAllowed(refused)) { try policy.url(for: refused) }
        }
    }
}
