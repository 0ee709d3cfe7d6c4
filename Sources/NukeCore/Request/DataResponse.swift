// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

#if canImport(FoundationEssentials)
    public import FoundationEssentials
#else
    public import Foundation
#endif

/// What a data loader learned about a resource before its body: NukeCore's stand-in for
/// `URLResponse` / `HTTPURLResponse`.
public struct DataResponse: Hashable, Sendable, CustomStringConvertible {
    /// The address the data came from (after redirects).
    public var url: URL?
    /// The HTTP status code, or `nil` when the resource is not HTTP (files, `data:` URLs).
    public var statusCode: Int?
    /// The response header fields.
    public var headers: HTTPHeaderFields
    /// The body's length if announced, else `-1`.
    public var expectedContentLength: Int64
    /// The MIME type, if known, without parameters.
    public var mimeType: String?

    /// Creates a response.
    public init(
        url: URL?,
        statusCode: Int? = nil,
        headers: HTTPHeaderFields = [:],
        expectedContentLength: Int64 = -1,
        mimeType: String? = nil
    ) {
        self.url = url
        self.statusCode = statusCode
        self.headers = headers
        self.expectedContentLength = expectedContentLength
        self.mimeType = mimeType ?? headers["Content-Type"].flatMap(DataResponse.essence(ofMIMEType:))
    }

    /// Returns the value of a header field (case-insensitive).
    public func value(forHTTPHeaderField name: String) -> String? {
        headers[name]
    }

    /// `true` for HTTP responses.
    public var isHTTP: Bool { statusCode != nil }

    /// `status url (length bytes)`.
    public var description: String {
        "\(statusCode.map(String.init) ?? "-") \(url?.absoluteString ?? "-") (\(expectedContentLength) bytes)"
    }

    private static func essence(ofMIMEType value: String) -> String? {
        let essence = value.split(separator: ";").first.map { String($0).trimmingWhitespace().lowercased() }
        return essence?.isEmpty == false ? essence : nil
    }
}
