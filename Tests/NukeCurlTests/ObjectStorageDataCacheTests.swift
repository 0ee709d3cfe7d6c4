// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

import Foundation
import NukeCore
import NukeTestSupport
import Testing

@testable import NukeCurl

/// A cache in `bucket` of `server`, under `prefix`, signed with the server's key (or `secret`).
private func cache(
    _ server: MotoS3Server,
    bucket: String = "cache",
    prefix: String = "nuke/",
    secret: String? = nil,
    clock: some Clock<Duration> = ContinuousClock(),
    configure: (inout ObjectStorageDataCache.Configuration) -> Void = { _ in }
) throws -> ObjectStorageDataCache {
    var configuration = try ObjectStorageDataCache.Configuration(
        endpoint: ObjectStorageEndpoint(url: server.endpoint, region: server.region),
        credentials: AWSCredentials(accessKeyID: server.accessKeyID, secretAccessKey: secret ?? server.secretAccessKey),
        bucket: bucket,
        keyPrefix: prefix
    )
    configure(&configuration)
    return ObjectStorageDataCache(configuration: configuration, clock: clock)
}

@Suite(.enabled(if: MotoS3Server.isAvailable, "needs moto_server (pip install 'moto[server]')"))
struct ObjectStorageDataCacheContractTests {
    @Test(arguments: DataCachingContract.Check.allCases)
    func contract(_ check: DataCachingContract.Check) async throws {
        let server = try MotoS3Server(buckets: ["cache"])
        let first = try cache(server)
        try await DataCachingContract(reopen: { _ in try cache(server) }) { first }.run(check)
    }
}

@Suite(.enabled(if: MotoS3Server.isAvailable, "needs moto_server (pip install 'moto[server]')"))
struct ObjectStorageDataCacheTests {
    @Test("Values are framed objects named by a digest; a corrupted or foreign one is a miss and is deleted")
    func checkedValues() async throws {
        let server = try MotoS3Server(buckets: ["cache"])
        let cache = try cache(server)
        cache.storeData(Data("value".utf8), for: "k")
        cache.storeData(Data("other".utf8), for: "other")
        await cache.flush()
        let name = cache.objectName("k")
        #expect(name.hasPrefix("nuke/") && name.count == 5 + 32)
        #expect(try cache.clone().cachedData(for: "k") == Data("value".utf8), "read from the store")

        try server.put([("cache", name, Data("not a frame of ours".utf8))])
        let reader = try cache.clone()
        #expect(reader.cachedData(for: "k") == nil && reader.statistics.invalidValues == 1)
        await reader.flush()
        #expect(try server.get(bucket: "cache", key: name) == nil, "deleted")

        // Another key's value under this key's name reads as a miss, never as its bytes.
        let moved = try #require(try server.get(bucket: "cache", key: cache.objectName("other")))
        try server.put([("cache", name, moved)])
        #expect(try cache.clone().cachedData(for: "k") == nil)
    }

    @Test("Prefixes keep caches apart; removeAll lists and deletes its own prefix only; large values are refused")
    func prefixesAndLimits() async throws {
        let server = try MotoS3Server(buckets: ["cache"])
        let results = try cache(server, prefix: "fleet/results/")
        let originals = results.withKeyPrefix("../originals/")
        #expect(originals.keyPrefix == "fleet/results/../originals/")
        let other = try cache(server, prefix: "fleet/originals/")
        for index in 0..<25 {
            results.storeData(Data("r\(index)".utf8), for: "k\(index)")
            other.storeData(Data("o\(index)".utf8), for: "k\(index)")
        }
        await results.flush()
        await other.flush()
        #expect(try results.clone().cachedData(for: "k3") == Data("r3".utf8))
        #expect(try other.clone().cachedData(for: "k3") == Data("o3".utf8))
        results.removeAll()
        #expect(results.cachedData(for: "k4") == nil, "at once")
        await results.flush()
        let fresh = try results.clone()
        #expect((0..<25).allSatisfy { fresh.cachedData(for: "k\($0)") == nil })
        #expect(try other.clone().cachedData(for: "k24") == Data("o24".utf8))

        let small = try cache(server, prefix: "small/") { $0.maximumValueSize = 1000 }
        small.storeData(Data(count: 2000), for: "big")
        await small.flush()
        #expect(small.cachedData(for: "big") == nil && small.statistics.oversizeValues == 1)
    }

