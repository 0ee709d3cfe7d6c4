// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

internal import Synchronization

/// Collects values (say, from a task's stream) into an array as they arrive; thread-safe.
public final class Collector<T: Sendable>: Sendable {
    private let values = Mutex<[T]>([])
    /// Who waits for how many values, resumed by the append that brings them (or on cancellation).
    private let waiters = Mutex(Waiters())

    private struct Waiters {
        var nextID = 0
        var waiting: [Int: (count: Int, continuation: CheckedContinuation<Void, Never>)] = [:]
    }

    /// Creates an empty collector.
    public init() {}

    /// Everything collected so far, in order.
    public var all: [T] { values.withLock { $0 } }
    /// How many values were collected.
    public var count: Int { values.withLock { $0.count } }

    /// Adds a value.
    public func append(_ value: T) {
        let count = values.withLock { values in
            values.append(value)
            return values.count
        }
        let ready = waiters.withLock { waiters in
            let ready = waiters.waiting.filter { $0.value.count <= count }
            for id in ready.keys { waiters.waiting[id] = nil }
            return ready.values.map(\.continuation)
        }
        for continuation in ready { continuation.resume() }
    }

    /// Returns once at least `count` values were collected: at once if they were, else when the
    /// append that brings them happens (an event, not a poll), or when the waiting task is
    /// cancelled.
    public func wait(untilCount count: Int) async {
        let id = waiters.withLock { waiters in
            defer { waiters.nextID += 1 }
            return waiters.nextID
        }
        await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                // Registered under the values' lock, so an append cannot slip between the check and it.
                let isReady = values.withLock { values in
                    guard values.count < count, !Task.isCancelled else { return true }
                    waiters.withLock { $0.waiting[id] = (count, continuation) }
                    return false
                }
                if isReady { continuation.resume() }
            }
        } onCancel: {
            waiters.withLock { $0.waiting.removeValue(forKey: id) }?.continuation.resume()
        }
    }

    /// Starts collecting `stream` in a task.
    @discardableResult
    public func collect(_ stream: AsyncStream<T>) -> Task<Void, Never> {
        Task {
            for await value in stream { self.append(value) }
        }
    }
}
