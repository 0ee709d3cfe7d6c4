// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

import NukeCore
import NukeTestSupport
import Testing

@testable import NukeDiskCache

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

@Suite struct DataCacheTests {
    private let directory: TemporaryDirectory

    init() throws {
        directory = try TemporaryDirectory(prefix: "nuke-data-cache")
    }

    /// A cache that only flushes when told to.
    private func makeCache(sizeLimit: Int = DataCache.defaultSizeLimit) throws -> DataCache {
        let cache = try DataCache(path: directory.url, sizeLimit: sizeLimit)
        cache.flushDelay = .seconds(3600)
        return cache
    }

    private func bytes(_ count: Int, seed: UInt8 = 1) -> Data {
        Data((0..<count).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ Int(seed)) })
    }

    private func entryNames() -> [String] {
        directory.fileNames().filter { !$0.hasPrefix(".") }
    }

    // MARK: Names

    @Test("File names are the SHA-256 of the key; an empty key has none")
    func fileNames() throws {
        #expect(
            DataCache.filename(for: "http://test.com")
                == "8b408a0c7163fdfff06ced3e80d7d2b3acd9db900905c4783c28295b8c996165"
        )
        #expect(DataCache.filename(for: "") == nil)
        #expect(SHA256.hexDigest(of: "") == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        let long = String(repeating: "a", count: 1000)
        #expect(SHA256.hexDigest(of: long) == "41edece42d63e8d9bf515a9ba6932e1c20cbc9f5a5d134645adb5db1b9737ea3")
        let cache = try makeCache()
        cache.storeData(bytes(10), for: "")
        #expect(cache.cachedData(for: "") == nil)
        #expect(cache.url(for: "k")?.lastPathComponent == DataCache.filename(for: "k"))
    }

    @Test(
        "SHA-256 is right at every padding boundary",
        arguments: [
            (55, "8af594de0e003fdee5c8bb088216c824349b4137070f559574f4a4bddd27b714"),
            (56, "db81bc2bfd43620591df192139062da77d4c376f1888ea3d2190bd07c8d901f9"),
            (63, "bd535b38bf0d0d1a09d370b7e34b2696cea3767801a45d5611a4aaa6954e8527"),
            (64, "292be91abe8c0909fe3d26575af5755eee74d23816dc68c3ba41765136967654"),
            (65, "ba65aedf7884642499a59ae124894611d986cf429e69f569488048af3a99e25a"),
            (119, "d367ab298e74477421127b0b448667c37c006c636f5738f081c39388756e5fad"),
            (120, "be7beb9c82089eb08da8fe6eb30c13b9d56869014e228a8c3eb0fdfe832efab2"),
            (128, "cb5311e1d7aa8e11d6af7081f3ffc3e4efa008c7483a1a791fe170bf37546ba7"),
        ]
    )
    func sha256Boundaries(length: Int, expected: String) {
        let bytes = (0..<length).map { UInt8(($0 * 7) % 251) }
        #expect(bytes.withUnsafeBytes { SHA256.hexDigest(of: $0) } == expected)
    }

    // MARK: Staging

    @Test("25. Reads see a write before the flush, and nothing is on disk until the flush")
    func readAfterWrite() throws {
        let cache = try makeCache()
        cache.storeData(bytes(100), for: "a")
        #expect(cache.cachedData(for: "a") == bytes(100))
        #expect(cache.containsData(for: "a"))
        #expect(entryNames().isEmpty)
        cache.flush()
        #expect(entryNames() == [DataCache.filename(for: "a")!])
        #expect(cache.cachedData(for: "a") == bytes(100))
    }

    @Test("Entries persist: a new cache on the same directory reads them, metadata included")
    func persistence() throws {
        let first = try makeCache()
        first.storeEntry(DataCache.Entry(data: bytes(5000), metadata: Data("etag: x".utf8)), for: "a")
        first.storeData(Data(), for: "empty")
        first.flush()
        let second = try makeCache()
        #expect(second.cachedEntry(for: "a") == DataCache.Entry(data: bytes(5000), metadata: Data("etag: x".utf8)))
        #expect(second.cachedData(for: "empty") == Data())
        #expect(second.cachedData(for: "missing") == nil)
        #expect(!second.containsData(for: "missing"))
    }

    @Test("An entry larger than the first read chunk, with large metadata, reads back whole")
    func largeEntries() throws {
        let cache = try makeCache()
        let key = String(repeating: "k", count: 3000)
        let entry = DataCache.Entry(data: bytes(300_000, seed: 7), metadata: bytes(6000, seed: 9))
        cache.storeEntry(entry, for: key)
        cache.flush()
        #expect(try makeCache().cachedEntry(for: key) == entry)
    }

    @Test("Removals and remove-all are staged: reads stop seeing entries at once")
    func stagedRemovals() throws {
        let cache = try makeCache()
        for key in ["a", "b", "c"] { cache.storeData(bytes(10), for: key) }
        cache.flush()
        cache.removeData(for: "a")
        #expect(cache.cachedData(for: "a") == nil)
        #expect(entryNames().count == 3)
        cache.removeAll()
        cache.storeData(bytes(20), for: "d")
        #expect(cache.cachedData(for: "b") == nil)
        #expect(!cache.containsData(for: "c"))
        #expect(cache.cachedData(for: "d") == bytes(20))
        cache.flush()
        #expect(entryNames() == [DataCache.filename(for: "d")!])
        #expect(cache.totalCount == 1)
    }

    @Test("flush(for:) writes one key; with a pending remove-all it writes everything in order")
    func flushForKey() throws {
        let cache = try makeCache()
        cache.storeData(bytes(10), for: "a")
        cache.storeData(bytes(10), for: "b")
        cache.flush(for: "a")
        #expect(entryNames() == [DataCache.filename(for: "a")!])
        cache.flush()
        cache.removeAll()
        cache.storeData(bytes(10), for: "c")
        cache.flush(for: "c")
        #expect(entryNames() == [DataCache.filename(for: "c")!])
    }

    @Test("Staged writes are flushed in the background after the flush delay")
    func backgroundFlush() async throws {
        let cache = try DataCache(path: directory.url)
        cache.flushDelay = .milliseconds(10)
        cache.storeData(bytes(10), for: "a")
        let name = DataCache.filename(for: "a")!
        // Polls: the flush is the cache's own timed background work, seen only in its files.
        #expect(await waitUntil { entryNames() == [name] })
    }

    @Test("Writes that land after the cache is released are not lost")
    func writesOutliveTheCache() async throws {
        do {
            let cache = try DataCache(path: directory.url)
            cache.flushDelay = .milliseconds(20)
            cache.storeData(bytes(10), for: "a")
        }
        // Polls: the released cache's last flush runs unobserved; only its files show it.
        #expect(await waitUntil { entryNames().count == 1 })
    }

    // MARK: Sweep

    @Test("25. Sweep: a 3 MiB limit over four 1 MiB entries leaves 2 MiB")
    func sweep() throws {
        let mebibyte = 1024 * 1024
        let cache = try makeCache(sizeLimit: 100 * mebibyte)
        for key in ["a", "b", "c", "d"] { cache.storeData(bytes(mebibyte), for: key) }
        cache.flush()
        #expect(cache.totalSize > 4 * mebibyte)
        cache.sizeLimit = 3 * mebibyte
        cache.sweep()
        #expect(cache.totalCount == 2)
        #expect(cache.totalSize >= 2 * mebibyte && cache.totalSize < 2 * mebibyte + 1024)
        #expect(cache.totalAllocatedSize >= cache.totalSize)
    }

    @Test("Sweep removes the least recently read entries")
    func leastRecentlyUsed() throws {
        let kibibyte = 1024
        let cache = try makeCache(sizeLimit: 10_000 * kibibyte)
        for key in ["a", "b", "c", "d"] { cache.storeData(bytes(100 * kibibyte), for: key) }
        cache.flush()
        #expect(cache.cachedData(for: "b") != nil)
        #expect(cache.cachedData(for: "a") != nil)
        cache.sizeLimit = 300 * kibibyte
        cache.sweep()
        #expect(cache.cachedData(for: "a") != nil)
        #expect(cache.cachedData(for: "b") != nil)
        #expect(cache.cachedData(for: "c") == nil)
        #expect(cache.cachedData(for: "d") == nil)
    }

    @Test("The LRU order is on disk after a flush: another cache (or process) sweeps by it")
    func leastRecentlyUsedAcrossInstances() throws {
        let kibibyte = 1024
        let writer = try makeCache(sizeLimit: 10_000 * kibibyte)
        for key in ["a", "b", "c", "d"] { writer.storeData(bytes(100 * kibibyte), for: key) }
        writer.flush()
        #expect(writer.cachedData(for: "a") != nil)
        #expect(writer.cachedData(for: "b") != nil)
        writer.flush()  // Writes the reads' stamps.
        let reader = try makeCache(sizeLimit: 300 * kibibyte)
        reader.sweep()
        #expect(reader.cachedData(for: "a") != nil)
        #expect(reader.cachedData(for: "b") != nil)
        #expect(reader.cachedData(for: "c") == nil)
        #expect(reader.cachedData(for: "d") == nil)
    }

    @Test("A read's stamp never makes a newer write look older")
    func staleTouch() throws {
        let cache = try makeCache(sizeLimit: 10_000_000)
        cache.storeData(bytes(10), for: "a")
        cache.flush()
        let path = cache.url(for: "a")!.path
        #expect(cache.cachedData(for: "a") != nil)  // Stamp taken now, written at the next flush.
        let other = try makeCache()
        other.storeData(bytes(20), for: "a")
        other.flush()
        let written = try FileManager.default.attributesOfItem(atPath: path)[.modificationDate] as? Date
        cache.flush()
        let after = try FileManager.default.attributesOfItem(atPath: path)[.modificationDate] as? Date
        #expect(written == after)
        #expect(cache.cachedData(for: "a") == bytes(20))
    }

    @Test("A flush that takes the cache over its limit sweeps at once")
    func sweepAfterFlush() throws {
        let cache = try makeCache(sizeLimit: 250_000)
        for key in ["a", "b", "c"] {
            cache.storeData(bytes(100_000), for: key)
            cache.flush()
        }
        #expect(cache.totalSize <= 175_000)
        #expect(cache.cachedData(for: "c") != nil)
    }

    @Test("Sweeps run periodically while the cache lives")
    func periodicSweep() async throws {
        let cache = try makeCache(sizeLimit: 10_000_000)
        cache.storeData(bytes(100_000), for: "a")
        cache.storeData(bytes(100_000), for: "b")
        await cache.flush()
        cache.sizeLimit = 150_000
        cache.sweepInterval = .milliseconds(20)
        // Polls: the sweep is timed background work, seen only in the files.
        #expect(await waitUntil { entryNames().count == 1 })
    }

    @Test("With isSweepEnabled off, flushes over the limit and periodic sweeps leave entries; sweep() still trims")
    func sweepDisabled() throws {
        let cache = try makeCache(sizeLimit: 250_000)
        cache.isSweepEnabled = false
        for key in ["a", "b", "c"] {
            cache.storeData(bytes(100_000), for: key)
            cache.flush()
        }
        #expect(cache.totalCount == 3)
        cache.sweep()
        #expect(cache.totalSize <= 175_000)
    }

    @Test("Entries unused for longer than ageLimit read as misses and are swept; used ones stay")
    func ageLimit() throws {
        let cache = try makeCache()
        for key in ["old", "read", "new"] { cache.storeData(bytes(1_000), for: key) }
        cache.flush()
        // Age two entries by eight days on disk (their last-use stamps), as time passing would.
        for key in ["old", "read"] {
            try FileManager.default.setAttributes(
                [.modificationDate: Date(timeIntervalSinceNow: -8 * 86_400)],
                ofItemAtPath: try #require(cache.url(for: key)).path
            )
        }
        #expect(cache.cachedData(for: "old") != nil, "no age limit: entries stay")
        cache.flush()  // That read stamped "old" as used now; age it again.
        try FileManager.default.setAttributes(
            [.modificationDate: Date(timeIntervalSinceNow: -8 * 86_400)],
            ofItemAtPath: try #require(cache.url(for: "old")).path
        )
        cache.ageLimit = .seconds(7 * 86_400)
        #expect(cache.cachedData(for: "old") == nil)
        #expect(!cache.containsData(for: "read"))
        #expect(cache.cachedData(for: "new") != nil)
        cache.sweep()
        #expect(entryNames().count == 1)
        #expect(cache.cachedData(for: "new") != nil)
        // A rewrite makes an expired key fresh again.
        cache.storeData(bytes(10), for: "old")
        cache.flush()
        #expect(cache.cachedData(for: "old") == bytes(10))
        // A limit past Int64's nanoseconds saturates: nothing expires, nothing overflows.
        cache.ageLimit = .seconds(Int64.max)
        cache.sweep()
        #expect(cache.cachedData(for: "new") != nil && cache.cachedData(for: "old") != nil)
    }

    @Test("Temporary files abandoned by a killed writer are deleted by a sweep after an hour")
    func abandonedTemporaryFiles() throws {
        let cache = try makeCache()
        let stale = directory.appending(".tmp-1-1-stale").path
        let fresh = directory.appending(".tmp-1-2-fresh").path
        #expect(FileManager.default.createFile(atPath: stale, contents: bytes(10)))
        #expect(FileManager.default.createFile(atPath: fresh, contents: bytes(10)))
        try FileManager.default.setAttributes(
            [.modificationDate: Date(timeIntervalSinceNow: -7200)],
            ofItemAtPath: stale
        )
        cache.sweep()
        #expect(directory.fileNames() == [".tmp-1-2-fresh"])
        #expect(cache.totalCount == 0)
    }

    // MARK: Robustness

    @Test("The directory deleted under the cache is recreated by the next write")
    func directoryDeleted() throws {
        let cache = try makeCache()
        cache.storeData(bytes(10), for: "a")
        cache.flush()
        try FileManager.default.removeItem(at: directory.url)
        #expect(cache.cachedData(for: "a") == nil)
        cache.storeData(bytes(20), for: "b")
        cache.flush()
        #expect(cache.cachedData(for: "b") == bytes(20))
        #expect(try makeCache().cachedData(for: "b") == bytes(20))
    }

    @Test("Truncated, foreign and garbage files read as misses")
    func corruptFiles() throws {
        let cache = try makeCache()
        cache.storeData(bytes(1000), for: "a")
        cache.flush()
        let path = cache.url(for: "a")!.path
        let whole = try Data(contentsOf: URL(fileURLWithPath: path))
        for length in [0, 1, 23, 24, 30, whole.count - 1] {
            try whole.prefix(length).write(to: URL(fileURLWithPath: path))
            #expect(cache.cachedData(for: "a") == nil, "truncated to \(length)")
        }
        try (whole + Data([0])).write(to: URL(fileURLWithPath: path))
        #expect(cache.cachedData(for: "a") == nil)
        var wrongMagic = whole
        wrongMagic[wrongMagic.count - 1] ^= 0xff
        try wrongMagic.write(to: URL(fileURLWithPath: path))
        #expect(cache.cachedData(for: "a") == nil)
        try FileManager.default.createDirectory(atPath: cache.url(for: "dir")!.path, withIntermediateDirectories: true)
        #expect(cache.cachedData(for: "dir") == nil)
    }

    @Test("Two keys forced into one file never read each other's data")
    func fileNameCollision() throws {
        let cache = try DataCache(path: directory.url) { _ in "same" }
        cache.flushDelay = .seconds(3600)
        cache.storeData(bytes(10, seed: 1), for: "a")
        cache.flush()
        cache.storeData(bytes(10, seed: 2), for: "b")
        cache.flush()
        #expect(cache.cachedData(for: "a") == nil)
        #expect(cache.cachedData(for: "b") == bytes(10, seed: 2))
    }

    @Test("File names that would escape the directory are refused")
    func unsafeFileNames() throws {
        let cache = try DataCache(path: directory.url) { key in key }
        cache.storeData(bytes(10), for: "../escape")
        cache.storeData(bytes(10), for: ".hidden")
        cache.flush()
        #expect(cache.cachedData(for: "../escape") == nil)
        #expect(directory.fileNames().isEmpty)
    }

    @Test("Two caches on one directory, writing the same keys at once, never corrupt an entry")
    func sharedDirectory() async throws {
        let first = try makeCache()
        let second = try makeCache()
        await withTaskGroup(of: Void.self) { group in
            for (index, cache) in [first, second].enumerated() {
                group.addTask {
                    for round in 0..<40 {
                        for key in 0..<10 {
                            cache.storeData(bytes(2000 + key * 100, seed: UInt8(index * 100 + round)), for: "k\(key)")
                        }
                        cache.flush()
                    }
                }
            }
        }
        let reader = try makeCache()
        for key in 0..<10 {
            let data = try #require(reader.cachedData(for: "k\(key)"))
            let seeds = (0..<80).map { UInt8($0 < 40 ? $0 : 60 + $0) }
            #expect(seeds.contains { bytes(2000 + key * 100, seed: $0) == data })
        }
        #expect(entryNames().count == 10)
    }

    @Test("Bad arguments are typed errors")
    func badArguments() throws {
        #expect(throws: DataCacheError.invalidName("a/b")) { try DataCache(name: "a/b") }
        #expect(throws: DataCacheError.invalidName("")) { try DataCache(name: "") }
        #expect(throws: DataCacheError.invalidPath("http://x/")) { try DataCache(path: URL(string: "http://x/")!) }
        #expect {
            try DataCache(path: URL(fileURLWithPath: "/proc/nuke-cannot-exist"))
        } throws: { error in
            guard case .cannotCreateDirectory(let path, _)? = error as? DataCacheError else { return false }
            return path == "/proc/nuke-cannot-exist"
        }
    }
}
