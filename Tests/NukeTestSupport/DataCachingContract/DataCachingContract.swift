// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

public import NukeCore

#if canImport(FoundationEssentials)
    internal import FoundationEssentials
#else
    internal import Foundation
#endif

/// The rules every `DataCaching` implementation follows: `DataCache`, `TieredDataCache`, and
/// cache plugins such as a Redis tier.
///
/// Run every check from a parameterized test, with a fresh, empty cache for each:
///
/// ```swift
/// @Test(arguments: DataCachingContract.Check.allCases)
/// func contract(_ check: DataCachingContract.Check) async throws {
///     try await DataCachingContract { try MyCache() }.run(check)
/// }
/// ```
public struct DataCachingContract: Sendable {
    /// One rule of the contract.
    public enum Check: String, CaseIterable, Sendable, CustomStringConvertible {
        /// What is stored reads back byte for byte at once and after `flush()`; `containsData`
        /// agrees; a key never stored is a miss.
        case storesAndReads
        /// Storing again replaces the value; values of other keys are untouched.
        case replaces
        /// `removeData` and `removeAll` make misses, at once and after `flush()`.
        case removes
        /// Keys of any shape (empty, long, Unicode, path-like) and values from 0 bytes to 4 MiB
        /// either read back exactly or miss; never another key's bytes, never a crash.
        case oddKeysAndValues
        /// Eight threads storing, reading and removing overlapping keys: every read is a miss or
        /// exactly one of the values written for that key.
        case concurrentUse
        /// After `flush()`, a second instance over the same storage (when the cache has one)
        /// reads what the first stored.
        case survivesReopening

        public var description: String { rawValue }
    }

    /// Makes a new, empty cache; called once per check.
    public let makeCache: @Sendable () throws -> any DataCaching
    /// Opens a second instance over the storage of a cache made by ``makeCache``, or `nil` when
    /// the cache keeps nothing beyond itself (then ``Check/survivesReopening`` passes at once).
    public let reopen: (@Sendable (any DataCaching) throws -> any DataCaching)?

    /// Creates the contract for a cache.
    public init(
        reopen: (@Sendable (any DataCaching) throws -> any DataCaching)? = nil,
        makeCache: @escaping @Sendable () throws -> any DataCaching
    ) {
        self.makeCache = makeCache
        self.reopen = reopen
    }

    /// Runs one check; throws ``DataCachingContractViolation`` when the cache breaks the rule.
    public func run(_ check: Check) async throws {
        let cache = try makeCache()
        switch check {
        case .storesAndReads: try await storesAndReads(cache)
        case .replaces: try await replaces(cache)
        case .removes: try await removes(cache)
        case .oddKeysAndValues: try await oddKeysAndValues(cache)
        case .concurrentUse: try await concurrentUse(cache)
        case .survivesReopening: try await survivesReopening(cache)
        }
    }

