// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

import Crypto
import Foundation
import HTTPTypes
import Nuke

/// The answer to a request whose result is in hand: its status, its caching and validation
/// headers (`ETag`, `Cache-Control`, `Last-Modified`), 304 when the request's conditional
/// headers say the client has it, and the headers that describe it.
struct ResultAnswer {
    /// The result.
    var result: ImageProxy.EncodedResult
    /// The request's plan.
    var plan: ProxyPlan
    /// The proxy's settings.
    var configuration: ProxyConfiguration
    /// 200, or the fallback image's status (which never answers 304).
    var status = 200
    /// The `Cache-Control` value.
    var cacheControl: String

    /// The answer with `result` for `plan`: status 200, and the `Cache-Control` of the URL's
    /// expiry, else of the source (when passed through), else the configured one.
    init(result: ImageProxy.EncodedResult, plan: ProxyPlan, configuration: ProxyConfiguration) {
        self.result = result
        self.plan = plan
        self.configuration = configuration
        cacheControl = "public, max-age=\(plan.cacheMaxAge)"
        if configuration.passesCacheControlThrough, !plan.hasExpiry, let source = result.source {
            if let value = source.cacheControl {
                cacheControl = value
            } else if let expires = source.expires.flatMap(HTTPDate.date(from:)) {
                // As imgproxy: an `Expires` already past leaves the configured max-age.
                let remaining = Int64(expires.timeIntervalSince1970) - configuration.currentTime()
                if remaining > 0 { cacheControl = "public, max-age=\(remaining)" }
            }
        }
    }

    /// The source's `Last-Modified` when it is sent and is a date.
    private var lastModified: (text: String, date: Date)? {
        guard configuration.sendsLastModified, let text = result.source?.lastModified,
            let date = HTTPDate.date(from: text)
        else { return nil }
        return (text, date)
    }

    /// The response to a request with `requestHeaders`: 304 (without a body) when its
    /// `If-None-Match` names the result, or, without one, its `If-Modified-Since` is no older
    /// than the source's `Last-Modified`; else the result.
    func response(to requestHeaders: HTTPFields) -> ProxyResponse {
        let etag = "\"" + SHA256.hash(data: result.data).prefix(16).map { String(format: "%02x", $0) }.joined() + "\""
        var cacheHeaders: HTTPFields = [.eTag: etag, .cacheControl: cacheControl]
        if let lastModified { cacheHeaders[.lastModified] = lastModified.text }
        if plan.variesByAccept { cacheHeaders[.vary] = "Accept" }
        cacheHeaders.append(contentsOf: ProxyResponse.securityHeaders)
        // A sanitised SVG opened as a document draws with its own style sheets and data: images;
        // nothing else is allowed (no script, no request), nor was anything else left in it.
        if result.format == .svg { cacheHeaders[.contentSecurityPolicy] = Self.svgContentSecurityPolicy }
        if status == 200, isNotModified(requestHeaders, etag: etag) {
            return ProxyResponse(status: 304, headers: cacheHeaders, body: Data())
        }
        var headers: HTTPFields = [.contentType: result.format.mediaType]
        if let disposition = plan.contentDisposition {
            headers[.contentDisposition] = disposition.headerValue(source: plan.source, format: result.format)
        }
        if configuration.setsCanonicalHeader, ["http", "https"].contains(plan.source.scheme?.lowercased() ?? "") {
            // The URL as parsed (percent-encoded): it holds no `>` or line break to break out with.
            headers[Self.link] = "<\(plan.source.absoluteString)>; rel=\"canonical\""
        }
        if configuration.sendsDebugHeaders { headers.append(contentsOf: debugHeaders) }
        headers.append(contentsOf: cacheHeaders)
        return ProxyResponse(status: status, headers: headers, body: result.data)
    }

    /// Whether the client has the result: RFC 9110's order, `If-None-Match` first.
    private func isNotModified(_ requestHeaders: HTTPFields, etag: String) -> Bool {
        if let ifNoneMatch = requestHeaders[.ifNoneMatch] { return Self.matches(ifNoneMatch, etag: etag) }
        guard let lastModified, let since = requestHeaders[.ifModifiedSince].flatMap(HTTPDate.date(from:)) else {
            return false
        }
        return lastModified.date <= since
    }

    /// Whether an `If-None-Match` value names `etag` (weakly) or is `*`.
    static func matches(_ ifNoneMatch: String, etag: String) -> Bool {
        ifNoneMatch.split(separator: ",").contains { item in
            var tag = item.trimmingCharacters(in: .whitespaces)
            if tag.hasPrefix("W/") { tag.removeFirst(2) }
            return tag == "*" || tag == etag
        }
    }

    /// imgproxy's `X-Origin-*` and `X-Result-*` headers; the origin's only when its facts are known.
    private var debugHeaders: HTTPFields {
        var fields = HTTPFields()
        let add = { (name: String, value: Int) in
            if let name = HTTPField.Name(name) { fields.append(HTTPField(name: name, value: String(value))) }
        }
        if let source = result.source {
            add("X-Origin-Width", source.width)
            add("X-Origin-Height", source.height)
            add("X-Origin-Content-Length", source.byteCount)
        }
        add("X-Result-Width", result.width)
        add("X-Result-Height", result.height)
        return fields
    }

    private static let link = HTTPField.Name("Link")!

    /// The `Content-Security-Policy` of SVG results: the default one's, but inline styles and
    /// `data:` images.
    static let svgContentSecurityPolicy = "default-src 'none'; style-src 'unsafe-inline'; img-src data:; sandbox"
}
