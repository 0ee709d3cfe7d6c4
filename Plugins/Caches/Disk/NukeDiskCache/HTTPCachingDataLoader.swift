// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

internal import Dispatch
public import NukeCore

#if canImport(FoundationEssentials)
    public import FoundationEssentials
#else
    public import Foundation
#endif

/// Puts an ``HTTPCache`` in front of any loader, behaving as a private HTTP cache.
///
/// - Fresh responses (`max-age`, `Expires`, or a tenth of the time since `Last-Modified`) are
///   served with no network.
/// - Stale ones, and those stored with `no-cache`, are revalidated with `If-None-Match` /
///   `If-Modified-Since`; a `304` serves the stored body and refreshes the stored headers.
/// - `no-store` (response or request) is never stored; `Vary` is honoured (`Vary: *` is never
///   stored); only complete `200` responses to `GET` are stored, never a failed transfer.
/// - When revalidation fails for a network reason, a stale response is served unless it said
///   `must-revalidate` or `no-cache`.
/// - The request's `DataRequest.cachePolicy` can skip the cache, prefer it, or forbid the
///   network (`returnCacheDataDontLoad`, failing with `HTTPCacheError.notCached(_:)`).
///
/// Requests that are not `GET`, carry a body, or carry their own `Range` or conditional headers
/// (resumed downloads), go straight to the loader.
public struct HTTPCachingDataLoader: RedirectDecidingDataLoading {
    /// The loader that reaches the network.
    public let loader: any DataLoading
    /// Where responses are kept.
    public let cache: HTTPCache

    /// Wraps `loader` with `cache`.
    public init(loader: any DataLoading, cache: HTTPCache) {
        self.loader = loader
        self.cache = cache
    }

    /// As `loadData(with:didReceiveData:completion:)`, the wrapped loader asking
    /// `redirectDecision` before following redirects.
    public func loadData(
        with request: DataRequest,
        redirectDecision: RedirectDecision?,
        didReceiveData: @escaping @Sendable (Data, DataResponse) -> Void,
        completion: @escaping @Sendable ((any Error)?) -> Void
    ) -> any Cancellable {
        let operation = HTTPCacheOperation(
            request: request,
            loader: loader,
            redirectDecision: redirectDecision,
            cache: cache,
            didReceiveData: didReceiveData,
            completion: completion
        )
        DispatchQueue.global(qos: .userInitiated).async { operation.start() }
        return operation
    }
}
