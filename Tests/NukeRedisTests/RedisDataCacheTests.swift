// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

import Foundation
import NukeCore
import NukeDiskCache
import NukeTestSupport
import Testing

@testable import NukeRedis

@Suite(.enabled(if: RedisServer.isAvailable, "needs redis-server"))
struct RedisDataCacheContractTests {
    @Test(arguments: DataCachingContract.Check.allCases, Transport.allCases)
    func contract(_ check: DataCachingContract.Check, transport: Transport) async throws {
        let server = try RedisServer()
        let configuration = try transport.configuration(for: server)
        try await DataCachingContract(reopen: { _ in RedisDataCache(configuration: configuration) }) {
            RedisDataCache(configuration: configuration)
        }
        .run(check)
    }
}

@Suite(.enabled(if: RedisServer.isAvailable, "needs redis-server"))
struct RedisDataCacheTests {
    @Test("Entries carry the time to live; prefixes keep caches apart; removeAll removes its own prefix only")
    func ttlAndPrefixes() async throws {
        let server = try RedisServer()
        let results = RedisDataCache(configuration: try server.configuration { $0.timeToLive = .seconds(3600) })
        let forever = RedisDataCache(
            configuration: try server.configuration {
                $0.timeToLive = nil
                $0.keyPrefix = "forever:"
            }
        )
        forever.storeData(Data("kept".utf8), for: "k")
        await forever.flush()
        #expect(try server.command(["PTTL", "forever:k"]) == .integer(-1), "no expiry")
        let originals = results.withKeyPrefix("nuke:originals:")
        results.storeData(Data("result".utf8), for: "k")
        originals.storeData(Data("original".utf8), for: "k")
        try server.command(["SET", "someone-else", "x"])
        await results.flush()
        guard case .integer(let ttl) = try server.command(["PTTL", "nuke:k"]) else {
            Issue.record("no TTL")
            return
        }
        // Counting down from an hour (how far it got depends on the machine, not on the cache).
        #expect(ttl > 0 && ttl <= 3_600_000)
        #expect(originals.cachedData(for: "k") == Data("original".utf8))
        results.removeAll()
        #expect(results.cachedData(for: "k") == nil, "at once")
        await results.flush()
        #expect(results.cachedData(for: "k") == nil)
        #expect(originals.cachedData(for: "k") == nil, "nuke:originals: starts with nuke: too")
        #expect(try server.command(["GET", "someone-else"]).bytes == Array("x".utf8))
        let other = RedisDataCache(configuration: try server.configuration { $0.keyPrefix = "images:" })
        other.storeData(Data("kept".utf8), for: "k")
        results.removeAll()
        await results.flush()
        #expect(other.cachedData(for: "k") == Data("kept".utf8))
    }

    @Test(
        "Values written by others under our keys — foreign, truncated, corrupted, another key's, a list — miss and are deleted"
    )
    func invalidValues() async throws {
        let server = try RedisServer()
        let cache = RedisDataCache(configuration: try server.configuration())
        cache.storeData(Data(repeating: 7, count: 5000), for: "good")
        await cache.flush()
        guard let frame = try server.command(["GET", "nuke:good"]).bytes else {
            Issue.record("no value stored")
            return
        }
        var corrupted = frame
        corrupted[frame.count - 10] ^= 1
        let planted: [(String, [any RedisArgument])] = [
            ("foreign", ["SET", "nuke:foreign", "GIF89a…"]),
            ("truncated", ["SET", "nuke:truncated", Array(frame.prefix(frame.count - 1))]),
            ("corrupted", ["SET", "nuke:corrupted", corrupted]),
            ("copied", ["SET", "nuke:copied", frame]),
            ("list", ["RPUSH", "nuke:list", "a", "b"]),
        ]
        for (_, command) in planted { try server.command(command) }
        for (key, _) in planted {
            #expect(cache.cachedData(for: key) == nil, "\(key)")
        }
        await cache.flush()
        for (key, _) in planted {
            #expect(try server.command(["EXISTS", "nuke:\(key)"]) == .integer(0), "\(key) was not deleted")
        }
        #expect(cache.statistics.invalidValues == planted.count)
        #expect(cache.cachedData(for: "good") == Data(repeating: 7, count: 5000))
    }

