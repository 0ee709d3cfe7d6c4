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

/// A data cache in an S3-compatible bucket (AWS S3, MinIO, R2, GCS's interoperable API), for a
/// fleet of servers to share what each has fetched and processed; usually the outer tier of a
/// `TieredDataCache` behind a local `DataCache`. Requests are signed by libcurl
/// (AWS Signature V4), as ``ObjectStorageDataLoader``'s are.
///
/// The same rules as `RedisDataCache`: the cache never fails a request and never waits long.
/// - Lookups run on the calling thread (the pipeline's workers call them) and give up after
///   ``Configuration/operationTimeout``.
/// - Writes return at once; a thread of the cache's own carries them to the store in order,
///   several keys at once. Until the store has a write, reads in this process see it.
/// - After ``Configuration/failureThreshold`` failures in a row (time-outs, refused
///   connections, 5xx and 403 answers), the store is left alone for a back-off: lookups miss
///   and writes are dropped at once. Then one request probes; the back-off doubles while probes
///   fail.
/// - Values check themselves (their key, their length, an XXH64 checksum): a truncated,
///   corrupted or foreign object reads as a miss and is deleted. Objects are named the key
///   prefix and a digest of the key.
///
/// ```swift
/// let results = ObjectStorageDataCache(
///     configuration: try .init(
///         url: "s3://image-cache/results/",
///         endpoint: .aws(region: "eu-west-1"),
///         credentials: AWSCredentials.discover()
///     )
/// )
/// let local = try DataCache(path: URL(fileURLWithPath: "/var/cache/images"))
/// let pipeline = ImagePipeline { $0.dataCache = TieredDataCache([local, results]) }
/// ```
public final class ObjectStorageDataCache: DataCaching {
    /// The configuration the cache was made with (shared by the caches made with
    /// ``withKeyPrefix(_:)``, whose prefix is ``keyPrefix``).
    public var configuration: Configuration { writer.store.client.configuration }
    /// What this cache's object names start with.
    public let keyPrefix: String

    private let writer: WriteBehindWriter<ObjectStorageStore>
    private let lifetime: Lifetime

    /// A cache with its own connections and writer thread (started on the first write).
    public convenience init(configuration: Configuration) {
        self.init(configuration: configuration, clock: ContinuousClock())
    }

    /// A cache whose back-offs are timed on `clock` (tests pass a manual clock).
    public init<C: Clock<Duration>>(configuration: Configuration, clock: C) {
        let client = ObjectStorageClient(configuration: configuration, clock: clock)
        writer = WriteBehindWriter(store: ObjectStorageStore(client: client), threadName: "NukeObjectStorage")
        keyPrefix = configuration.keyPrefix
        lifetime = Lifetime(writer: writer)
    }

    private init(sharing other: ObjectStorageDataCache, keyPrefix: String) {
        writer = other.writer
        lifetime = other.lifetime
        self.keyPrefix = keyPrefix
    }

    /// A cache over the same bucket, connections, writer thread and breaker, under
    /// ``keyPrefix`` followed by `suffix`: say `results/` and `originals/`.
    public func withKeyPrefix(_ suffix: String) -> ObjectStorageDataCache {
        ObjectStorageDataCache(sharing: self, keyPrefix: configuration.keyPrefix + suffix)
    }

    /// What the cache has done so far (shared by caches made with ``withKeyPrefix(_:)``).
    public var statistics: Statistics { client.statistics.withLock { $0 } }

    /// Whether the store is being asked (`false` while the cache waits out a back-off).
    public var isAvailable: Bool { client.isAvailable }

    /// Bytes of writes waiting for the store (shared by caches made with ``withKeyPrefix(_:)``).
    public var queuedBytes: Int { writer.queuedBytes }

