// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

internal import NukeCore

/// The directives of a `Cache-Control` header that a private cache acts on (RFC 9111 §5.2).
struct CacheControl: Hashable, Sendable {
    var noStore = false
    var noCache = false
    var mustRevalidate = false
    var maxAge: Int?

    /// Parses a header value such as `public, max-age=3600, must-revalidate`; unknown
    /// directives are ignored, and a malformed `max-age` counts as stale (0).
    init(_ value: String?) {
        guard let value else { return }
        for directive in value.split(separator: ",") {
            // Empty parts kept: a directive of just "=" still has a (blank) name.
            let parts = directive.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = String(parts[0]).trimmingWhitespace().lowercased()
            let argument = parts.count > 1 ? String(parts[1]).trimmingWhitespace().trimmingQuotes() : nil
            switch name {
            case "no-store": noStore = true
            case "no-cache": noCache = true
            case "must-revalidate", "proxy-revalidate": mustRevalidate = true
            case "max-age": maxAge = argument.flatMap { Int($0) }.map { max(0, $0) } ?? 0
            default: break
            }
        }
    }
}

extension String {
    fileprivate func trimmingQuotes() -> String {
        count >= 2 && hasPrefix("\"") && hasSuffix("\"") ? String(dropFirst().dropLast()) : self
    }
}
