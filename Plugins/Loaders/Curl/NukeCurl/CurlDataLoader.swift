// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

public import NukeCore
public import NukeHTTP
internal import Synchronization

#if canImport(FoundationEssentials)
    public import FoundationEssentials
#else
    public import Foundation
#endif

/// A data loader on libcurl's multi interface.
///
/// One dedicated thread owns a multi handle and every transfer (it starts with the first load,
/// and ends at ``shutdown()`` or when the loader is released); connections are reused across
/// requests and HTTP/2 streams are multiplexed when the server offers them. Chunks are delivered
/// on that thread as they arrive. Cancelling frees the transfer at once. Failures arrive as
/// `NetworkError` or `DataLoadingError` values; idempotent requests are
/// retried by ``Configuration/retryPolicy``.
///
/// ```swift
/// let loader = CurlDataLoader()
/// let pipeline = ImagePipeline { $0.dataLoader = loader }
/// ```
public final class CurlDataLoader: RedirectDecidingDataLoading, AddressPolicyReporting {
    /// Counts of what the loader has done, for tests, benchmarks and diagnostics.
    public struct Statistics: Hashable, Sendable {
        /// Attempts libcurl finished (successful or not; retries count separately).
        public var finishedAttempts = 0
        /// New connections those attempts opened; the rest reused one.
        public var connectionsOpened = 0
        /// Attempts that spoke HTTP/2.
        public var http2Attempts = 0
        /// Retries scheduled by the retry policy.
        public var retries = 0
    }

    /// The configuration the loader was created with.
    public let configuration: Configuration
    /// The running engine, or `nil` before the first load and after ``shutdown()``.
    private let engine = Mutex<CurlEngine?>(nil)
    private let recorder = CurlStatisticsRecorder()
    private let nextID = Atomic<UInt64>(0)

    /// Creates a loader with its own connections and thread.
    public init(configuration: Configuration = Configuration()) {
        self.configuration = configuration
    }

    deinit {
        engine.withLock { $0 }?.submit(.stop(whenIdle: false, completion: {}))
    }

    /// The configuration's policy: every connection, redirects' included, is checked against
    /// the address it is made to.
    public var addressPolicy: AddressPolicy? {
        configuration.addressPolicy
    }

    /// What the loader has done so far.
    public var statistics: Statistics {
        recorder.snapshot
    }

    /// Whether the loader has a thread: from the first load until ``shutdown()`` is called.
    public var isThreadRunning: Bool {
        engine.withLock { $0 != nil }
    }

    /// Ends the loader's thread and closes its connections once the transfers running now have
    /// ended (new loads meanwhile start a new thread, so a loader shared by several pipelines
    /// stays usable); returns when the thread has ended.
    public func shutdown() async {
        guard let engine = engine.withLock({ $0.take() }) else { return }
        await withCheckedContinuation { continuation in
            engine.submit(.stop(whenIdle: true, completion: { continuation.resume() }))
        }
    }

    /// The running engine, started if there is none.
    private var runningEngine: CurlEngine {
        engine.withLock { engine in
            if let engine { return engine }
            let started = CurlEngine(configuration: configuration, statistics: recorder)
            engine = started
            return started
        }
    }

    /// Starts a transfer that asks `redirectDecision` (after
    /// ``Configuration-swift.struct/isRedirectAllowed``) at the end of each redirect response's
    /// headers, before libcurl follows it.
    public func loadData(
        with request: DataRequest,
        redirectDecision: RedirectDecision?,
        didReceiveData: @escaping @Sendable (Data, DataResponse) -> Void,
        completion: @escaping @Sendable ((any Error)?) -> Void
    ) -> any Cancellable {
        let id = nextID.add(1, ordering: .relaxed).newValue
        let engine = runningEngine
        engine.submit(
            .start(
                id: id,
                request: request,
                redirectDecision: redirectDecision,
                didReceiveData: didReceiveData,
                completion: completion
            )
        )
        return CurlCancellation(engine: engine, id: id)
    }
}

/// Cancels one transfer of a ``CurlDataLoader``.
private struct CurlCancellation: Cancellable {
    let engine: CurlEngine
    let id: UInt64

    func cancel() {
        engine.submit(.cancel(id: id))
    }
}