    @Test("A value over the size limit is not stored and removes the older value")
    func oversizeValues() async throws {
        let server = try RedisServer()
        let cache = RedisDataCache(configuration: try server.configuration { $0.maximumValueSize = 1000 })
        cache.storeData(Data(count: 100), for: "k")
        cache.storeData(Data(count: 2000), for: "k")
        #expect(cache.cachedData(for: "k") == nil)
        await cache.flush()
        #expect(cache.cachedData(for: "k") == nil)
        #expect(cache.statistics.oversizeValues == 1)
    }

    @Test("Past the queue's byte limit a store becomes a removal, so no older value is served")
    func fullQueue() async throws {
        let server = try RedisServer()
        let cache = RedisDataCache(
            configuration: try server.configuration {
                $0.maximumQueuedBytes = 25_000
                $0.operationTimeout = .seconds(5)  // Holds the first write in flight while Redis is stopped.
            }
        )
        cache.storeData(Data("old".utf8), for: "k3")
        await cache.flush()
        server.pause()
        for index in 1...3 { cache.storeData(Data(repeating: UInt8(index), count: 10_000), for: "k\(index)") }
        #expect(cache.cachedData(for: "k2") == Data(repeating: 2, count: 10_000), "staged")
        #expect(cache.cachedData(for: "k3") == nil, "over the limit: removed, not the old value")
        server.resume()
        await cache.flush()
        #expect(cache.statistics.droppedWrites == 1)
        #expect(cache.cachedData(for: "k3") == nil)
    }

    @Test("A full Redis (OOM) and a read-only replica drop writes; reads go on")
    func refusedWrites() async throws {
        let server = try RedisServer()
        let cache = RedisDataCache(configuration: try server.configuration())
        cache.storeData(Data("old".utf8), for: "k")
        await cache.flush()
        try server.command(["CONFIG", "SET", "maxmemory-policy", "noeviction"])
        try server.command(["CONFIG", "SET", "maxmemory", "1"])
        cache.storeData(Data("new".utf8), for: "k")
        await cache.flush()
        #expect(cache.cachedData(for: "k") == Data("old".utf8))
        #expect(cache.statistics.droppedWrites == 1)
        #expect(cache.statistics.lastError?.hasPrefix("OOM") == true)
        #expect(cache.isAvailable, "a full Redis still serves reads")

        try server.command(["CONFIG", "SET", "maxmemory", "0"])
        let master = try RefusingPort()
        try server.command(["REPLICAOF", "127.0.0.1", "\(master.port)"])
        cache.storeData(Data("newer".utf8), for: "k")
        await cache.flush()
        #expect(cache.cachedData(for: "k") == Data("old".utf8))
        #expect(cache.statistics.lastError?.hasPrefix("READONLY") == true)
    }

    @Test("Connections the server closes cost one miss; the next lookup reconnects")
    func closedConnections() async throws {
        let server = try RedisServer()
        let cache = RedisDataCache(configuration: try server.configuration())
        cache.storeData(Data("v".utf8), for: "k")
        await cache.flush()
        #expect(cache.cachedData(for: "k") == Data("v".utf8))
        try server.command(["CLIENT", "KILL", "TYPE", "normal", "SKIPME", "yes"])
        #expect(cache.cachedData(for: "k") == nil, "the pooled connection was closed")
        #expect(cache.cachedData(for: "k") == Data("v".utf8))
        #expect(cache.statistics.failures == 1 && cache.isAvailable)
    }

