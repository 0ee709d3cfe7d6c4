// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

import NukeTestSupport
import Testing

@testable import NukeCore

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

@Suite struct ImageCacheTests {
    private func image(width: Int = 640, height: Int = 480) throws -> ImageContainer {
        ImageContainer(image: try Bitmap(width: width, height: height, pixelFormat: .rgba8))
    }

    private func key(_ name: String) -> ImageCacheKey { ImageCacheKey(key: name) }

    @Test("25. A 640×480 RGBA image costs 1,228,800; attached data adds its size")
    func cost() throws {
        let cache = ImageCache(costLimit: 100_000_000)
        cache[key("a")] = try image()
        #expect(cache.totalCost == 1_228_800)
        #expect(cache.totalCount == 1)
        var withData = try image(width: 10, height: 10)
        withData.data = Data(count: 1000)
        cache[key("b")] = withData
        #expect(cache.totalCost == 1_228_800 + 400 + 1000)
    }

    @Test("25. An entry costing at least entryCostLimit of the limit is not stored")
    func entryCostLimit() throws {
        let cache = ImageCache(costLimit: 12_288_000)  // 10% is exactly one 640×480 image.
        cache[key("big")] = try image()
        #expect(cache[key("big")] == nil)
        #expect(cache.totalCount == 0)
        cache[key("small")] = try image(width: 639)
        #expect(cache[key("small")] != nil)
        cache.entryCostLimit = 1
        cache[key("big")] = try image()
        #expect(cache[key("big")] != nil)
    }

    @Test("A rejected oversized replacement removes the stale smaller entry")
    func oversizedReplacement() throws {
        let cache = ImageCache(costLimit: 12_288_000)
        cache[key("a")] = try image(width: 10, height: 10)
        cache[key("a")] = try image()
        #expect(cache[key("a")] == nil)
    }

    @Test("25. Second chance: read a, insert d into a 3-entry cache: b is evicted, a kept")
    func secondChance() throws {
        let cache = ImageCache(countLimit: 3)
        for name in ["a", "b", "c"] { cache[key(name)] = try image(width: 1, height: 1) }
        _ = cache[key("a")]
        cache[key("d")] = try image(width: 1, height: 1)
        #expect(cache[key("a")] != nil)
        #expect(cache[key("b")] == nil)
        #expect(cache[key("c")] != nil)
        #expect(cache[key("d")] != nil)
        #expect(cache.totalCount == 3)
    }

    @Test("Without reads, eviction is oldest first; an overwrite counts as a use")
    func overwriteIsUse() throws {
        let cache = ImageCache(countLimit: 2)
        cache[key("a")] = try image(width: 1, height: 1)
        cache[key("b")] = try image(width: 1, height: 1)
        cache[key("a")] = try image(width: 2, height: 1)
        cache[key("c")] = try image(width: 1, height: 1)
        #expect(cache[key("a")]?.image.width == 2)
        #expect(cache[key("b")] == nil)
        #expect(cache.totalCost == 2 * 4 + 4)
    }

    @Test("The cost limit evicts least recently used entries")
    func costLimit() throws {
        let cache = ImageCache(costLimit: 4000)
        cache.entryCostLimit = 1
        for index in 0..<5 { cache[key("\(index)")] = try image(width: 10, height: 10) }  // 400 each.
        _ = cache[key("0")]
        cache[key("big")] = try image(width: 60, height: 10)  // 2400: one 400 entry must go.
        #expect(cache.totalCost <= 4000)
        #expect(cache[key("0")] != nil)
        #expect(cache[key("big")] != nil)
        #expect(cache[key("1")] == nil)
        #expect(cache[key("2")] != nil)
    }

    @Test("trim(toCost:), trim(toCount:), lowering limits and removeAll")
    func trimming() throws {
        let cache = ImageCache(costLimit: 1_000_000)
        for index in 0..<10 { cache[key("\(index)")] = try image(width: 10, height: 10) }
        cache.trim(toCount: 6)
        #expect(cache.totalCount == 6)
        #expect(cache[key("3")] == nil && cache[key("4")] != nil)
        cache.trim(toCost: 1200)
        #expect(cache.totalCost == 1200)
        cache.countLimit = 2
        #expect(cache.totalCount == 2)
        cache.costLimit = 400
        #expect(cache.totalCount == 1)
        cache.removeAll()
        #expect(cache.totalCount == 0 && cache.totalCost == 0)
        cache[key("x")] = try image(width: 1, height: 1)
        #expect(cache.totalCount == 1)
    }