    /// `count` bytes that differ with `seed`.
    static func value(_ seed: Int, count: Int = 1000) -> Data {
        Data((0..<count).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ seed &* 7 &+ 1) })
    }

    private func storesAndReads(_ cache: any DataCaching) async throws {
        let values = (0..<20).map { (key: "key-\($0)", data: Self.value($0)) }
        for (key, data) in values { cache.storeData(data, for: key) }
        for (key, data) in values {
            try check(cache.cachedData(for: key) == data, "\(key) did not read back at once")
            try check(cache.containsData(for: key), "containsData(\(key)) is false after storing")
        }
        await cache.flush()
        for (key, data) in values {
            try check(cache.cachedData(for: key) == data, "\(key) did not read back after flush()")
        }
        try check(cache.cachedData(for: "never-stored") == nil, "a key never stored read as data")
        try check(!cache.containsData(for: "never-stored"), "containsData is true for a key never stored")
    }

    private func replaces(_ cache: any DataCaching) async throws {
        cache.storeData(Self.value(1), for: "a")
        cache.storeData(Self.value(2), for: "b")
        cache.storeData(Self.value(3, count: 10), for: "a")
        try check(cache.cachedData(for: "a") == Self.value(3, count: 10), "storing again did not replace at once")
        await cache.flush()
        try check(cache.cachedData(for: "a") == Self.value(3, count: 10), "storing again did not replace on flush()")
        try check(cache.cachedData(for: "b") == Self.value(2), "replacing one key changed another")
    }

    private func removes(_ cache: any DataCaching) async throws {
        for index in 0..<5 { cache.storeData(Self.value(index), for: "key-\(index)") }
        await cache.flush()
        cache.removeData(for: "key-0")
        try check(cache.cachedData(for: "key-0") == nil, "removeData left the value readable")
        try check(!cache.containsData(for: "key-0"), "containsData is true after removeData")
        try check(cache.cachedData(for: "key-1") == Self.value(1), "removeData removed another key")
        await cache.flush()
        try check(cache.cachedData(for: "key-0") == nil, "a removed value came back after flush()")
        cache.removeAll()
        for index in 1..<5 {
            try check(cache.cachedData(for: "key-\(index)") == nil, "removeAll left key-\(index)")
        }
        await cache.flush()
        for index in 1..<5 {
            try check(cache.cachedData(for: "key-\(index)") == nil, "key-\(index) came back after removeAll, flush()")
        }
        cache.storeData(Self.value(9), for: "after")
        try check(cache.cachedData(for: "after") == Self.value(9), "the cache does not store after removeAll")
    }

    private func oddKeysAndValues(_ cache: any DataCaching) async throws {
        let keys = [
            "", " ", "../../etc/passwd", "a/b/c", ".hidden", "ключ-鍵-🔑", String(repeating: "k", count: 4000),
            "line\nbreak", "nul\u{0}byte", "http://example.com/image.jpg?w=100&h=100",
        ]
        let sizes = [0, 1, 4 << 20]
        var stored: [String: Data] = [:]
        for (index, key) in keys.enumerated() {
            let data = Self.value(index, count: sizes[index % sizes.count])
            cache.storeData(data, for: key)
            stored[key] = data
        }
        await cache.flush()
        for key in keys {
            let read = cache.cachedData(for: key)
            try check(read == nil || read == stored[key], "key \(key.debugDescription.prefix(40)) read other bytes")
        }
        try check(cache.cachedData(for: "a/b/c") == stored["a/b/c"], "a path-like key did not read back")
        try check(cache.cachedData(for: "ключ-鍵-🔑") == stored["ключ-鍵-🔑"], "a Unicode key did not read back")
    }

    private func concurrentUse(_ cache: any DataCaching) async throws {
        let keys = (0..<16).map { "shared-\($0)" }
        let written = (0..<8).map { thread in (0..<16).map { Self.value(thread * 100 + $0, count: 2000) } }
        let found = await withTaskGroup(of: [String].self) { group in
            for thread in 0..<8 {
                group.addTask {
                    var problems: [String] = []
                    for round in 0..<300 {
                        let index = (round * 7 + thread) % keys.count
                        switch round % 5 {
                        case 0, 1: cache.storeData(written[thread][index], for: keys[index])
                        case 2: cache.removeData(for: keys[index])
                        default:
                            if let read = cache.cachedData(for: keys[index]),
                                !written.contains(where: { $0[index] == read })
                            {
                                problems.append("\(keys[index]) read bytes nobody wrote for it")
                            }
                        }
                    }
                    return problems
                }
            }
            return await group.reduce(into: []) { $0 += $1 }
        }
        await cache.flush()
        try check(found.isEmpty, found.first ?? "")
        for (index, key) in keys.enumerated() {
            let read = cache.cachedData(for: key)
            try check(read == nil || written.contains { $0[index] == read }, "\(key) holds bytes nobody wrote for it")
        }
    }

    private func survivesReopening(_ cache: any DataCaching) async throws {
        guard let reopen else { return }
        for index in 0..<10 { cache.storeData(Self.value(index), for: "durable-\(index)") }
        cache.removeData(for: "durable-3")
        await cache.flush()
        let second = try reopen(cache)
        for index in 0..<10 where index != 3 {
            try check(second.cachedData(for: "durable-\(index)") == Self.value(index), "durable-\(index) was lost")
        }
        try check(second.cachedData(for: "durable-3") == nil, "a removed value came back in a new instance")
    }

    private func check(_ condition: Bool, _ message: @autoclosure () -> String) throws(DataCachingContractViolation) {
        guard condition else { throw DataCachingContractViolation(description: message()) }
    }
}

/// A rule of ``DataCachingContract`` the cache broke.
public struct DataCachingContractViolation: Error, CustomStringConvertible {
    /// What went wrong.
    public let description: String
}
