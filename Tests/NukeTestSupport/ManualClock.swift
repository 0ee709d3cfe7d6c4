// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

internal import Synchronization

/// A clock whose time moves only when a test advances it, for the pipeline's timers (rate
/// limiter, memory-cache expiry, preview interval, retry back-off) without real waiting.
///
/// Sleepers resume, in deadline order, when ``advance(by:)`` reaches their deadline; a cancelled
/// sleeper throws `CancellationError` at once. ``waitForSleepers(_:)`` lets a test wait until the
/// code under test has started the sleep it is about to cut short.
public final class ManualClock: Clock, Sendable {
    /// A point on the clock's time line: the time advanced since the clock was made.
    public struct Instant: InstantProtocol {
        /// The time advanced since the clock was made.
        public var offset: Duration

        /// Creates an instant `offset` after the clock's start.
        public init(offset: Duration) { self.offset = offset }

        /// The instant `duration` after this one.
        public func advanced(by duration: Duration) -> Instant { Instant(offset: offset + duration) }

        /// The time from this instant to `other`.
        public func duration(to other: Instant) -> Duration { other.offset - offset }

        public static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.offset < rhs.offset }
    }

    private struct Sleeper {
        var id: UInt64
        var deadline: Instant
        var continuation: CheckedContinuation<Void, any Error>
    }

    private struct State {
        var now = Instant(offset: .zero)
        var nextID: UInt64 = 0
        var sleepers: [Sleeper] = []
        var countWaiters: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []

        /// Takes the waiters whose count the sleepers now reach.
        mutating func takeSatisfiedCountWaiters() -> [CheckedContinuation<Void, Never>] {
            let count = sleepers.count
            let satisfied = countWaiters.filter { $0.count <= count }.map(\.continuation)
            countWaiters.removeAll { $0.count <= count }
            return satisfied
        }
    }

    private let state = Mutex(State())

    /// Creates a clock at offset zero.
    public init() {}

    /// The current instant.
    public var now: Instant { state.withLock { $0.now } }

    /// No resolution limit: the clock moves in whatever steps the test takes.
    public var minimumResolution: Duration { .zero }

    /// How long from now each sleeping task still sleeps, soonest first.
    public var sleepingDeadlines: [Duration] {
        state.withLock { state in state.sleepers.map { state.now.duration(to: $0.deadline) }.sorted() }
    }

    /// Suspends until the clock is advanced to `deadline`.
    public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
        let id = state.withLock { state -> UInt64 in
            state.nextID += 1
            return state.nextID
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let (isDue, waiters) = state.withLock { state -> (Bool, [CheckedContinuation<Void, Never>]) in
                    guard deadline > state.now, !Task.isCancelled else { return (true, []) }
                    state.sleepers.append(Sleeper(id: id, deadline: deadline, continuation: continuation))
                    return (false, state.takeSatisfiedCountWaiters())
                }
                waiters.forEach { $0.resume() }
                if isDue {
                    if Task.isCancelled {
                        continuation.resume(throwing: CancellationError())
                    } else {
                        continuation.resume()
                    }
                }
            }
        } onCancel: {
            let sleeper = state.withLock { state -> Sleeper? in
                guard let index = state.sleepers.firstIndex(where: { $0.id == id }) else { return nil }
                return state.sleepers.remove(at: index)
            }
            sleeper?.continuation.resume(throwing: CancellationError())
        }
    }

    /// Moves the clock forward and resumes every sleeper whose deadline it reaches.
    public func advance(by duration: Duration) {
        let due = state.withLock { state -> [Sleeper] in
            state.now = state.now.advanced(by: duration)
            let now = state.now
            let due = state.sleepers.filter { $0.deadline <= now }.sorted { $0.deadline < $1.deadline }
            state.sleepers.removeAll { $0.deadline <= now }
            return due
        }
        due.forEach { $0.continuation.resume() }
    }

    /// Returns once at least `count` tasks are sleeping on this clock.
    public func waitForSleepers(_ count: Int = 1) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let isSatisfied = state.withLock { state -> Bool in
                guard state.sleepers.count < count else { return true }
                state.countWaiters.append((count, continuation))
                return false
            }
            if isSatisfied { continuation.resume() }
        }
    }
}
