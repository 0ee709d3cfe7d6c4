// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

public import NukeCore
internal import NukeHTTP

#if canImport(FoundationEssentials)
    public import FoundationEssentials
#else
    public import Foundation
#endif

/// A static file served the way a real origin serves it: validators, conditional requests
/// (`If-None-Match`, `If-Modified-Since` → 304) and byte ranges (`Range`, `If-Range` → 206).
public struct HTTPTestResource: Sendable {
    /// The full body.
    public var body: Data
    /// The `Content-Type`.
    public var contentType: String
    /// The entity tag, quoted (`"v1"`), or `nil` for none.
    public var etag: String?
    /// The `Last-Modified` date, or `nil` for none.
    public var lastModified: Date?
    /// Extra header fields: `Cache-Control`, `Expires`, `Vary`, `Date`, `Age`, ….
    public var headers: HTTPHeaderFields
    /// Whether byte ranges are served (and `Accept-Ranges: bytes` announced).
    public var acceptsRanges: Bool

    /// Creates a resource.
    public init(
        body: Data,
        contentType: String = "image/jpeg",
        etag: String? = nil,
        lastModified: Date? = nil,
        headers: HTTPHeaderFields = [:],
        acceptsRanges: Bool = true
    ) {
        self.body = body
        self.contentType = contentType
        self.etag = etag
        self.lastModified = lastModified
        self.headers = headers
        self.acceptsRanges = acceptsRanges
    }

    /// Answers `request` as an origin server would.
    public func response(to request: HTTPTestRequest) -> HTTPTestResponse {
        var headers = validatorHeaders
        if isNotModified(for: request) {
            return HTTPTestResponse(status: 304, headers: headers)
        }
        headers["Content-Type"] = contentType
        if acceptsRanges {
            headers["Accept-Ranges"] = "bytes"
            if let range = requestedRange(for: request) {
                guard range.lowerBound < body.count else {
                    headers["Content-Range"] = "bytes */\(body.count)"
                    return HTTPTestResponse(status: 416, headers: headers)
                }
                let upper = min(range.upperBound, body.count - 1)
                headers["Content-Range"] = "bytes \(range.lowerBound)-\(upper)/\(body.count)"
                return HTTPTestResponse(status: 206, headers: headers, body: .bytes(body[range.lowerBound...upper]))
            }
        }
        return HTTPTestResponse(status: 200, headers: headers, body: .bytes(body))
    }

    /// `ETag`, `Last-Modified` and the extra fields: what a 304 repeats.
    private var validatorHeaders: HTTPHeaderFields {
        var headers = self.headers
        if headers["Date"] == nil { headers["Date"] = HTTPDate.string(from: Date()) }
        if let etag { headers["ETag"] = etag }
        if let lastModified { headers["Last-Modified"] = HTTPDate.string(from: lastModified) }
        return headers
    }

    private func isNotModified(for request: HTTPTestRequest) -> Bool {
        if let candidates = request.headers["If-None-Match"] {
            guard let etag else { return false }
            let tags = candidates.split(separator: ",").map { $0.trimmed() }
            return tags.contains("*") || tags.contains { weakComparison($0, etag) }
        }
        if let since = request.headers["If-Modified-Since"].flatMap(HTTPDate.date(from:)), let lastModified {
            return lastModified.timeIntervalSince1970.rounded(.down) <= since.timeIntervalSince1970
        }
        return false
    }

    /// The first range of a `Range: bytes=a-b` header, honouring `If-Range`.
    private func requestedRange(for request: HTTPTestRequest) -> ClosedRange<Int>? {
        guard let value = request.headers["Range"], value.hasPrefix("bytes=") else { return nil }
        if let ifRange = request.headers["If-Range"] {
            let matchesTag = etag.map { ifRange == $0 && !$0.hasPrefix("W/") } ?? false
            let matchesDate = lastModified.map { ifRange == HTTPDate.string(from: $0) } ?? false
            guard matchesTag || matchesDate else { return nil }
        }
        let bounds = value.dropFirst(6).split(separator: ",")[0].split(separator: "-", omittingEmptySubsequences: false)
        guard bounds.count == 2, let lower = Int(bounds[0]) else { return nil }
        let upper = Int(bounds[1]) ?? Int.max - 1
        return lower <= upper ? lower...upper : nil
    }

    private func weakComparison(_ lhs: some StringProtocol, _ rhs: String) -> Bool {
        func opaque(_ tag: some StringProtocol) -> Substring {
            tag.hasPrefix("W/") ? Substring(tag).dropFirst(2) : Substring(tag)
        }
        return opaque(lhs) == opaque(rhs)
    }
}

extension Substring {
    /// The string without leading and trailing white space.
    func trimmed() -> Substring {
        let start = firstIndex { !$0.isWhitespace } ?? endIndex
        let end = lastIndex { !$0.isWhitespace }.map { index(after: $0) } ?? start
        return self[start..<Swift.max(start, end)]
    }
}
