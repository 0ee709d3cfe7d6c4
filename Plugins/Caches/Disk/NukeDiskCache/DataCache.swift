// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

internal import Dispatch
public import NukeCore
internal import Synchronization

#if canImport(FoundationEssentials)
    public import FoundationEssentials
#else
    public import Foundation
#endif

/// A thread-safe least-recently-used disk cache of data, safe against crashes and sharing.
///
/// - **Non-blocking writes**: ``storeData(_:for:)`` stages the change in memory and returns;
///   a background flush writes it shortly after (see ``flushDelay``). Reads see staged changes.
/// - **Atomic**: each entry is written to a temporary file and renamed into place, and a file is
///   only returned when it is complete and names the requested key, so a process killed at any
///   moment never leaves an entry that reads back partial.
/// - **LRU of its own**: every read stamps the entry's file times with the cache's clock, so the
///   order survives restarts and is shared by every process using the directory, without relying
///   on `atime` (which `noatime` and `relatime` mounts do not keep).
/// - **Bounded**: when the size on disk passes ``sizeLimit`` — checked after every flush and by a
///   sweep every ``sweepInterval`` — the least recently used entries are deleted down to 70% of it.
///   With an ``ageLimit``, entries unused for longer read as misses and sweeps delete them.
/// - File names are the SHA-256 of the key; the key is also stored in the file and checked.
/// - Each entry may carry metadata (``Entry/metadata``), such as HTTP validators.
public final class DataCache: DataCaching {
    /// The bytes stored for a key, with metadata kept beside them.
    public struct Entry: Hashable, Sendable {
        /// The cached data.
        public var data: Data
        /// Extra bytes stored with the data (empty by default), such as HTTP caching headers.
        public var metadata: Data

        /// Creates an entry.
        public init(data: Data, metadata: Data = Data()) {
            self.data = data
            self.metadata = metadata
        }
    }

    private struct Settings {
        var sizeLimit: Int
        var sweepInterval: Duration
        var flushDelay: Duration
        var estimatedSize = 0
        var sweepGeneration = 0
        var isSweepEnabled = true
        var ageLimit: Duration?
    }

    /// The directory holding the entries.
    public let path: URL

    /// The fraction of ``sizeLimit`` a sweep trims down to.
    static let trimRatio = 0.7

    private let directory: DataCacheDirectory
    private let filenameGenerator: @Sendable (String) -> String?
    private let staging = Mutex(DataCacheStaging())
    private let settings: Mutex<Settings>
    private let queue = DispatchQueue(label: "nuke.data-cache", qos: .utility)

    // MARK: Initializers

    /// Creates a cache in the directory `name` in this program's own folder under the user's
    /// cache directory (``applicationCachesDirectory``: `$XDG_CACHE_HOME/<program>`, else
    /// `~/.cache/<program>`), so that two programs never share a cache unless told to.
    ///
    /// - Parameters:
    ///   - name: the directory name, for example `"com.example.app.images"`.
    ///   - sizeLimit: the size on disk the cache keeps to, in bytes (default 150 MiB).
    ///   - filenameGenerator: makes a file name from a key; the default is the static
    ///     ``filename(for:)-swift.type.method``.
    public convenience init(
        name: String,
        sizeLimit: Int = DataCache.defaultSizeLimit,
        filenameGenerator: @escaping @Sendable (String) -> String? = DataCache.filename(for:)
    ) throws(DataCacheError) {
        guard Self.isFolderName(name) else { throw .invalidName(name) }
        try self.init(
            path: Self.applicationCachesDirectory.appendingPathComponent(name, isDirectory: true),
            sizeLimit: sizeLimit,
            filenameGenerator: filenameGenerator
        )
    }

    /// Creates a cache in the directory at `path`, creating it if needed.
    ///
    /// - Parameters:
    ///   - path: the directory; it belongs to the cache (any file not starting with a dot is
    ///     treated as an entry).
    ///   - sizeLimit: the size on disk the cache keeps to, in bytes (default 150 MiB).
    ///   - filenameGenerator: makes a file name from a key; the default is the static
    ///     ``filename(for:)-swift.type.method``.
    public init(
        path: URL,
        sizeLimit: Int = DataCache.defaultSizeLimit,
        filenameGenerator: @escaping @Sendable (String) -> String? = DataCache.filename(for:)
    ) throws(DataCacheError) {
        guard path.isFileURL, sizeLimit >= 0 else { throw .invalidPath(path.absoluteString) }
        self.path = path
        self.directory = DataCacheDirectory(path: path.path)
        self.filenameGenerator = filenameGenerator
        let interval = Duration.seconds(1800)
        self.settings = Mutex(Settings(sizeLimit: sizeLimit, sweepInterval: interval, flushDelay: .seconds(1)))
        do {
            try directory.create()
        } catch {
            throw .cannotCreateDirectory(path: path.path, reason: error.description)
        }
        scheduleSweep(after: .zero, generation: 0)  // Learns the size on disk; trims if over.
    }

