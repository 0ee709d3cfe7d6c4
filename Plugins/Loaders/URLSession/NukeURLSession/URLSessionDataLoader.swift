// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

internal import Dispatch
public import Foundation
internal import FoundationNetworking
public import NukeCore

/// A data loader on FoundationNetworking's `URLSession`.
///
/// One long-lived session with its `URLCache` off (caching is the pipeline's job). Chunks are
/// delivered as they arrive; status codes are validated before any body is delivered; failures
/// arrive as `NetworkError` or `DataLoadingError` values; idempotent
/// requests are retried by ``Configuration/retryPolicy``.
///
/// Cancelling completes the load at once with `CancellationError` and cancels the session task
/// from a queue of the loader's own, never from the caller's thread: corelibs-foundation has had
/// deadlocks when a task was cancelled while its session delivered events.
public final class URLSessionDataLoader: RedirectDecidingDataLoading {
    /// The configuration the loader was created with.
    public let configuration: Configuration
    private let session: URLSession
    private let delegate: URLSessionLoaderDelegate

    /// Creates a loader with its own session.
    public init(configuration: Configuration = Configuration()) {
        self.configuration = configuration
        let sessionConfiguration = URLSessionConfiguration.default
        sessionConfiguration.urlCache = nil
        sessionConfiguration.requestCachePolicy = .reloadIgnoringLocalCacheData
        sessionConfiguration.httpMaximumConnectionsPerHost = configuration.maximumConnectionsPerHost
        sessionConfiguration.timeoutIntervalForResource = configuration.totalTimeout
        let delegate = URLSessionLoaderDelegate(configuration: configuration)
        let queue = OperationQueue()
        queue.maxConcurrentOperationCount = 1
        queue.name = "NukeURLSession"
        self.delegate = delegate
        self.session = URLSession(configuration: sessionConfiguration, delegate: delegate, delegateQueue: queue)
        delegate.session = session
    }

    deinit {
        delegate.invalidate(session)
    }

    /// Starts a transfer that asks `redirectDecision` before each redirect the session would
    /// follow (after the address policy and the redirect limit).
    public func loadData(
        with request: DataRequest,
        redirectDecision: RedirectDecision?,
        didReceiveData: @escaping @Sendable (Data, DataResponse) -> Void,
        completion: @escaping @Sendable ((any Error)?) -> Void
    ) -> any Cancellable {
        let transfer = URLSessionTransfer(
            request: request,
            configuration: configuration,
            redirectDecision: redirectDecision,
            didReceiveData: didReceiveData,
            completion: completion
        )
        delegate.start(transfer)
        return transfer
    }
}