    @Test("No Redis: lookups miss, writes are dropped, the breaker opens and later lookups skip Redis")
    func unreachable() async throws {
        let port = try RefusingPort()
        let cache = RedisDataCache(
            configuration: try RedisDataCache.Configuration(url: "redis://127.0.0.1:\(port.port)"),
            clock: ManualClock()
        )
        cache.storeData(Data("v".utf8), for: "k")
        await cache.flush()
        for _ in 0..<5 { #expect(cache.cachedData(for: "k") == nil) }
        #expect(!cache.containsData(for: "k"))
        #expect(!cache.isAvailable)
        let statistics = cache.statistics
        #expect(statistics.failures == 3 && statistics.breakerOpenings == 1)
        #expect(statistics.skippedWhileUnavailable == 4)
        #expect(statistics.droppedWrites == 1)
        #expect(statistics.lastError?.contains("refused") == true)
    }

    @Test(
        "A stalled Redis (SIGSTOP) times out into misses, then is skipped; after SIGCONT and the back-off it serves again"
    )
    func stalled() async throws {
        let server = try RedisServer()
        let clock = ManualClock()
        let cache = RedisDataCache(
            configuration: try server.configuration {
                $0.operationTimeout = .seconds(1)
                $0.failureThreshold = 1
            },
            clock: clock
        )
        cache.storeData(Data("v".utf8), for: "k")
        await cache.flush()
        server.pause()
        #expect(cache.cachedData(for: "k") == nil, "timed out")
        #expect(!cache.isAvailable)
        #expect(cache.cachedData(for: "k") == nil, "skipped")
        cache.storeData(Data("w".utf8), for: "k2")
        await cache.flush()
        #expect(cache.statistics.skippedWhileUnavailable == 2)
        server.resume()
        #expect(cache.cachedData(for: "k") == nil, "still backing off")
        clock.advance(by: .milliseconds(500))
        #expect(cache.cachedData(for: "k") == Data("v".utf8), "the probe")
        #expect(cache.isAvailable)
        #expect(cache.statistics.recoveries == 1)
    }

    @Test("Redis killed and started again (empty): misses meanwhile, sharing again once the back-off is over")
    func restarted() async throws {
        let server = try RedisServer()
        let clock = ManualClock()
        let cache = RedisDataCache(configuration: try server.configuration(), clock: clock)
        cache.storeData(Data("v".utf8), for: "k")
        await cache.flush()
        server.kill()
        for _ in 0..<4 { #expect(cache.cachedData(for: "k") == nil) }
        #expect(!cache.isAvailable)
        try server.start()
        clock.advance(by: .seconds(1))
        #expect(cache.cachedData(for: "k") == nil, "the probe finds an empty Redis")
        #expect(cache.isAvailable)
        cache.storeData(Data("again".utf8), for: "k")
        await cache.flush()
        let second = RedisDataCache(configuration: try server.configuration())
        #expect(second.cachedData(for: "k") == Data("again".utf8))
    }

    @Test("shutdown() carries queued writes to Redis and ends the thread; a later write starts a new one")
    func shutdown() async throws {
        let server = try RedisServer()
        let cache = RedisDataCache(configuration: try server.configuration())
        for index in 0..<50 { cache.storeData(Data(repeating: UInt8(index), count: 10_000), for: "k\(index)") }
        await cache.shutdown()
        let other = RedisDataCache(configuration: try server.configuration())
        #expect(other.cachedData(for: "k49") == Data(repeating: 49, count: 10_000))
        await cache.shutdown()
        cache.storeData(Data("after".utf8), for: "late")
        await cache.flush()
        #expect(other.cachedData(for: "late") == Data("after".utf8))
        #expect(cache.statistics.writes == 51)
    }

    @Test("AUTH with an ACL user: the right password works, a wrong one is a miss with the reason")
    func authentication() async throws {
        let server = try RedisServer(arguments: [
            "--user", "default", "off", "--user", "images", "on", ">s3cret", "~*", "+@all",
        ])
        let good = RedisDataCache(
            configuration: try server.configuration {
                $0.username = "images"; $0.password = "s3cret"
            }
        )
        good.storeData(Data("v".utf8), for: "k")
        await good.flush()
        #expect(
            RedisDataCache(
                configuration: try server.configuration {
                    $0.username = "images"; $0.password = "s3cret"
                }
            ).cachedData(for: "k") == Data("v".utf8)
        )
        let bad = RedisDataCache(
            configuration: try server.configuration {
                $0.username = "images"; $0.password = "wrong"
            }
        )
        #expect(bad.cachedData(for: "k") == nil)
        #expect(bad.statistics.lastError?.hasPrefix("WRONGPASS") == true)
    }

    @Test("A pipeline over a tiered cache with a stalled Redis serves every image")
    func pipelineWithStalledRedis() async throws {
        let server = try RedisServer()
        let redis = RedisDataCache(configuration: try server.configuration { $0.operationTimeout = .milliseconds(100) })
        let local = try DataCache(path: try TemporaryDirectory().url)
        let loader = MockDataLoader()
        let pipeline = ImagePipeline {
            $0.dataLoader = loader
            $0.dataCache = TieredDataCache([local, redis])
            $0.imageCache = nil
            $0.makeImageDecoder = { TestImageDecoder(context: $0) }
        }
        server.pause()
        for index in 0..<5 {
            let response = try await pipeline.image(
                for: ImageRequest(url: URL(string: "https://example.com/\(index).jpeg"))
            )
            #expect(response.width == 640)
        }
        server.resume()
        await pipeline.configuration.dataCache?.flush()
        #expect(loader.createdTaskCount == 5)
    }
}
