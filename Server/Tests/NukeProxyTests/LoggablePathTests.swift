// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

import NukeProxy
import NukeProxyTestSupport
import Testing

@Suite("What of a request path is logged: no signature, no credentials, no query")
struct LoggablePathTests {
    @Test(
        "Paths as they are logged",
        arguments: [
            (
                "/sIgNaTuRe/rs:fit:300:200/q:80/plain/https://example.com/a/b.jpg@webp",
                "/-/rs:fit:300:200/q:80/plain/https://example.com/a/b.jpg@webp", "example.com"
            ),
            (
                "/sig/w:10/plain/https://user:secret%40example.com/a.jpg",
                "/-/w:10/plain/https://example.com/a.jpg", "example.com"
            ),
            (
                "/sig/w:10/plain/https://cdn.example.com:8443/a.jpg%3FX-Amz-Signature%3Dabc%23frag",
                "/-/w:10/plain/https://cdn.example.com:8443/a.jpg", "cdn.example.com"
            ),
            // base64 of https://user:pw@example.com/x.png
            (
                "/sig/w:10/aHR0cHM6Ly91c2VyOnB3QGV4YW1wbGUuY29tL3gucG5n.jpg",
                "/-/w:10/plain/https://example.com/x.png@jpg", "example.com"
            ),
            ("/sig/w:10/plain/s3://bucket/key.jpg", "/-/w:10/plain/s3://bucket/key.jpg", "bucket"),
            ("/sig/w:10/plain/http://user:pw@example.com/a.jpg", "/-/w:10/plain/…@…", nil),
            ("/sig/w:10/%%%notbase64", "/-/w:10/…", nil),
            ("/onlysignature", "/-/…", nil),
        ] as [(String, String, String?)]
    )
    func loggable(path: String, logged: String, host: String?) {
        let result = ProxyPath.loggable(path)
        #expect(result.path == logged)
        #expect(result.sourceHost == host)
    }

    @Test("Under a path prefix, the prefix is kept")
    func prefix() {
        let result = ProxyPath.loggable("/images/sig/w:10/plain/https://example.com/a.jpg", pathPrefix: "/images")
        #expect(result.path == "/images/-/w:10/plain/https://example.com/a.jpg")
    }
}
