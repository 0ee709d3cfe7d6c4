// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

internal import Synchronization

/// Collects values (say, from a task's stream) into an array as they arrive; thread-safe.
public final class Collector<T: Sendable>: ReportsChanges, Sendable {
    private let values = Mutex<[T]>([])

    /// Told after every append.
    public let changes = Changes()

    /// Creates an empty collector.
    public init() {}

    /// Everything collected so far, in order.
    public var all: [T] { values.withLock { $0 } }
    /// How many values were collected.
    public var count: Int { values.withLock { $0.count } }

    /// Adds a value.
    public func append(_ value: T) {
        values.withLock { $0.append(value) }
        changes.notify()
    }

    /// Returns once at least `count` values were collected: at once if they were, else when the
    /// append that brings them happens (an event, not a poll), or when the waiting task is
    /// cancelled.
    public func wait(untilCount count: Int) async {
        await changes.wait { self.count >= count }
    }

    /// Starts collecting `stream` in a task.
    @discardableResult
    public func collect(_ stream: AsyncStream<T>) -> Task<Void, Never> {
        Task {
            for await value in stream { self.append(value) }
        }
    }
}
