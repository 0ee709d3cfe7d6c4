// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

#if canImport(FoundationEssentials)
    public import FoundationEssentials
#else
    public import Foundation
#endif

/// A request for the bytes of a resource: NukeCore's stand-in for `URLRequest`.
///
/// On Linux `URLRequest` lives in FoundationNetworking, which links libcurl; NukeCore keeps to
/// this small value so that it depends on nothing. Loaders translate it to whatever they use.
public struct DataRequest: Hashable, Sendable, CustomStringConvertible {
    /// The resource's address.
    public var url: URL
    /// The HTTP method; `GET` by default.
    public var httpMethod: String
    /// The header fields to send.
    public var headers: HTTPHeaderFields
    /// The body to send, for images behind `POST` (or other) endpoints; `nil` by default. A
    /// request with a body is never answered from the HTTP cache, and its default
    /// ``ImageRequest/imageID`` includes a digest of the method and body.
    public var httpBody: Data?
    /// How long to wait, in seconds, before giving up; 60 by default.
    public var timeoutInterval: Double
    /// How caches between the loader and the network may answer.
    public var cachePolicy: CachePolicy
    /// The most body bytes the caller accepts, or `nil` to leave it to the loader.
    ///
    /// A loader stops the transfer once more arrive (or at once if `Content-Length` says more),
    /// so a hostile server cannot make it buffer past the limit. The pipeline sets it to
    /// ``ImagePipeline/Configuration/maximumResponseDataSize``; a loader's own limit, if
    /// smaller, still applies (``maximumResponseSize(withLoaderLimit:)``).
    public var maximumResponseSize: Int?

    /// Creates a request.
    public init(
        url: URL,
        httpMethod: String = "GET",
        headers: HTTPHeaderFields = [:],
        httpBody: Data? = nil,
        timeoutInterval: Double = 60,
        cachePolicy: CachePolicy = .useProtocolCachePolicy,
        maximumResponseSize: Int? = nil
    ) {
        self.url = url
        self.httpMethod = httpMethod
        self.headers = headers
        self.httpBody = httpBody
        self.timeoutInterval = timeoutInterval
        self.cachePolicy = cachePolicy
        self.maximumResponseSize = maximumResponseSize
    }

    /// The limit a loader enforces: the smaller of ``maximumResponseSize`` and the loader's own
    /// `limit`; `nil` if neither is set.
    public func maximumResponseSize(withLoaderLimit limit: Int?) -> Int? {
        switch (maximumResponseSize, limit) {
        case let (request?, loader?): min(request, loader)
        case let (request, loader): request ?? loader
        }
    }

    /// Returns the value of a header field (case-insensitive), as `URLRequest` does.
    public func value(forHTTPHeaderField name: String) -> String? {
        headers[name]
    }

    /// Sets or removes a header field, as `URLRequest` does.
    public mutating func setValue(_ value: String?, forHTTPHeaderField name: String) {
        headers[name] = value
    }

    /// `METHOD url`.
    public var description: String {
        "\(httpMethod) \(url.absoluteString)"
    }

    /// How caches between a loader and the network may answer a request.
    public enum CachePolicy: Hashable, Sendable {
        /// Follow the protocol's rules (HTTP caching headers).
        case useProtocolCachePolicy
        /// Always go to the origin.
        case reloadIgnoringLocalCacheData
        /// Use cached data whatever its age; load only if there is none.
        case returnCacheDataElseLoad
        /// Use cached data whatever its age; fail if there is none.
        case returnCacheDataDontLoad
    }
}
