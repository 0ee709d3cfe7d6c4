// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

public import Foundation

/// What the proxy answers, independent of the HTTP server that sends it.
public struct ProxyResponse: Sendable {
    /// The HTTP status.
    public var status: Int
    /// Header fields, in order.
    public var headers: [(name: String, value: String)]
    /// The body (empty for 304).
    public var body: Data

    /// The value of the first header field named `name` (any case).
    public func header(_ name: String) -> String? {
        headers.first { $0.name.caseInsensitiveCompare(name) == .orderedSame }?.value
    }

    /// Headers every response carries: the browser must not guess the type, nor run anything.
    static let securityHeaders: [(name: String, value: String)] = [
        ("X-Content-Type-Options", "nosniff"),
        ("Content-Security-Policy", "default-src 'none'; sandbox"),
    ]

    /// The response for `error`: its status and generic message, never cached.
    static func failure(_ error: ProxyRequestError) -> ProxyResponse {
        var headers: [(name: String, value: String)] = [
            ("Content-Type", "text/plain; charset=utf-8"),
            ("Cache-Control", "no-store"),
        ]
        if error == .overloaded { headers.append(("Retry-After", "1")) }
        return ProxyResponse(
            status: error.status,
            headers: headers + securityHeaders,
            body: Data((error.clientMessage + "\n").utf8)
        )
    }
}
