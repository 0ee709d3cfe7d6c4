// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

import Foundation
import NukeCore
import NukeTestSupport
import Testing

@testable import NukeDiskCache

@Suite("Data caches keep the DataCaching contract; tiers read outward, promote and write everywhere")
struct TieredDataCacheTests {
    let directory: TemporaryDirectory

    init() throws {
        directory = try TemporaryDirectory(prefix: "nuke-tiered")
    }

    /// A `DataCache` in a new folder of the test's directory.
    func makeDiskCache() throws -> DataCache {
        try DataCache(path: directory.url.appendingPathComponent(UUID().uuidString, isDirectory: true))
    }

    @Test("DataCache keeps the contract", arguments: DataCachingContract.Check.allCases)
    func diskCacheContract(_ check: DataCachingContract.Check) async throws {
        let contract = DataCachingContract(
            reopen: { cache in try DataCache(path: (cache as! DataCache).path) },
            makeCache: { [self] in try makeDiskCache() }
        )
        try await contract.run(check)
    }

    @Test("TieredDataCache over two DataCaches keeps the contract", arguments: DataCachingContract.Check.allCases)
    func tieredContract(_ check: DataCachingContract.Check) async throws {
        let contract = DataCachingContract(
            reopen: { cache in
                TieredDataCache(
                    try (cache as! TieredDataCache).tiers.map { try DataCache(path: ($0 as! DataCache).path) }
                )
            },
            makeCache: { [self] in TieredDataCache([try makeDiskCache(), try makeDiskCache()]) }
        )
        try await contract.run(check)
    }

    @Test("A hit in an outer tier is promoted to the nearer ones; writes and removals reach every tier")
    func promotesAndWritesEverywhere() async throws {
        let near = CountingDataCache(wrapping: MockDataCache())
        let middle = CountingDataCache(wrapping: MockDataCache())
        let far = CountingDataCache(wrapping: MockDataCache())
        let tiers = TieredDataCache([near, middle, far])

        far.base.storeData(Data("far".utf8), for: "k")
        #expect(tiers.cachedData(for: "k") == Data("far".utf8))
        #expect(near.base.cachedData(for: "k") == Data("far".utf8))
        #expect(middle.base.cachedData(for: "k") == Data("far".utf8))
        let farReads = far.readKeys.count
        #expect(tiers.cachedData(for: "k") == Data("far".utf8))
        #expect(far.readKeys.count == farReads, "the second read stops at the nearest tier")

        tiers.storeData(Data("new".utf8), for: "j")
        #expect([near, middle, far].allSatisfy { $0.base.cachedData(for: "j") == Data("new".utf8) })
        tiers.removeData(for: "j")
        #expect([near, middle, far].allSatisfy { !$0.base.containsData(for: "j") })
        #expect(tiers.containsData(for: "k"))
        tiers.removeAll()
        #expect(!tiers.containsData(for: "k"))
    }

    @Test("A tier that answers nothing is passed over: reads still hit the others")
    func silentTier() async throws {
        let near = MockDataCache()
        let tiers = TieredDataCache([near, SilentDataCache()])
        tiers.storeData(Data("kept".utf8), for: "k")
        #expect(tiers.cachedData(for: "k") == Data("kept".utf8))
        #expect(tiers.cachedData(for: "missing") == nil)

        let pipeline = ImagePipeline.makeTestPipeline { $0.dataCache = TieredDataCache([SilentDataCache(), near]) }
        _ = try await pipeline.image(for: URL.test)
        // The original is stored off the request's path; wait for it.
        #expect(await waitUntil(near) { near.containsData(for: URL.test.absoluteString) })
    }
}

/// A cache that keeps nothing and finds nothing (a remote tier that is down).
final class SilentDataCache: DataCaching {
    func cachedData(for key: String) -> Data? { nil }
    func containsData(for key: String) -> Bool { false }
    func storeData(_ data: Data, for key: String) {}
    func removeData(for key: String) {}
    func removeAll() {}
}
