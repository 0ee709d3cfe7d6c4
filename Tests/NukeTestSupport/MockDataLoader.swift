// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

public import NukeCore
internal import Synchronization

#if canImport(FoundationEssentials)
    public import FoundationEssentials
#else
    public import Foundation
#endif

/// A loader that serves canned results, in two chunks, and can be suspended to keep requests in
/// flight.
///
/// Unknown URLs get ``defaultData`` (a 640×480 test image of 22,789 bytes) in one chunk.
public final class MockDataLoader: DataLoading, ReportsChanges, Sendable {
    /// A canned answer.
    public enum Answer: Sendable {
        /// Data and the response, delivered in two chunks.
        case success(Data, DataResponse)
        /// Deliver these chunks, then fail (or succeed with `nil`).
        case chunks([Data], DataResponse, failure: (any Error)?)
        /// Fail at once.
        case failure(any Error)
    }

    private struct State {
        var answers: [URL: Answer] = [:]
        var isSuspended = false
        var pending: [@Sendable () -> Void] = []
        var createdTaskCount = 0
        var cancelledTaskCount = 0
        var requests: [DataRequest] = []
    }

    private let state = Mutex(State())

    /// Told when a load starts or is cancelled (``waitUntil(_:timeout:_:)``).
    public let changes = Changes()

    /// The default payload: a 640×480 test image of 22,789 bytes.
    public static let defaultData = TestImageFormat.make()

    /// Creates a loader.
    public init() {}

    /// Sets the answer for a URL.
    public func setAnswer(_ answer: Answer, for url: URL) {
        state.withLock { $0.answers[url] = answer }
    }

    /// While `true`, new loads wait; setting `false` starts them.
    public var isSuspended: Bool {
        get { state.withLock { $0.isSuspended } }
        set {
            let toStart = state.withLock { state -> [@Sendable () -> Void] in
                state.isSuspended = newValue
                guard !newValue else { return [] }
                defer { state.pending.removeAll() }
                return state.pending
            }
            for start in toStart { start() }
        }
    }

    /// How many loads were started.
    public var createdTaskCount: Int { state.withLock { $0.createdTaskCount } }

    /// How many loads were cancelled.
    public var cancelledTaskCount: Int { state.withLock { $0.cancelledTaskCount } }

    /// Every request received, in order.
    public var requests: [DataRequest] { state.withLock { $0.requests } }

    /// Starts a load.
    public func loadData(
        with request: DataRequest,
        didReceiveData: @escaping @Sendable (Data, DataResponse) -> Void,
        completion: @escaping @Sendable ((any Error)?) -> Void
    ) -> any Cancellable {
        let token = MockCancellable { [weak self] in
            self?.state.withLock { $0.cancelledTaskCount += 1 }
            self?.changes.notify()
        }
        let answer = state.withLock { state -> Answer in
            state.createdTaskCount += 1
            state.requests.append(request)
            return state.answers[request.url]
                ?? .chunks(
                    [MockDataLoader.defaultData],
                    DataResponse(
                        url: request.url,
                        statusCode: 200,
                        expectedContentLength: Int64(MockDataLoader.defaultData.count)
                    ),
                    failure: nil
                )
        }
        let run: @Sendable () -> Void = {
            Task.detached {
                switch answer {
                case let .success(data, response):
                    let half = data.count / 2
                    for chunk in [data.prefix(half), data.suffix(from: half)] where !token.isCancelled {
                        didReceiveData(Data(chunk), response)
                    }
                    if !token.isCancelled { completion(nil) }
                case let .chunks(chunks, response, failure):
                    for chunk in chunks where !token.isCancelled { didReceiveData(chunk, response) }
                    if !token.isCancelled { completion(failure) }
                case .failure(let error):
                    if !token.isCancelled { completion(error) }
                }
            }
        }
        let startNow = state.withLock { state -> Bool in
            if state.isSuspended { state.pending.append(run) }
            return !state.isSuspended
        }
        changes.notify()
        if startNow { run() }
        return token
    }
}

/// A cancellation token that records that it was cancelled and runs a closure once.
public final class MockCancellable: Cancellable {
    private let cancelled = Mutex(false)
    private let onCancel: @Sendable () -> Void

    /// Creates a token.
    public init(onCancel: @escaping @Sendable () -> Void = {}) {
        self.onCancel = onCancel
    }

    /// `true` once cancelled.
    public var isCancelled: Bool { cancelled.withLock { $0 } }

    /// Cancels; the closure runs only the first time.
    public func cancel() {
        let first = cancelled.withLock { isCancelled -> Bool in
            defer { isCancelled = true }
            return !isCancelled
        }
        if first { onCancel() }
    }
}