    /// 150 MiB.
    public static let defaultSizeLimit = 150 * 1024 * 1024

    // MARK: Settings

    /// The size on disk, in bytes, the cache keeps to.
    public var sizeLimit: Int {
        get { settings.withLock { $0.sizeLimit } }
        set { settings.withLock { $0.sizeLimit = max(0, newValue) } }
    }

    /// How often the cache checks its size on disk (default 30 minutes), which notices what
    /// other processes sharing the directory wrote.
    public var sweepInterval: Duration {
        get { settings.withLock { $0.sweepInterval } }
        set {
            let interval = max(newValue, .milliseconds(10))
            let generation = settings.withLock { settings in
                settings.sweepInterval = interval
                settings.sweepGeneration += 1
                return settings.sweepGeneration
            }
            scheduleSweep(after: interval, generation: generation)
        }
    }

    /// Whether the cache sweeps on its own: every ``sweepInterval`` and when a flush takes it over
    /// ``sizeLimit`` (default `true`). When `false`, only calls to ``sweep()`` trim it.
    public var isSweepEnabled: Bool {
        get { settings.withLock { $0.isSweepEnabled } }
        set { settings.withLock { $0.isSweepEnabled = newValue } }
    }

    /// How long an entry may go unused (not read, not written) before it expires: it then reads
    /// as a miss and the next sweep deletes it; `nil` (the default, as in Nuke) keeps entries
    /// until the size limit needs the room. Kingfisher's disk cache defaults to 7 days, SDWebImage's
    /// `maxDiskAge` to a week. Ages are measured with the wall clock, by every process sharing the
    /// directory, from the last-use stamps the entries carry.
    public var ageLimit: Duration? {
        get { settings.withLock { $0.ageLimit } }
        set { settings.withLock { $0.ageLimit = newValue.map { max(.zero, $0) } } }
    }

    /// How long staged changes wait before a background flush writes them (default 1 second);
    /// changes to one key within that time cost one write.
    public var flushDelay: Duration {
        get { settings.withLock { $0.flushDelay } }
        set { settings.withLock { $0.flushDelay = max(.zero, newValue) } }
    }

    // MARK: File names

    /// The default file name of a key: the lowercase hexadecimal SHA-256 of its UTF-8 bytes
    /// (64 characters), or `nil` for an empty key.
    @Sendable public static func filename(for key: String) -> String? {
        key.isEmpty ? nil : SHA256.hexDigest(of: key)
    }

    /// The file name this cache uses for `key`, or `nil` if the key cannot be stored.
    public func filename(for key: String) -> String? {
        guard let name = filenameGenerator(key), let first = name.utf8.first, first != UInt8(ascii: "."),
            !name.utf8.contains(UInt8(ascii: "/"))
        else { return nil }
        return name
    }

    /// The file `key` is stored in, or `nil` if the key cannot be stored.
    public func url(for key: String) -> URL? {
        filename(for: key).map { path.appendingPathComponent($0, isDirectory: false) }
    }

    // MARK: DataCaching

    /// The data stored for `key`, from staged changes or disk; marks the entry as used.
    public func cachedData(for key: String) -> Data? {
        cachedEntry(for: key)?.data
    }

    /// The data and metadata stored for `key`; marks the entry as used.
    public func cachedEntry(for key: String) -> Entry? {
        guard let name = filename(for: key) else { return nil }
        switch staging.withLock({ $0.lookup(key) }) {
        case .stored(let entry): return entry
        case .removed: return nil
        case .notStaged:
            guard !isExpired(name),
                let entry = DataCacheEntryFile.readEntry(at: directory.path(of: name), key: key)
            else { return nil }
            let stamp = DataCacheClock.next()
            stage { $0.touches[name] = stamp }
            return entry
        }
    }