    @Test("Expired entries are removed when read; a per-entry TTL overrides the cache's")
    func timeToLive() throws {
        let clock = ManualClock()
        let cache = ImageCache(clock: clock)
        cache.ttl = 0.05
        cache[key("short")] = try image(width: 1, height: 1)
        cache.store(try image(width: 1, height: 1), for: key("long"), ttl: 60)
        clock.advance(by: .milliseconds(49))
        #expect(cache[key("short")] != nil)
        clock.advance(by: .milliseconds(1))
        #expect(cache[key("short")] == nil)
        #expect(cache[key("long")] != nil)
        #expect(cache.totalCount == 1)
    }

    @Test("Assigning nil removes an entry and its cost")
    func removal() throws {
        let cache = ImageCache()
        cache[key("a")] = try image(width: 2, height: 2)
        cache[key("a")] = nil
        #expect(cache[key("a")] == nil)
        #expect(cache.totalCost == 0)
    }

    @Test("The default cost limit is 15% of available memory, at most 768 MiB")
    func defaultCostLimit() {
        let expected = min(768 * 1024 * 1024, Int(Double(SystemMemory.available) * 0.15))
        #expect(ImageCache.defaultCostLimit == expected)
        #expect(ImageCache().costLimit == expected)
    }

    @Test("Concurrent reads, writes and trims keep the limits and the accounting")
    func concurrency() async throws {
        let cache = ImageCache(costLimit: 40_000, countLimit: 50)
        cache.entryCostLimit = 1
        let tile = try image(width: 10, height: 10)
        await withTaskGroup(of: Void.self) { group in
            for worker in 0..<8 {
                group.addTask {
                    for step in 0..<2000 {
                        let name = key("\((worker * 7 + step) % 120)")
                        switch step % 5 {
                        case 0, 1: cache[name] = tile
                        case 2: cache[name] = nil
                        case 3: cache.trim(toCount: 40)
                        default: _ = cache[name]
                        }
                    }
                }
            }
        }
        #expect(cache.totalCount <= 50)
        #expect(cache.totalCost == cache.totalCount * 400)
    }

    @Test("Memory pressure: moderate trims to half the cost, least recently used first; critical empties")
    func memoryPressure() throws {
        let pressure = ManualMemoryPressure()
        let cache = ImageCache(costLimit: 100_000_000, memoryPressure: pressure)
        #expect(pressure.observerCount == 1)
        for name in ["a", "b", "c", "d"] { cache[key(name)] = try image(width: 100, height: 100) }
        _ = cache[key("a")]  // Read: a gets its second chance.
        let full = cache.totalCost
        pressure.send(.moderate)
        #expect(cache.totalCost <= full / 2)
        #expect(cache[key("a")] != nil && cache[key("d")] != nil)
        #expect(cache[key("b")] == nil)
        pressure.send(.critical)
        #expect(cache.totalCount == 0)
    }

    @Test("A cache stops observing the source when it goes; a cache given no source never trims for pressure")
    func memoryPressureLifetime() throws {
        let pressure = ManualMemoryPressure()
        do {
            let cache = ImageCache(memoryPressure: pressure)
            cache[key("a")] = try image(width: 10, height: 10)
            #expect(pressure.observerCount == 1)
        }
        #expect(pressure.observerCount == 0)
        let deaf = ImageCache(memoryPressure: nil)
        deaf[key("a")] = try image(width: 10, height: 10)
        pressure.send(.critical)
        #expect(deaf.totalCount == 1)
    }

    @Test(
        "PSI: a real pressure file takes triggers and a thread watches while something observes; other files are refused"
    )
    func pressureStallInformation() throws {
        #expect(throws: PSIError.self) { try PSIMemoryPressure(path: "/nonexistent/memory.pressure") }
        let directory = try TemporaryDirectory(prefix: "nuke-psi")
        let impostor = directory.appending("memory.pressure")
        try Data("not pressure\n".utf8).write(to: impostor)
        #expect(throws: PSIError.self) { try PSIMemoryPressure(path: impostor.path) }
        // Where the kernel has PSI (this machine's does; Debian's stock kernels boot with it off),
        // a monitor arms real triggers and runs its thread only while observed.
        guard let monitor = try? PSIMemoryPressure() else {
            #expect(PSIMemoryPressure.current == nil)
            return
        }
        #expect(PSIMemoryPressure.candidatePaths().contains(monitor.path))
        #expect(!monitor.isWatching)
        let first = monitor.observe { _ in }
        let second = monitor.observe { _ in }
        #expect(monitor.isWatching)
        first.cancel()
        #expect(monitor.isWatching)
        second.cancel()
        #expect(!monitor.isWatching)
        let again = monitor.observe { _ in }
        #expect(monitor.isWatching)
        again.cancel()
    }
}
