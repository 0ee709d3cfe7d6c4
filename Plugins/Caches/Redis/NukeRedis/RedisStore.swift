// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

internal import Foundation
internal import NukeRemoteCaching
internal import Synchronization

/// Redis as a ``WriteBehindStore``: writes pipelined in batches of about a megabyte, removals of
/// a prefix with `SCAN` and `UNLINK`.
struct RedisStore: WriteBehindStore {
    let client: RedisClient

    /// Bytes of commands sent in one pipelined round trip; Redis keeps their order.
    var batchLimits: (bytes: Int, count: Int, distinctKeys: Bool) { (1 << 20, .max, false) }

    /// Sends writes pipelined; refused writes (OOM, READONLY) are dropped one by one, no answer
    /// drops them all.
    func perform(_ writes: [(key: [UInt8], command: RedisCommand)]) {
        let errors = client.perform(writes.map(\.command))?.compactMap(\.errorMessage)
        let failed = errors?.count ?? writes.count
        client.statistics.withLock {
            $0.writes += writes.count - failed
            $0.droppedWrites += failed
            if let message = errors?.first { $0.lastError = message }
        }
    }

    /// `SCAN`s for the prefix's keys and `UNLINK`s them, a page at a time.
    func removeAll(prefix: [UInt8]) {
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

    func writerDidStop() {
        client.closeIdleConnections()
    }
}

extension RedisCommand: WriteBehindCommand {}

extension WriteBehindWriter where Store == RedisStore {
    /// The client the writes go through.
    var client: RedisClient { store.client }

    /// Queues `SET key frame [PX ttl]`, or a removal when the value is over the size limit or the
    /// queue is full (so that an older value is not served).
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
        let isQueued = write(
            key: key,
            command: RedisCommand(arguments),
            value: data,
            removal: RedisCommand(["DEL", key]),
            maximumQueuedBytes: configuration.maximumQueuedBytes
        )
        if !isQueued { client.statistics.withLock { $0.droppedWrites += 1 } }
    }

    /// Queues `DEL key`.
    func remove(_ key: [UInt8]) {
        let removal = RedisCommand(["DEL", key])
        write(key: key, command: removal, value: nil, removal: removal, maximumQueuedBytes: .max)
    }
}