    /// `true` if data is stored (or staged) for `key`. Does not mark the entry as used.
    public func containsData(for key: String) -> Bool {
        guard let name = filename(for: key) else { return false }
        switch staging.withLock({ $0.lookup(key) }) {
        case .stored: return true
        case .removed: return false
        case .notStaged: return directory.fileExists(name) && !isExpired(name)
        }
    }

    /// `true` if ``ageLimit`` is set and the file `name` was last used longer ago than that (a
    /// missing file is not expired: the caller finds it missing).
    private func isExpired(_ name: String) -> Bool {
        guard let limit = ageLimit, let lastUsed = directory.lastUsed(of: name) else { return false }
        return DataCacheClock.next() - lastUsed > limit.nanoseconds
    }

    /// Stages `data` for `key` and returns at once; a background flush writes it.
    public func storeData(_ data: Data, for key: String) {
        storeEntry(Entry(data: data), for: key)
    }

    /// Stages an entry with metadata for `key` and returns at once.
    public func storeEntry(_ entry: Entry, for key: String) {
        guard filename(for: key) != nil else { return }
        stage { $0.stage(.store(entry), for: key) }
    }

    /// Removes the entry for `key` (staged; reads stop seeing it at once).
    public func removeData(for key: String) {
        guard filename(for: key) != nil else { return }
        stage { $0.stage(.remove, for: key) }
    }

    /// Removes every entry (staged; reads stop seeing them at once).
    public func removeAll() {
        stage { $0.stageRemoveAll() }
    }

    /// Reads or stages data, like ``cachedData(for:)``, ``storeData(_:for:)`` and
    /// ``removeData(for:)``.
    public subscript(key: String) -> Data? {
        get { cachedData(for: key) }
        set {
            if let newValue { storeData(newValue, for: key) } else { removeData(for: key) }
        }
    }

    // MARK: Flushing and sweeping

    /// Writes every staged change to disk, returning when they are written. Blocks the calling
    /// thread; in async code use the async `flush()`, which does not.
    public func flush() {
        queue.sync { performFlush(only: nil) }
    }

    /// Writes every staged change to disk, returning when they are written, without blocking a
    /// thread of the caller's.
    public func flush() async {
        await withCheckedContinuation { continuation in
            queue.async {
                self.performFlush(only: nil)
                continuation.resume()
            }
        }
    }

    /// Writes the staged change for `key`, returning when it is written.
    public func flush(for key: String) {
        queue.sync { performFlush(only: key) }
    }

    /// Deletes the entries older than ``ageLimit``, then least recently used entries until the size
    /// on disk is at most 70% of ``sizeLimit``, if it is over the limit; returns when done. Runs
    /// whether or not ``isSweepEnabled``.
    public func sweep() {
        queue.sync { performSweep() }
    }

    /// The number of entries, after writing staged changes.
    public var totalCount: Int {
        flushedFiles().count
    }

    /// The total size of the entry files in bytes, after writing staged changes.
    public var totalSize: Int {
        flushedFiles().reduce(0) { $0 + $1.size }
    }

    /// The disk space the entry files occupy in bytes (whole blocks), after writing staged changes.
    public var totalAllocatedSize: Int {
        flushedFiles().reduce(0) { $0 + $1.allocatedSize }
    }

    /// The entry files on disk once every staged change is written.
    private func flushedFiles() -> [DataCacheDirectory.File] {
        queue.sync {
            performFlush(only: nil)
            return directory.listFiles(now: DataCacheClock.next())
        }
    }

    // MARK: Private

    private func stage(_ change: (inout DataCacheStaging) -> Void) {
        let needsFlush = staging.withLock { staging in
            change(&staging)
            defer { staging.isFlushScheduled = true }
            return !staging.isFlushScheduled
        }
        guard needsFlush else { return }
        // Strong capture: staged writes land even if the last reference goes away meanwhile.
        queue.asyncAfter(deadline: .now() + Self.dispatchInterval(flushDelay)) { self.performFlush(only: nil) }
    }

    /// Sweeps after `delay`, then every ``sweepInterval``, until the cache is gone or the
    /// interval changes (which starts a new generation).
    private func scheduleSweep(after delay: Duration, generation: Int) {
        queue.asyncAfter(deadline: .now() + Self.dispatchInterval(delay)) { [weak self] in
            guard let self else { return }
            let (current, interval) = self.settings.withLock { ($0.sweepGeneration, $0.sweepInterval) }
            guard current == generation else { return }
            if self.isSweepEnabled { self.performSweep() }
            self.scheduleSweep(after: interval, generation: generation)
        }
    }

