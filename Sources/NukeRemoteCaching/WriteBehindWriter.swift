// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

internal import Dispatch
public import Foundation  // `Thread`, besides `Data`.
internal import Synchronization

/// Where a ``WriteBehindWriter`` carries its writes: Redis, an object store.
public protocol WriteBehindStore: Sendable {
    /// One write.
    associatedtype Command: WriteBehindCommand

    /// The most bytes and writes one batch holds, and whether its keys must all differ (writes
    /// carried out at once, which could otherwise land out of order).
    var batchLimits: (bytes: Int, count: Int, distinctKeys: Bool) { get }

    /// Carries out `writes`; each is done or dropped when it returns.
    func perform(_ writes: [(key: [UInt8], command: Command)])

    /// Removes every key that starts with `prefix`.
    func removeAll(prefix: [UInt8])

    /// The writer's thread is ending (nothing is queued): idle connections may close.
    func writerDidStop()
}

/// The thread that carries writes to a store, in order, in batches, so that `storeData`
/// returns at once and a slow store never holds up an image request.
///
/// The thread starts with the first write and ends after ``stop()``; a later write starts a new
/// one. It holds the writer while it runs.
public final class WriteBehindWriter<Store: WriteBehindStore>: Sendable {
    /// Where the writes go.
    public let store: Store
    private let buffer = Mutex(WriteBehindBuffer<Store.Command>())
    private let wakeUp = DispatchSemaphore(value: 0)
    private let threadName: String

    /// A writer to `store`, whose thread is named `threadName`.
    public init(store: Store, threadName: String) {
        self.store = store
        self.threadName = threadName
    }

    /// What reads of `key` see before the store, or `nil` to ask the store.
    public func staged(_ key: [UInt8]) -> WriteBehindBuffer<Store.Command>.Staged? {
        buffer.withLock { $0.staged(key) }
    }

    /// Bytes of writes waiting.
    public var queuedBytes: Int { buffer.withLock { $0.queuedBytes } }

    /// Queues `command`, which writes `value` to `key` (`nil`: removes it), unless that would put
    /// more than `maximumQueuedBytes` in the queue: then `removal` is queued instead, so that an
    /// older value is not served, and the result is `false`.
    @discardableResult
    public func write(
        key: [UInt8],
        command: Store.Command,
        value: Data?,
        removal: Store.Command,
        maximumQueuedBytes: Int
    ) -> Bool {
        let (action, isQueued) = buffer.withLock { buffer -> (WriteBehindBuffer<Store.Command>.Action, Bool) in
            guard buffer.queuedBytes + command.size <= maximumQueuedBytes else {
                return (buffer.write(key: key, command: removal, value: nil), false)
            }
            return (buffer.write(key: key, command: command, value: value), true)
        }
        perform(action)
        return isQueued
    }

    /// Queues the removal of every key with `prefix`.
    public func removeAll(prefix: [UInt8]) {
        perform(buffer.withLock { $0.removeAll(prefix: prefix) })
    }

    /// Returns once every write queued before it is done or dropped.
    public func flush() async {
        await withCheckedContinuation { continuation in
            perform(buffer.withLock { $0.enqueue(.flush(continuation)) })
        }
    }

    /// Ends the thread once the writes queued before are done.
    public func stop() {
        perform(buffer.withLock { $0.enqueue(.stop) })
    }

    private func perform(_ action: WriteBehindBuffer<Store.Command>.Action) {
        switch action {
        case .wake:
            wakeUp.signal()
        case .startThread:
            let thread = Thread { [self] in run() }
            thread.name = threadName
            thread.start()
        }
    }

    private func run() {
        let limits = store.batchLimits
        while true {
            let batch = buffer.withLock {
                $0.takeBatch(maximumBytes: limits.bytes, maximumCount: limits.count, distinctKeys: limits.distinctKeys)
            }
            guard !batch.isEmpty else {
                wakeUp.wait()
                continue
            }
            var writes: [WriteBehindBuffer<Store.Command>.Operation] = []
            for (index, operation) in batch.enumerated() {
                switch operation {
                case .write:
                    writes.append(operation)
                case .removeAll(let prefix):
                    send(writes)
                    writes = []
                    store.removeAll(prefix: prefix)
                    buffer.withLock { $0.finish(operation) }
                case .flush(let continuation):
                    send(writes)
                    writes = []
                    continuation.resume()
                case .stop:
                    send(writes)
                    writes = []
                    // Ends only when nothing follows, in this batch or queued since.
                    if index == batch.count - 1, buffer.withLock({ $0.threadEndsAfterStop() }) {
                        store.writerDidStop()
                        return
                    }
                }
            }
            send(writes)
        }
    }

    /// Carries out `writes`; each is done or dropped afterwards.
    private func send(_ writes: [WriteBehindBuffer<Store.Command>.Operation]) {
        guard !writes.isEmpty else { return }
        store.perform(
            writes.compactMap { operation in
                guard case .write(let key, let command, _) = operation else { return nil }
                return (key, command)
            }
        )
        buffer.withLock { buffer in
            for write in writes { buffer.finish(write) }
        }
    }
}
