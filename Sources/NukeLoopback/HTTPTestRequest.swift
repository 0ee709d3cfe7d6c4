// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

public import NukeCore

#if canImport(FoundationEssentials)
    public import FoundationEssentials
#else
    public import Foundation
#endif

/// A request as the test server received it.
public struct HTTPTestRequest: Sendable, CustomStringConvertible {
    /// `GET`, `HEAD`, …
    public var method: String
    /// The request target as sent: a path with its query, or an absolute URL (proxy requests).
    public var target: String
    /// The header fields.
    public var headers: HTTPHeaderFields
    /// The body (`Content-Length` bytes; empty if none).
    public var body = Data()
    /// The index of the connection (0, 1, …) in the order the server accepted them.
    public var connectionIndex: Int
    /// When the request's head had been read.
    public var receivedAt: ContinuousClock.Instant

    /// The path without the query; the path of an absolute-form target for proxy requests.
    public var path: String {
        var path = Substring(target)
        if !path.hasPrefix("/"), let colon = path.firstIndex(of: ":") {
            let afterScheme = path[colon...].drop { $0 == ":" || $0 == "/" }
            path = afterScheme.firstIndex(of: "/").map { afterScheme[$0...] } ?? "/"
        }
        return String(path.prefix { $0 != "?" })
    }

    /// `METHOD target`.
    public var description: String { "\(method) \(target)" }

    /// Parses a request head (everything before the blank line); `nil` if malformed.
    init?(head: String, connectionIndex: Int) {
        var lines = head.split(separator: "\r\n", omittingEmptySubsequences: false)
        guard !lines.isEmpty else { return nil }
        let requestLine = lines.removeFirst().split(separator: " ")
        guard requestLine.count == 3, requestLine[2].hasPrefix("HTTP/1.") else { return nil }
        method = String(requestLine[0])
        target = String(requestLine[1])
        headers = HTTPHeaderFields()
        for line in lines where !line.isEmpty {
            guard let colon = line.firstIndex(of: ":") else { return nil }
            let name = String(line[..<colon])
            let value = line[line.index(after: colon)...].drop { $0 == " " || $0 == "\t" }
            headers[name] = String(value)
        }
        self.connectionIndex = connectionIndex
        self.receivedAt = .now
    }
}
