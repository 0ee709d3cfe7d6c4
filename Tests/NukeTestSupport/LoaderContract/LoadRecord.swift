// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

public import NukeCore
internal import Synchronization

#if canImport(FoundationEssentials)
    public import FoundationEssentials
#else
    public import Foundation
#endif

/// Everything a loader reported for one load: chunks, responses, completions.
public struct LoadRecord: Sendable {
    /// Each chunk, in order.
    public var chunks: [Data] = []
    /// The response that came with each chunk.
    public var responses: [DataResponse] = []
    /// Every error the completion received (`nil` for success); a correct loader calls it once.
    public var completions: [(any Error)?] = []
    /// When the loader first called the completion, on its own thread: timings taken from it do
    /// not include the wait for a Swift thread to resume the test.
    public var completedAt: ContinuousClock.Instant?

    /// The chunks joined.
    public var body: Data { chunks.reduce(into: Data()) { $0.append($1) } }

    /// The first response.
    public var response: DataResponse? { responses.first }

    /// The completion's error, if the load completed with one.
    public var error: (any Error)? { completions.first ?? nil }

    /// The time from `start` to the completion (`nil` if there was none).
    public func duration(since start: ContinuousClock.Instant) -> Duration? {
        completedAt.map { $0 - start }
    }

    /// `true` if the load completed exactly once, with no error.
    public var succeeded: Bool { completions.count == 1 && error == nil }
}

/// Records a load as it happens; `finished` resumes when the completion arrives.
public final class LoadRecorder: ReportsChanges, Sendable {
    private let record = Mutex(LoadRecord())
    /// Told after each chunk and completion.
    public let changes = Changes()

    /// Creates a recorder.
    public init() {}

    /// Starts `request` on `loader`, recording into this recorder; `redirectDecision` is asked
    /// before each redirect.
    public func start(
        _ request: DataRequest,
        on loader: any DataLoading,
        redirectDecision: RedirectDecision? = nil
    ) -> any Cancellable {
        loader.loadData(
            with: request,
            redirectDecision: redirectDecision,
            didReceiveData: { [self] data, response in
                record.withLock {
                    $0.chunks.append(data)
                    $0.responses.append(response)
                }
                changes.notify()
            },
            completion: { [self] error in
                let now = ContinuousClock.now
                record.withLock { record in
                    record.completions.append(error)
                    if record.completedAt == nil { record.completedAt = now }
                }
                changes.notify()
            }
        )
    }

    /// What has been recorded so far.
    public var current: LoadRecord { record.withLock { $0 } }

    /// Waits for the completion; throws ``LoaderContractViolation`` if none came within
    /// `timeout` seconds (a hang guard, not a timed assertion: a busy machine may take many
    /// seconds). ``LoadRecord/succeeded`` still sees a second completion made before it is read.
    public func finished(timeout: Double = 600) async throws -> LoadRecord {
        let completed = await waitUntil(self, timeout: timeout) { !self.current.completions.isEmpty }
        guard completed else { throw LoaderContractViolation("no completion within \(timeout) s (a hang)") }
        return current
    }
}

/// Loads `request` on `loader` (asking `redirectDecision` before redirects) and waits for the
/// completion.
public func load(
    _ request: DataRequest,
    with loader: any DataLoading,
    redirectDecision: RedirectDecision? = nil,
    timeout: Double = 600
) async throws -> LoadRecord {
    let recorder = LoadRecorder()
    _ = recorder.start(request, on: loader, redirectDecision: redirectDecision)
    return try await recorder.finished(timeout: timeout)
}

/// Loads all `requests` on `loader` at once; the records in the order of the requests.
public func loadConcurrently(
    _ requests: [DataRequest],
    with loader: any DataLoading,
    timeout: Double = 600
) async throws -> [LoadRecord] {
    try await withThrowingTaskGroup(of: (Int, LoadRecord).self) { group in
        for (index, request) in requests.enumerated() {
            group.addTask { (index, try await load(request, with: loader, timeout: timeout)) }
        }
        var records = [LoadRecord?](repeating: nil, count: requests.count)
        for try await (index, record) in group { records[index] = record }
        return records.compactMap { $0 }
    }
}

/// A broken rule of the `DataLoading` contract, with what was expected.
public struct LoaderContractViolation: Error, CustomStringConvertible, Sendable {
    /// What went wrong.
    public var description: String

    /// Creates a violation.
    public init(_ description: String) {
        self.description = description
    }
}
