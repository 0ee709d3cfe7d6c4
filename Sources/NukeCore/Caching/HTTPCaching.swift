// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

#if canImport(FoundationEssentials)
    public import FoundationEssentials
#else
    public import Foundation
#endif

/// A cache of HTTP responses that the pipeline puts in front of the loader of `http` and `https`
/// requests (``ImagePipeline/Configuration/httpCache``), honouring the server's caching headers.
///
/// NukeDiskCache's `HTTPCache` is the implementation `import Nuke` configures by default. The
/// pipeline's cache facade (``ImagePipeline/Cache``) reads and removes stored bodies through it
/// by URL, so that a removed image is downloaded again.
public protocol HTTPCaching: Sendable {
    /// `loader` with this cache in front of it. A request whose ``DataRequest/cachePolicy``
    /// forbids the network and finds no usable response fails with
    /// ``HTTPCacheError/notCached(_:)``.
    func cachingLoader(wrapping loader: any DataLoading) -> any DataLoading

    /// The stored body for `url`, fresh or not.
    func cachedData(for url: URL) -> Data?

    /// `true` if a response for `url` is stored, fresh or not.
    func containsData(for url: URL) -> Bool

    /// Removes the stored response for `url`.
    func removeData(for url: URL)

    /// Removes every stored response.
    func removeAll()

    /// Returns when every stored response is written durably. Must not block the calling thread.
    func flush() async
}

/// Why the HTTP cache could not answer a request that must not go to the network.
public enum HTTPCacheError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A cache-only request found no usable response: none stored, or a stale one the server
    /// said must be revalidated.
    case notCached(URL)

    /// A sentence describing the problem.
    public var description: String {
        switch self {
        case .notCached(let url): "No usable cached response for \(url.absoluteString)"
        }
    }
}
