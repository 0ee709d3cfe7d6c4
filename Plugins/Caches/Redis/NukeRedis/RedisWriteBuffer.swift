// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

#if canImport(FoundationEssentials)
    internal import FoundationEssentials
#else
    internal import Foundation
#endif

/// The writes waiting for Redis, in order, and what they make reads see meanwhile: a value
/// stored reads back at once, a removed one misses at once, even before Redis has them.
///
/// A state machine in swift-nio's style, behind the writer's lock: callers enqueue and look up;
/// the writer thread takes batches and reports them finished; returned actions say whether the
/// thread must be started.
struct RedisWriteBuffer {
    /// One write, in the order it was asked for.
    enum Operation {
        /// `SET` (or, past the size limits, `DEL`) of one key.
        case write(key: [UInt8], command: RedisCommand, sequence: UInt64)
        /// `SCAN` and `UNLINK` of every key with the prefix.
        case removeAll(prefix: [UInt8])
        /// Resumed once every operation before it is done.
        case flush(CheckedContinuation<Void, Never>)
        /// Ends the writer thread once every operation before it is done (and none came after).
        case stop
    }

    /// What a read sees before Redis does.
    enum Staged: Equatable {
        case stored(Data)
        case removed
    }

    /// What the owner does after enqueuing.
    enum Action: Equatable {
        /// Wake the writer thread.
        case wake
        /// Start a writer thread (none is running).
        case startThread
    }

    private var operations: [Operation] = []
    private var staged: [[UInt8]: (sequence: UInt64, value: Data?)] = [:]
    private var pendingRemoveAlls: [[UInt8]: Int] = [:]
    private var nextSequence: UInt64 = 0
    private var isThreadRunning = false
    /// Bytes of commands waiting.
    private(set) var queuedBytes = 0

    /// Stages and queues a write of `key`: `value` is what reads see until Redis has it (`nil`
    /// for a removal).
    mutating func write(key: [UInt8], command: RedisCommand, value: Data?) -> Action {
        nextSequence += 1
        staged[key] = (nextSequence, value)
        queuedBytes += command.size
        return enqueue(.write(key: key, command: command, sequence: nextSequence))
    }

    /// Queues the removal of every key with `prefix`; until it is done, those keys miss unless
    /// written again.
    mutating func removeAll(prefix: [UInt8]) -> Action {
        staged = staged.filter { !$0.key.starts(with: prefix) }
        pendingRemoveAlls[prefix, default: 0] += 1
        return enqueue(.removeAll(prefix: prefix))
    }

    /// Queues a flush marker or a stop.
    mutating func enqueue(_ operation: Operation) -> Action {
        operations.append(operation)
        guard isThreadRunning else {
            isThreadRunning = true
            return .startThread
        }
        return .wake
    }

    /// What reads of `key` see before Redis, or `nil` to ask Redis.
    func staged(_ key: [UInt8]) -> Staged? {
        if let entry = staged[key] { return entry.value.map(Staged.stored) ?? .removed }
        return pendingRemoveAlls.keys.contains { key.starts(with: $0) } ? .removed : nil
    }

    /// Takes the next operations, up to about `maximumBytes` of commands (at least one).
    mutating func takeBatch(maximumBytes: Int) -> [Operation] {
        var bytes = 0
        var count = 0
        for operation in operations {
            if case .write(_, let command, _) = operation {
                guard count == 0 || bytes + command.size <= maximumBytes else { break }
                bytes += command.size
            }
            count += 1
        }
        let batch = Array(operations.prefix(count))
        operations.removeFirst(count)
        return batch
    }

    /// Whether the writer thread ends after a stop: it does when nothing came after the stop.
    mutating func threadEndsAfterStop() -> Bool {
        guard operations.isEmpty else { return false }
        isThreadRunning = false
        return true
    }

    /// `operation` is done (or dropped): reads of its keys go to Redis again.
    mutating func finish(_ operation: Operation) {
        switch operation {
        case .write(let key, let command, let sequence):
            queuedBytes -= command.size
            if staged[key]?.sequence == sequence { staged[key] = nil }
        case .removeAll(let prefix):
            pendingRemoveAlls[prefix, default: 1] -= 1
            if pendingRemoveAlls[prefix] == 0 { pendingRemoveAlls[prefix] = nil }
        case .flush, .stop:
            break
        }
    }
}
