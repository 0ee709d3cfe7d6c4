// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

internal import Synchronization

/// Something whose state tests wait on, and which says when that state changes: a test double
/// that counts what it was asked (``MockDataLoader``, the mock caches, ``QueueRecorder``).
public protocol ReportsChanges: Sendable {
    /// Told after every change of the state the double reports.
    var changes: Changes { get }
}

/// Wakes the tests waiting on a test double's state each time the state changes, so that a wait
/// is an awaited event, not a poll.
public final class Changes: Sendable {
    private struct State {
        /// Bumped by every change: a waiter that read an older value re-checks instead of sleeping.
        var generation = 0
        var nextID = 0
        var waiters: [Int: CheckedContinuation<Void, Never>] = [:]
    }

    private let state = Mutex(State())

    /// Creates a signal nobody waits on yet.
    public init() {}

    /// Tells every waiter to check its condition again. Call it after the change.
    public func notify() {
        let waiters = state.withLock { state in
            state.generation += 1
            defer { state.waiters = [:] }
            return Array(state.waiters.values)
        }
        for waiter in waiters { waiter.resume() }
    }

    /// Returns once `condition` holds, checking it now and after each change; or when the waiting
    /// task is cancelled.
    func wait(until condition: @Sendable () -> Bool) async {
        while !Task.isCancelled {
            let generation = state.withLock { $0.generation }
            if condition() { return }
            let id = state.withLock { state in
                defer { state.nextID += 1 }
                return state.nextID
            }
            await withTaskCancellationHandler {
                await withCheckedContinuation { continuation in
                    let changedMeanwhile = state.withLock { state in
                        guard state.generation == generation, !Task.isCancelled else { return true }
                        state.waiters[id] = continuation
                        return false
                    }
                    if changedMeanwhile { continuation.resume() }
                }
            } onCancel: {
                state.withLock { $0.waiters.removeValue(forKey: id) }?.resume()
            }
        }
    }
}

/// Whether `condition` over `source`'s state comes to hold: checked now and after each change
/// `source` reports, never by polling. Gives up (returning `false`) after `timeout` seconds, so
/// that a test fails rather than hangs when the change never comes.
@discardableResult
public func waitUntil(
    _ source: some ReportsChanges,
    timeout: Double = 600,
    _ condition: @escaping @Sendable () -> Bool
) async -> Bool {
    await withTaskGroup(of: Bool.self) { group in
        group.addTask {
            await source.changes.wait(until: condition)
            return condition()
        }
        group.addTask {
            // Only the give-up time of a test that is failing; nothing waits on it to settle.
            try? await Task.sleep(for: .seconds(timeout))
            return condition()
        }
        let first = await group.next() ?? false
        group.cancelAll()
        return first
    }
}

/// Returns once the current task is cancelled (what a fake that answers only to cancellation
/// waits for): an awaited event, not a poll of `Task.isCancelled`.
public func untilCancelled() async {
    let (stream, continuation) = AsyncStream<Void>.makeStream()
    // An iteration of a stream that never yields ends when its task is cancelled.
    for await _ in stream {}
    withExtendedLifetime(continuation) {}
}