/// A loader that serves one resource in fixed chunks, one chunk per call to ``serveNextChunk()``
/// (the first chunk is served at once), so tests control exactly when data arrives.
public final class MockProgressiveDataLoader: DataLoading, Sendable {
    private struct State {
        var chunks: [Data]
        var delivered = 0
        var didReceiveData: (@Sendable (Data, DataResponse) -> Void)?
        var completion: (@Sendable ((any Error)?) -> Void)?
        var response: DataResponse?
        var failure: (any Error)?
        var servesAllOnStart = false
    }

    private let state: Mutex<State>
    private let deliveryLock = Mutex(())
    /// Told when the pipeline starts the load.
    private let started = Changes()

    /// The whole resource.
    public let data: Data

    /// Creates a loader serving `data` in `chunkCount` chunks, completing with `failure` (or success).
    public init(data: Data, chunkCount: Int = 3, failure: (any Error)? = nil) {
        self.data = data
        let size = (data.count + chunkCount - 1) / chunkCount
        let chunks = stride(from: 0, to: data.count, by: size).map { data.subdata(in: $0..<min($0 + size, data.count)) }
        self.state = Mutex(State(chunks: chunks, failure: failure))
    }

    /// Starts a load and serves the first chunk.
    public func loadData(
        with request: DataRequest,
        didReceiveData: @escaping @Sendable (Data, DataResponse) -> Void,
        completion: @escaping @Sendable ((any Error)?) -> Void
    ) -> any Cancellable {
        let response = DataResponse(url: request.url, statusCode: 200, expectedContentLength: Int64(data.count))
        let servesAll = state.withLock { state in
            state.didReceiveData = didReceiveData
            state.completion = completion
            state.response = response
            return state.servesAllOnStart
        }
        started.notify()
        if servesAll { serveAllChunks() } else { serveNextChunk() }
        return MockCancellable()
    }

    /// Serves the next chunk; after the last one, completes. Deliveries never overlap, so chunks
    /// arrive in order even when several threads serve.
    public func serveNextChunk() {
        deliveryLock.withLock { _ in serveNextChunkLocked() }
    }

    private func serveNextChunkLocked() {
        let delivery = state.withLock { state -> (() -> Void)? in
            guard let didReceiveData = state.didReceiveData, let completion = state.completion,
                let response = state.response
            else { return nil }
            if state.delivered < state.chunks.count {
                let chunk = state.chunks[state.delivered]
                state.delivered += 1
                let isLast = state.delivered == state.chunks.count
                let failure = state.failure
                return {
                    didReceiveData(chunk, response)
                    if isLast { completion(failure) }
                }
            }
            return nil
        }
        delivery?()
    }

    /// `true` once the pipeline has started the load (chunks served before that are not queued).
    public var hasStarted: Bool { state.withLock { $0.didReceiveData != nil } }

    /// Returns once the pipeline has started the load: at once if it has, else when it does.
    public func waitUntilStarted() async {
        await started.wait { self.hasStarted }
    }

    /// Serves the remaining chunks one at a time, without timing: each once `task` has reported
    /// progress for everything served before it (read from its progress stream, so nothing
    /// polls), the last one also after `beforeLast` returns (awaiting a preview, say). On a busy
    /// machine, chunks served at fixed intervals can reach the pipeline as one batch; these cannot.
    ///
    /// - Throws: ``WaitTimedOut`` if the task finishes before it has read what was served.
    public func serveChunksOneByOne(
        to task: ImageTask,
        beforeLast: @escaping @Sendable () async -> Void
    ) async throws {
        // Made before the first check: the stream replays the progress so far, then every change.
        var progress = task.progress.makeAsyncIterator()
        while true {
            let (served, remaining) = state.withLock { state in
                (state.chunks.prefix(state.delivered).reduce(0) { $0 + $1.count }, state.chunks.count - state.delivered)
            }
            guard remaining > 0 else { return }
            while task.status.progress.completed < Int64(served) {
                guard await progress.next() != nil else { throw WaitTimedOut() }
            }
            if remaining == 1, await Self.finishes(task, before: beforeLast) { throw WaitTimedOut() }
            serveNextChunk()
        }
    }

    /// Whether `task` finishes (fails, is cancelled) before `event` returns; `event` is then
    /// cancelled, so that a test fails instead of waiting for ever.
    private static func finishes(_ task: ImageTask, before event: @escaping @Sendable () async -> Void) async -> Bool {
        await withTaskGroup(of: Bool.self) { group in
            group.addTask {
                await event()
                return false
            }
            group.addTask {
                for await _ in task.progress {}
                return !Task.isCancelled
            }
            let first = await group.next() ?? true
            group.cancelAll()
            return first
        }
    }

    /// Serves every remaining chunk, or, before the load has started, every chunk once it starts.
    public func serveAllChunks() {
        let started = state.withLock { state in
            if state.didReceiveData == nil { state.servesAllOnStart = true }
            return state.didReceiveData != nil
        }
        guard started else { return }
        while state.withLock({ $0.delivered < $0.chunks.count }) { serveNextChunk() }
    }
}

/// A test helper waited for something that never happened.
public struct WaitTimedOut: Error {}
