// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

#if canImport(FoundationEssentials)
    public import FoundationEssentials
#else
    public import Foundation
#endif

/// A redirect a loader is about to follow.
public struct Redirect: Sendable, CustomStringConvertible {
    /// The URL that answered with the redirect.
    public var source: URL
    /// Where it points, resolved against ``source``.
    public var target: URL
    /// The redirect response: its status and headers (`Location` among them).
    public var response: DataResponse

    /// Creates a redirect.
    public init(source: URL, target: URL, response: DataResponse) {
        self.source = source
        self.target = target
        self.response = response
    }

    /// `status source -> target`.
    public var description: String {
        "\(response.statusCode.map(String.init) ?? "3xx") \(source.absoluteString) -> \(target.absoluteString)"
    }
}

/// Decides whether a loader follows a redirect: `false` stops the load with
/// ``NetworkError/redirectNotAllowed(url:)``. Runs on the loader's thread before the redirect is
/// followed: keep it quick and never block in it.
public typealias RedirectDecision = @Sendable (Redirect) -> Bool
