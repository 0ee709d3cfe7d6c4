// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

public import NukeCore
internal import NukeRemoteCaching
internal import Synchronization

#if canImport(FoundationEssentials)
    public import FoundationEssentials
#else
    public import Foundation
#endif

/// A data cache in Redis, for a fleet of servers to share what each has fetched and processed;
/// usually the outer tier of a `TieredDataCache` behind a local `DataCache`.
///
/// The cache never fails a request and never waits long:
/// - Lookups run on the calling thread (the pipeline's workers call them) on a pooled
///   connection, and give up after ``Configuration/operationTimeout``.
/// - Writes return at once; one thread of the cache's own carries them to Redis in order,
///   pipelined. Until Redis has a write, reads in this process see it.
/// - After ``Configuration/failureThreshold`` failures in a row (refused connections, errors,
///   time-outs, `LOADING`), Redis is left alone for a back-off: lookups miss and writes are
///   dropped at once. Then one operation probes; the back-off doubles while probes fail.
/// - Values check themselves (magic, version, lengths, the key, an XXH64 checksum): a truncated,
///   corrupted or foreign value reads as a miss and is deleted.
///
/// ```swift
/// let redis = RedisDataCache(configuration: try .init(url: "redis://127.0.0.1:6379"))
/// let local = try DataCache(path: URL(fileURLWithPath: "/var/cache/images"))
/// let pipeline = ImagePipeline { $0.dataCache = TieredDataCache([local, redis]) }
/// ```
public final class RedisDataCache: DataCaching {
    /// The configuration the cache was made with (shared by the caches made with
    /// ``withKeyPrefix(_:)``, whose prefix is ``keyPrefix``).
    public var configuration: Configuration { writer.client.configuration }
    /// The prefix of this cache's keys.
    public let keyPrefix: String

    private let writer: WriteBehindWriter<RedisStore>
    private let prefixBytes: [UInt8]
    private let lifetime: Lifetime

    /// A cache with its own connections and writer thread (started on the first write).
    public convenience init(configuration: Configuration) {
        self.init(configuration: configuration, clock: ContinuousClock())
    }

    /// A cache whose back-offs are timed on `clock` (tests pass a manual clock).
    public init<C: Clock<Duration>>(configuration: Configuration, clock: C) {
        writer = WriteBehindWriter(
            store: RedisStore(client: RedisClient(configuration: configuration, clock: clock)),
            threadName: "NukeRedis"
        )
        keyPrefix = configuration.keyPrefix
        prefixBytes = Array(keyPrefix.utf8)
        lifetime = Lifetime(writer: writer)
    }

    private init(sharing other: RedisDataCache, keyPrefix: String) {
        writer = other.writer
        lifetime = other.lifetime
        self.keyPrefix = keyPrefix
        prefixBytes = Array(keyPrefix.utf8)
    }

    /// A cache over the same Redis, connections, writer thread and breaker, with other keys:
    /// say `nuke:results:` and `nuke:originals:`.
    public func withKeyPrefix(_ keyPrefix: String) -> RedisDataCache {
        RedisDataCache(sharing: self, keyPrefix: keyPrefix)
    }

    /// What the cache has done so far (shared by caches made with ``withKeyPrefix(_:)``).
    public var statistics: Statistics { writer.client.statistics.withLock { $0 } }

    /// Whether Redis is being asked (`false` while the cache waits out a back-off after failures).
    public var isAvailable: Bool { writer.client.isAvailable }

    /// The value stored for `key`, or `nil`: on a miss, when Redis cannot be asked or does not
    /// answer in time, and for a value that fails its checks (then it is deleted).
    public func cachedData(for key: String) -> Data? {
        let name = redisKey(key)
        if let staged = writer.staged(name) {
            guard case .stored(let data) = staged else { return miss() }
            return hit(data)
        }
        guard let reply = writer.client.get(name) else { return miss() }
        switch reply {
        case .null:
            return miss()
        case .string(let stored):
            switch stored.withUnsafeBytes({ CheckedValueFrame.unframe($0, key: name) }) {
            case .valid(let payloadOffset):
                return hit(stored.data(from: payloadOffset))
            case .invalid(let reason):
                return invalid(name, reason: reason)
            }
        case .error(let message) where message.hasPrefix("WRONGTYPE"):
            return invalid(name, reason: message)
        case .oversize(let limit):
            return invalid(name, reason: "over the limit of \(limit) bytes")
        default:
            return miss()
        }
    }

    /// Whether a value is stored for `key` (not checked until it is read).
    public func containsData(for key: String) -> Bool {
        let name = redisKey(key)
        if let staged = writer.staged(name) { return staged != .removed }
        guard case .integer(let count)? = writer.client.perform([RedisCommand(["EXISTS", name])])?.first else {
            return false
        }
        return count > 0
    }

    /// Queues the value for Redis (with the configured time to live) and returns at once.
    public func storeData(_ data: Data, for key: String) {
        writer.store(data, for: redisKey(key))
    }

    /// Queues the removal of `key` and returns at once.
    public func removeData(for key: String) {
        writer.remove(redisKey(key))
    }

    /// Queues the removal of every key with this cache's prefix (`SCAN` and `UNLINK`, a page at
    /// a time) and returns at once; until it is done, those keys miss here.
    public func removeAll() {
        writer.removeAll(prefix: prefixBytes)
    }

    /// Returns once every write queued so far has reached Redis or been dropped.
    public func flush() async {
        await writer.flush()
    }

    /// Carries the queued writes to Redis, then ends the writer thread and closes idle
    /// connections. The cache stays usable: a later write starts a new thread.
    public func shutdown() async {
        await writer.flush()
        writer.stop()
        await writer.flush()
    }

    private func redisKey(_ key: String) -> [UInt8] {
        prefixBytes + key.utf8
    }

    private func hit(_ data: Data) -> Data {
        writer.client.statistics.withLock { $0.hits += 1 }
        return data
    }

    private func miss() -> Data? {
        writer.client.statistics.withLock { $0.misses += 1 }
        return nil
    }

    private func invalid(_ name: [UInt8], reason: String) -> Data? {
        writer.client.statistics.withLock {
            $0.invalidValues += 1
            $0.misses += 1
            $0.lastError = "an invalid value was deleted: \(reason)"
        }
        writer.remove(name)
        return nil
    }

    /// Ends the writer thread when the last cache sharing it goes away.
    private final class Lifetime: Sendable {
        let writer: WriteBehindWriter<RedisStore>
        init(writer: WriteBehindWriter<RedisStore>) { self.writer = writer }
        deinit { writer.stop() }
    }
}
