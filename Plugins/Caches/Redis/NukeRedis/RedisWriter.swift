// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

internal import Dispatch
internal import Foundation
internal import NukeRemoteCaching
internal import Synchronization

/// The thread that carries writes to Redis, in order, pipelined in batches, so that
/// `storeData` returns at once and a slow Redis never holds up an image request.
///
/// The thread starts with the first write and ends after ``stop()``; a later write starts a new
/// one. It holds the writer while it runs.
final class RedisWriter: Sendable {
    let client: RedisClient
    private let buffer = Mutex(RedisWriteBuffer())
    private let wakeUp = DispatchSemaphore(value: 0)
    /// Bytes of commands sent in one pipelined round trip.
    private static let batchBytes = 1 << 20

    init(client: RedisClient) {
        self.client = client
    }

    /// What reads of `key` see before Redis, or `nil` to ask Redis.
    func staged(_ key: [UInt8]) -> RedisWriteBuffer.Staged? {
        buffer.withLock { $0.staged(key) }
    }

    /// Queues `SET key frame [PX ttl]`, or a removal when the value is over the size limit or the
    /// queue is full (so that an older value is not served instead).
    func store(_ data: Data, for key: [UInt8]) {
        let configuration = client.configuration
        guard CheckedValueFrame.headerSize + key.count + data.count <= configuration.maximumValueSize else {
            client.statistics.withLock { $0.oversizeValues += 1 }
            remove(key)
            return
        }
        var arguments: [any RedisArgument] = ["SET", key, CheckedValueFrame.frame(data, key: key)]
        if let ttl = configuration.timeToLive {
            arguments += ["PX", String(max(1, ttl.milliseconds))]
        }
        let command = RedisCommand(arguments)
        let (action, isQueueFull) = buffer.withLock { buffer -> (RedisWriteBuffer.Action, Bool) in
            guard buffer.queuedBytes + command.size <= configuration.maximumQueuedBytes else {
                return (buffer.write(key: key, command: RedisCommand(["DEL", key]), value: nil), true)
            }
            return (buffer.write(key: key, command: command, value: data), false)
        }
        if isQueueFull { client.statistics.withLock { $0.droppedWrites += 1 } }
        perform(action)
    }

    /// Queues `DEL key`.
    func remove(_ key: [UInt8]) {
        perform(buffer.withLock { $0.write(key: key, command: RedisCommand(["DEL", key]), value: nil) })
    }

    /// Queues the removal of every key with `prefix`.
    func removeAll(prefix: [UInt8]) {
        perform(buffer.withLock { $0.removeAll(prefix: prefix) })
    }

    /// Returns once every write queued before it is done or dropped.
    func flush() async {
        await withCheckedContinuation { continuation in
            perform(buffer.withLock { $0.enqueue(.flush(continuation)) })
        }
    }

    /// Ends the thread once the writes queued before are done.
    func stop() {
        perform(buffer.withLock { $0.enqueue(.stop) })
    }

    private func perform(_ action: RedisWriteBuffer.Action) {
        switch action {
        case .wake:
            wakeUp.signal()
        case .startThread:
            let thread = Thread { [self] in run() }
            thread.name = "NukeRedis"
            thread.start()
        }
    }

    private func run() {
        while true {
            let batch = buffer.withLock { $0.takeBatch(maximumBytes: Self.batchBytes) }
            guard !batch.isEmpty else {
                wakeUp.wait()
                continue
            }
            var writes: [RedisWriteBuffer.Operation] = []
            for (index, operation) in batch.enumerated() {
                switch operation {
                case .write:
                    writes.append(operation)
                case .removeAll(let prefix):
                    send(writes)
                    writes = []
                    removeKeys(withPrefix: prefix)
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
                        client.closeIdleConnections()
                        return
                    }
                }
            }
            send(writes)
        }
    }

    /// Sends writes pipelined; each is done or dropped afterwards.
    private func send(_ writes: [RedisWriteBuffer.Operation]) {
        guard !writes.isEmpty else { return }
        let commands = writes.compactMap { operation -> RedisCommand? in
            guard case .write(_, let command, _) = operation else { return nil }
            return command
        }
        // Refused writes (OOM, READONLY) are dropped one by one; no answer drops them all.
        let errors = client.perform(commands)?.compactMap(\.errorMessage)
        let failed = errors?.count ?? writes.count
        client.statistics.withLock {
            $0.writes += writes.count - failed
            $0.droppedWrites += failed
            if let message = errors?.first { $0.lastError = message }
        }
        buffer.withLock { buffer in
            for write in writes { buffer.finish(write) }
        }
    }

    /// `SCAN`s for the prefix's keys and `UNLINK`s them, a page at a time.
    private func removeKeys(withPrefix prefix: [UInt8]) {
        var pattern: [UInt8] = []
        for byte in prefix {
            if "*?[]\\".utf8.contains(byte) { pattern.append(UInt8(ascii: "\\")) }
            pattern.append(byte)
        }
        pattern.append(UInt8(ascii: "*"))
        var cursor = "0"
        repeat {
            guard let replies = client.perform([RedisCommand(["SCAN", cursor, "MATCH", pattern, "COUNT", "1000"])]),
                case .array(let page)? = replies.first, page.count == 2,
                let next = page[0].bytes, case .array(let keys) = page[1]
            else {
                client.statistics.withLock { $0.droppedWrites += 1 }
                return
            }
            let names = keys.compactMap(\.bytes)
            if !names.isEmpty {
                _ = client.perform([RedisCommand(["UNLINK"] + names.map { $0 as any RedisArgument })])
            }
            cursor = String(decoding: next, as: UTF8.self)
        } while cursor != "0"
    }
}