    /// The value stored for `key`, or `nil`: on a miss, when the store cannot be asked or does
    /// not answer in time, and for a value that fails its checks (then it is deleted).
    public func cachedData(for key: String) -> Data? {
        let name = objectName(key)
        if let staged = writer.staged(Array(name.utf8)) {
            guard case .stored(let data) = staged else { return miss() }
            return hit(data)
        }
        guard let url = client.url(ofObject: name),
            case .answered(let status, let stored) = client.send(
                "GET",
                to: url,
                timeout: configuration.operationTimeout
            ),
            status == 200
        else { return miss() }
        let frameKey = self.frameKey(key)
        switch stored.withUnsafeBytes({ CheckedValueFrame.unframe($0, key: frameKey) }) {
        case .valid(let payloadOffset):
            return hit(Data(stored.dropFirst(payloadOffset)))
        case .invalid(let reason):
            client.statistics.withLock {
                $0.invalidValues += 1
                $0.misses += 1
                $0.lastError = "an invalid value was deleted: \(reason)"
            }
            removeData(for: key)
            return nil
        }
    }

    /// Whether a value is stored for `key` (not checked until it is read).
    public func containsData(for key: String) -> Bool {
        let name = objectName(key)
        if let staged = writer.staged(Array(name.utf8)) { return staged != .removed }
        guard let url = client.url(ofObject: name),
            case .answered(200, _) = client.send("HEAD", to: url, timeout: configuration.operationTimeout)
        else { return false }
        return true
    }

    /// Queues the value for the store and returns at once; a value over the size limit removes
    /// the key instead.
    public func storeData(_ data: Data, for key: String) {
        let frameKey = self.frameKey(key)
        guard CheckedValueFrame.headerSize + frameKey.count + data.count <= configuration.maximumValueSize else {
            client.statistics.withLock { $0.oversizeValues += 1 }
            removeData(for: key)
            return
        }
        let name = objectName(key)
        let isQueued = writer.write(
            key: Array(name.utf8),
            command: .put(name: name, frame: Data(CheckedValueFrame.frame(data, key: frameKey))),
            value: data,
            removal: .delete(name: name),
            maximumQueuedBytes: configuration.maximumQueuedBytes
        )
        if !isQueued { client.statistics.withLock { $0.droppedWrites += 1 } }
    }

    /// Queues the removal of `key` and returns at once.
    public func removeData(for key: String) {
        let name = objectName(key)
        let removal = ObjectStorageWrite.delete(name: name)
        writer.write(key: Array(name.utf8), command: removal, value: nil, removal: removal, maximumQueuedBytes: .max)
    }

    /// Queues the removal of every object under this cache's prefix (listed a page at a time)
    /// and returns at once; until it is done, those keys miss here.
    public func removeAll() {
        writer.removeAll(prefix: Array(keyPrefix.utf8))
    }

    /// Returns once every write queued so far has reached the store or been dropped.
    public func flush() async {
        await writer.flush()
    }

    /// Carries the queued writes to the store, then ends the writer thread. The cache stays
    /// usable: a later write starts a new thread.
    public func shutdown() async {
        await writer.flush()
        writer.stop()
        await writer.flush()
    }

    private var client: ObjectStorageClient { writer.store.client }

    /// `keyPrefix` and 32 hex digits of two XXH64s of `key`: short, safe in any store, and
    /// checked against the key the value holds.
    func objectName(_ key: String) -> String {
        let digest = Array(key.utf8).withUnsafeBytes { bytes in
            [XXH64.hash(bytes), XXH64.hash(bytes, seed: 0x6E75_6B65)]
        }
        return keyPrefix + digest.map { hex($0) }.joined()
    }

    /// What a value's frame names: the prefix and the key, so that no other cache's value and no
    /// other key's reads as this one.
    private func frameKey(_ key: String) -> [UInt8] {
        Array((keyPrefix + key).utf8)
    }

    private func hex(_ value: UInt64) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }

    private func hit(_ data: Data) -> Data {
        client.statistics.withLock { $0.hits += 1 }
        return data
    }

    private func miss() -> Data? {
        client.statistics.withLock { $0.misses += 1 }
        return nil
    }

    /// Ends the writer thread when the last cache sharing it goes away.
    private final class Lifetime: Sendable {
        let writer: WriteBehindWriter<ObjectStorageStore>
        init(writer: WriteBehindWriter<ObjectStorageStore>) { self.writer = writer }
        deinit { writer.stop() }
    }
}