    /// `duration` for Dispatch, at most 2³² seconds.
    private static func dispatchInterval(_ duration: Duration) -> DispatchTimeInterval {
        .nanoseconds(Int(min(duration.nanoseconds, (1 << 32) * 1_000_000_000)))
    }

    /// Runs on `queue`.
    private func performFlush(only key: String?) {
        if key == nil { applyTouches() }
        let snapshot = staging.withLock { staging in
            if key == nil { staging.isFlushScheduled = false }
            // A pending "remove all" must go first, so a single key cannot be flushed past it.
            return staging.snapshot(only: staging.removeAllID == nil ? key : nil)
        }
        guard snapshot.removeAllID != nil || !snapshot.changes.isEmpty else { return }
        var sizeChange = 0
        if snapshot.removeAllID != nil {
            for file in directory.listFiles(now: DataCacheClock.next()) { directory.removeFile(file.name) }
            settings.withLock { $0.estimatedSize = 0 }
        }
        for (key, staged) in snapshot.changes {
            guard let name = filename(for: key) else { continue }
            sizeChange -= directory.sizeOfFile(name)
            switch staged.change {
            case .store(let entry):
                if write(entry, key: key, name: name) {
                    sizeChange +=
                        DataCacheEntryFile.trailerSize + key.utf8.count + entry.metadata.count + entry.data.count
                }
            case .remove:
                directory.removeFile(name)
            }
        }
        staging.withLock { $0.commit(snapshot) }
        let isOverLimit = settings.withLock { settings in
            settings.estimatedSize = max(0, settings.estimatedSize + sizeChange)
            return settings.isSweepEnabled && settings.estimatedSize > settings.sizeLimit
        }
        if isOverLimit { performSweep() }
    }

    /// Writes the stamps of reads since the last flush (runs on `queue`).
    private func applyTouches() {
        let touches = staging.withLock { staging in
            defer { staging.touches.removeAll() }
            return staging.touches
        }
        for (name, stamp) in touches {
            DataCacheEntryFile.touch(at: directory.path(of: name), stamp: stamp)
        }
    }

    /// Writes one entry, recreating the directory if it was deleted. A failure loses only this
    /// entry (it stays readable until the flush commits, then reads as a miss).
    private func write(_ entry: Entry, key: String, name: String) -> Bool {
        for attempt in 0..<2 {
            do {
                let stamp = DataCacheClock.makeTimespec(DataCacheClock.next())
                try DataCacheEntryFile.writeEntry(
                    entry,
                    key: key,
                    to: directory.path(of: name),
                    temporaryPath: directory.makeTemporaryPath(),
                    stamp: stamp
                )
                return true
            } catch {
                guard attempt == 0, error.isNotFound, (try? directory.create()) != nil else { return false }
            }
        }
        return false
    }

    /// Runs on `queue`.
    private func performSweep() {
        applyTouches()
        let now = DataCacheClock.next()
        var files = directory.listFiles(now: now)
        if let ageLimit {
            let oldest = now - ageLimit.nanoseconds
            files.removeAll { file in file.lastUsed < oldest && directory.removeFile(file.name) }
        }
        var total = files.reduce(0) { $0 + $1.size }
        let limit = sizeLimit
        if total > limit {
            let target = Int(Double(limit) * Self.trimRatio)
            for file in files.sorted(by: { ($0.lastUsed, $0.name) < ($1.lastUsed, $1.name) }) {
                guard total > target else { break }
                if directory.removeFile(file.name) { total -= file.size }
            }
        }
        settings.withLock { $0.estimatedSize = total }
    }
}

/// Why a ``DataCache`` could not be created.
public enum DataCacheError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The name is empty or is not a single path component.
    case invalidName(String)
    /// The path is not a `file:` URL, or the size limit is negative.
    case invalidPath(String)
    /// The directory does not exist and could not be created.
    case cannotCreateDirectory(path: String, reason: String)

    /// A readable account of the error.
    public var description: String {
        switch self {
        case .invalidName(let name): "invalid disk cache name '\(name)': it must be one path component"
        case .invalidPath(let path):
            "invalid disk cache location '\(path)': it must be a file URL and the limit positive"
        case let .cannotCreateDirectory(path, reason): "cannot create the disk cache directory \(path): \(reason)"
        }
    }
}
