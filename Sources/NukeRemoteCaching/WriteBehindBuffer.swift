// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

#if canImport(FoundationEssentials)
    public import FoundationEssentials
#else
    public import Foundation
#endif

/// A write a store carries out later: a Redis command, an object store's `PUT` or `DELETE`.
public protocol WriteBehindCommand: Sendable {
    /// The bytes it carries, counted against the queue's limit.
    var size: Int { get }
}

/// The writes waiting for a store, in order, and what they make reads see meanwhile: a value
/// stored reads back at once, a removed one misses at once, even before the store has them.
///
/// A state machine in swift-nio's style, behind the writer's lock: callers enqueue and look up;
/// the writer thread takes batches and reports them finished; returned actions say whether the
/// thread must be started.
public struct WriteBehindBuffer<Command: WriteBehindCommand>: Sendable {
    /// One write, in the order it was asked for.
    public enum Operation: Sendable {
        /// A write (or removal) of one key.
        case write(key: [UInt8], command: Command, sequence: UInt64)
        /// The removal of every key with the prefix.
        case removeAll(prefix: [UInt8])
        /// Resumed once every operation before it is done.
        case flush(CheckedContinuation<Void, Never>)
        /// Ends the writer thread once every operation before it is done (and none came after).
        case stop
    }

    /// What a read sees before the store does.
    public enum Staged: Equatable, Sendable {
        /// The value being written.
        case stored(Data)
        /// The key is being removed.
        case removed
    }

    /// What the owner does after enqueuing.
    public enum Action: Equatable, Sendable {
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
    public private(set) var queuedBytes = 0

    /// An empty buffer, no thread running.
    public init() {}

    /// Stages and queues a write of `key`: `value` is what reads see until the store has it
    /// (`nil` for a removal).
    public mutating func write(key: [UInt8], command: Command, value: Data?) -> Action {
        nextSequence += 1
        staged[key] = (nextSequence, value)
        queuedBytes += command.size
        return enqueue(.write(key: key, command: command, sequence: nextSequence))
    }

    /// Queues the removal of every key with `prefix`; until it is done, those keys miss unless
    /// written again.
    public mutating func removeAll(prefix: [UInt8]) -> Action {
        staged = staged.filter { !$0.key.starts(with: prefix) }
        pendingRemoveAlls[prefix, default: 0] += 1
        return enqueue(.removeAll(prefix: prefix))
    }

    /// Queues a flush marker or a stop.
    public mutating func enqueue(_ operation: Operation) -> Action {
        operations.append(operation)
        guard isThreadRunning else {
            isThreadRunning = true
            return .startThread
        }
        return .wake
    }

    /// What reads of `key` see before the store, or `nil` to ask the store.
    public func staged(_ key: [UInt8]) -> Staged? {
        if let entry = staged[key] { return entry.value.map(Staged.stored) ?? .removed }
        return pendingRemoveAlls.keys.contains { key.starts(with: $0) } ? .removed : nil
    }

    /// Takes the next operations (at least one): writes up to about `maximumBytes` of commands
    /// and `maximumCount` of them, and, with `distinctKeys`, none of a key already taken (so
    /// that writes carried out at once cannot land out of order).
    public mutating func takeBatch(
        maximumBytes: Int,
        maximumCount: Int = .max,
        distinctKeys: Bool = false
    ) -> [Operation] {
        var (bytes, count) = (0, 0)
        var keys: Set<[UInt8]> = []
        for operation in operations {
            if case .write(let key, let command, _) = operation {
                guard count == 0 || (bytes + command.size <= maximumBytes && count < maximumCount) else { break }
                if distinctKeys {
                    guard keys.insert(key).inserted else { break }
                }
                bytes += command.size
            }
            count += 1
        }
        let batch = Array(operations.prefix(count))
        operations.removeFirst(count)
        return batch
    }

    /// Whether the writer thread ends after a stop: it does when nothing came after the stop.
    public mutating func threadEndsAfterStop() -> Bool {
        guard operations.isEmpty else { return false }
        isThreadRunning = false
        return true
    }

    /// `operation` is done (or dropped): reads of its keys go to the store again.
    public mutating func finish(_ operation: Operation) {
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