    @Test("No store: lookups miss, writes are dropped, the breaker opens and later requests skip the store")
    func unreachable() async throws {
        let port = try RefusingPort()
        let cache = ObjectStorageDataCache(
            configuration: try .init(
                endpoint: ObjectStorageEndpoint(url: port.url("/"), region: "us-east-1"),
                credentials: AWSCredentials(accessKeyID: "id", secretAccessKey: "secret"),
                bucket: "cache"
            ),
            clock: ManualClock()
        )
        cache.storeData(Data("v".utf8), for: "k")
        await cache.flush()
        for _ in 0..<5 { #expect(cache.cachedData(for: "k") == nil) }
        #expect(!cache.containsData(for: "k") && !cache.isAvailable)
        let statistics = cache.statistics
        #expect(statistics.failures == 3 && statistics.breakerOpenings == 1)
        #expect(statistics.skippedWhileUnavailable == 4)
        #expect(statistics.droppedWrites == 1)
    }

    @Test("A wrong secret: 403 counts as a failure (misses, then the breaker), never as a value")
    func refused() async throws {
        let server = try MotoS3Server(buckets: ["cache"])
        let good = try cache(server)
        good.storeData(Data("v".utf8), for: "k")
        await good.flush()
        let wrong = try cache(server, secret: "not-the-secret", clock: ManualClock())
        for _ in 0..<4 { #expect(wrong.cachedData(for: "k") == nil) }
        #expect(!wrong.isAvailable && wrong.statistics.failures == 3)
        #expect(wrong.statistics.lastError == "GET answered 403 (SignatureDoesNotMatch)")
    }

    @Test("A stalled store (SIGSTOP) times out into misses, then is skipped; after SIGCONT and the back-off it serves")
    func stalled() async throws {
        let server = try MotoS3Server(buckets: ["cache"])
        let clock = ManualClock()
        let cache = try cache(server, clock: clock) {
            $0.operationTimeout = .seconds(1)
            $0.failureThreshold = 1
        }
        cache.storeData(Data("v".utf8), for: "k")
        await cache.flush()
        server.pause()
        #expect(cache.cachedData(for: "k") == nil, "timed out")
        #expect(!cache.isAvailable)
        #expect(cache.cachedData(for: "k") == nil, "skipped")
        server.resume()
        #expect(cache.cachedData(for: "k") == nil, "still backing off")
        clock.advance(by: .seconds(1))
        #expect(cache.cachedData(for: "k") == Data("v".utf8), "the probe")
        #expect(cache.isAvailable && cache.statistics.recoveries == 1)
    }

    @Test("The store killed and started again (empty): misses meanwhile, sharing again after the back-off")
    func restarted() async throws {
        let server = try MotoS3Server(buckets: ["cache"], checksSignatures: false)
        let clock = ManualClock()
        let cache = try cache(server, clock: clock)
        cache.storeData(Data("v".utf8), for: "k")
        await cache.flush()
        server.kill()
        for _ in 0..<4 { #expect(cache.cachedData(for: "k") == nil) }
        #expect(!cache.isAvailable)
        try server.start(buckets: ["cache"])
        clock.advance(by: .seconds(1))
        #expect(cache.cachedData(for: "k") == nil, "the probe finds an empty store")
        #expect(cache.isAvailable)
        cache.storeData(Data("again".utf8), for: "k")
        await cache.flush()
        #expect(try cache.clone().cachedData(for: "k") == Data("again".utf8))
    }
}

@Suite("ListObjectsV2 pages and the URLs that ask for them")
struct ObjectListingTests {
    @Test("Keys, the continuation token when truncated, entities decoded; anything else is nil")
    func pages() throws {
        let xml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <ListBucketResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/">
              <Name>cache</Name><Prefix>nuke/</Prefix><KeyCount>2</KeyCount>
              <Contents><Key>nuke/a&amp;b</Key><Size>3</Size></Contents>
              <Contents><Key>nuke/c</Key><Size>4</Size></Contents>
              <IsTruncated>true</IsTruncated><NextContinuationToken>1/x+y=</NextContinuationToken>
            </ListBucketResult>
            """
        let page = try #require(ObjectListing(xml: Data(xml.utf8)))
        #expect(page.keys == ["nuke/a&b", "nuke/c"] && page.continuationToken == "1/x+y=")
        let last = xml.replacingOccurrences(of: "<IsTruncated>true", with: "<IsTruncated>false")
        #expect(ObjectListing(xml: Data(last.utf8))?.continuationToken == nil)
        #expect(ObjectListing(xml: Data("<Error><Code>AccessDenied</Code></Error>".utf8)) == nil)
        #expect(ObjectListing(xml: Data("not xml <".utf8)) == nil)
        #expect(
            ObjectListing.query(prefix: "nuke/r s", after: "1/x+y=")
                == "list-type=2&prefix=nuke%2Fr%20s&continuation-token=1%2Fx%2By%3D"
        )
    }
}

extension ObjectStorageDataCache {
    /// A new cache over the same bucket and prefix: what another server of the fleet sees.
    fileprivate func clone() throws -> ObjectStorageDataCache {
        ObjectStorageDataCache(configuration: configuration).withKeyPrefix(
            String(keyPrefix.dropFirst(configuration.keyPrefix.count))
        )
    }
}
