// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

public import Foundation
public import HTTPTypes

/// What the proxy answers, independent of the HTTP server that sends it.
public struct ProxyResponse: Sendable {
    /// The HTTP status.
    public var status: Int
    /// Header fields, in order.
    public var headers: HTTPFields
    /// The body (empty for 304).
    public var body: Data

    /// A response with `status`, `headers` and `body`: for an adapter's own answers (a CORS
    /// preflight, a 405).
    public init(status: Int, headers: HTTPFields = [:], body: Data = Data()) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// The value of the first header field named `name` (any case).
    public func header(_ name: String) -> String? {
        HTTPField.Name(name).flatMap { headers[$0] }
    }

    /// Headers every response carries: the browser must not guess the type, nor run anything.
    static let securityHeaders: HTTPFields = [
        .xContentTypeOptions: "nosniff",
        .contentSecurityPolicy: "default-src 'none'; sandbox",
    ]

    /// The response for `error`: its status and generic message, never cached.
    static func failure(_ error: ProxyRequestError) -> ProxyResponse {
        var headers: HTTPFields = [.contentType: "text/plain; charset=utf-8", .cacheControl: "no-store"]
        if error.status == 429 || error.status == 503 { headers[.retryAfter] = "1" }
        headers.append(contentsOf: securityHeaders)
        return ProxyResponse(status: error.status, headers: headers, body: Data((error.clientMessage + "\n").utf8))
    }
}
