// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

public import NukeCore
internal import Synchronization

#if canImport(FoundationEssentials)
    public import FoundationEssentials
#else
    public import Foundation
#endif

/// A dictionary-backed memory cache that counts reads and writes.
public final class MockImageCache: ImageCaching, ReportsChanges {
    private struct State {
        var images: [ImageCacheKey: ImageContainer] = [:]
        var readCount = 0
        var writeCount = 0
    }

    private let state = Mutex(State())

    /// Told after every write and removal.
    public let changes = Changes()

    /// Creates an empty cache.
    public init() {}

    /// Reads (counted) or writes (counted) an entry.
    public subscript(key: ImageCacheKey) -> ImageContainer? {
        get {
            state.withLock {
                $0.readCount += 1
                return $0.images[key]
            }
        }
        set {
            state.withLock {
                $0.writeCount += 1
                $0.images[key] = newValue
            }
            changes.notify()
        }
    }

    /// Removes everything.
    public func removeAll() {
        state.withLock { $0.images.removeAll() }
        changes.notify()
    }

    /// Reads so far.
    public var readCount: Int { state.withLock { $0.readCount } }
    /// Writes so far.
    public var writeCount: Int { state.withLock { $0.writeCount } }
    /// Entries stored.
    public var count: Int { state.withLock { $0.images.count } }
    /// Reads without counting.
    public func peek(_ key: ImageCacheKey) -> ImageContainer? { state.withLock { $0.images[key] } }
}

/// A dictionary-backed data cache that counts reads and writes.
public final class MockDataCache: DataCaching, ReportsChanges {
    private struct State {
        var store: [String: Data] = [:]
        var readCount = 0
        var writeCount = 0
    }

    private let state = Mutex(State())

    /// Told after every write and removal.
    public let changes = Changes()

    /// Creates an empty cache.
    public init() {}

    /// Reads an entry (counted).
    public func cachedData(for key: String) -> Data? {
        state.withLock {
            $0.readCount += 1
            return $0.store[key]
        }
    }

    /// `true` if an entry exists.
    public func containsData(for key: String) -> Bool {
        state.withLock { $0.store[key] != nil }
    }

    /// Writes an entry (counted).
    public func storeData(_ data: Data, for key: String) {
        state.withLock {
            $0.writeCount += 1
            $0.store[key] = data
        }
        changes.notify()
    }

    /// Removes an entry.
    public func removeData(for key: String) {
        state.withLock { _ = $0.store.removeValue(forKey: key) }
        changes.notify()
    }

    /// Removes everything.
    public func removeAll() {
        state.withLock { $0.store.removeAll() }
        changes.notify()
    }

    /// Reads so far.
    public var readCount: Int { state.withLock { $0.readCount } }
    /// Writes so far.
    public var writeCount: Int { state.withLock { $0.writeCount } }
    /// The stored keys, sorted.
    public var keys: [String] { state.withLock { $0.store.keys.sorted() } }
}

/// Wraps a real disk cache, counting reads and recording the keys written, so pipeline tests run
/// against a real directory and still check exact counts.
public final class CountingDataCache: DataCaching {
    private struct State {
        var readKeys: [String] = []
        var writtenKeys: [String] = []
    }

    /// The wrapped cache.
    public let base: any DataCaching
    private let state = Mutex(State())

    /// Wraps `base`.
    public init(wrapping base: any DataCaching) {
        self.base = base
    }

    /// Reads through (counted).
    public func cachedData(for key: String) -> Data? {
        state.withLock { $0.readKeys.append(key) }
        return base.cachedData(for: key)
    }

    /// Asks the base.
    public func containsData(for key: String) -> Bool { base.containsData(for: key) }

    /// Writes through, recording the key.
    public func storeData(_ data: Data, for key: String) {
        state.withLock { $0.writtenKeys.append(key) }
        base.storeData(data, for: key)
    }

    /// Removes through.
    public func removeData(for key: String) { base.removeData(for: key) }

    /// Removes everything through.
    public func removeAll() { base.removeAll() }

    /// Flushes the wrapped cache.
    public func flush() async { await base.flush() }

    /// Reads so far.
    public var readCount: Int { state.withLock { $0.readKeys.count } }
    /// Keys read so far, in order, with repeats.
    public var readKeys: [String] { state.withLock { $0.readKeys } }
    /// Keys written so far, in order, with repeats.
    public var writtenKeys: [String] { state.withLock { $0.writtenKeys } }
}
