// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

import Foundation
import NukeCore
import NukeCurl
import NukeDiskCache
import NukeRedis
import NukeTestSupport

/// The latency of a hit in each cache tier for 50 KB values, one lookup at a time, p50 and p99:
/// the memory cache, the local `DataCache`, Redis over a unix socket and over TCP loopback, and
/// an origin fetch over loopback; beside `redis-benchmark`'s GET of the same size on the same
/// Redis, one client.
///
/// `redis-benchmark`'s latency ends at the first read event of a reply (its `readHandler` takes
/// the time before reading: "Parsing overhead is not part of the latency"), so for 50 KB values
/// it leaves out most of the transfer. Its whole round trip, request sent to reply parsed, is the
/// time between requests of its one client: 1 / requests per second. Ours is measured to the
/// value in hand and checked, so the like-for-like comparison is our mean against that.
enum TierBenchmarks {
    static let valueSize = 50_000
    static let keyCount = 1000
    static let lookups = 20_000

    static func run() async throws {
        let payload = Data((0..<valueSize).map { UInt8(truncatingIfNeeded: $0 &* 7) })
        let keys = (0..<keyCount).map { "http://example.com/images/\($0).jpeg" }
        print("Cache tiers: hit latency for \(valueSize / 1000) KB values, one lookup at a time")

        let image = ImageContainer(image: try Bitmap(width: 100, height: 125, pixelFormat: .rgba8))
        let memory = ImageCache(costLimit: 1 << 30)
        let memoryKeys = keys.map { ImageCacheKey(request: ImageRequest(url: URL(string: $0)!)) }
        for key in memoryKeys { memory[key] = image }
        report("memory (ImageCache)", latencies(lookups) { memory[memoryKeys[$0 % keyCount]] != nil })

        let directory = try TemporaryDirectory(prefix: "nuke-bench-tiers")
        let disk = try DataCache(path: directory.appending("cache"))
        for key in keys { disk.storeData(payload, for: key) }
        await disk.flush()
        report("local disk (DataCache)", latencies(lookups) { disk.cachedData(for: keys[$0 % keyCount]) != nil })

        guard RedisServer.isAvailable else {
            print("  Redis: skipped (apt install redis-server)")
            return
        }
        let server = try RedisServer()
        for (name, url) in [("unix socket", server.unixURL), ("TCP loopback", server.tcpURL)] {
            let redis = RedisDataCache(configuration: try RedisDataCache.Configuration(url: url))
            for key in keys { redis.storeData(payload, for: key) }
            await redis.flush()
            let ours = latencies(lookups) { redis.cachedData(for: keys[$0 % keyCount]) != nil }
            report("Redis over \(name) (RedisDataCache)", ours)
            let target =
                url == server.unixURL ? ["-s", server.socketPath] : ["-h", "127.0.0.1", "-p", "\(server.port)"]
            if let reference = redisBenchmark(target) {
                report("redis-benchmark GET, 1 client, \(name)", reference.firstRead)
                print(
                    String(
                        format:
                            "  → RedisDataCache to the value / redis-benchmark to its first read: p50 %.2f×, p99 %.2f×",
                        ours.p50 / reference.firstRead.p50,
                        ours.p99 / reference.firstRead.p99
                    )
                )
                print(
                    String(
                        format:
                            "  → whole round trips, means: RedisDataCache %.1f µs, redis-benchmark (1 / rps) %.1f µs: %.2f×",
                        ours.mean * 1000,
                        reference.roundTrip * 1000,
                        ours.mean / reference.roundTrip
                    )
                )
            }
        }

        let origin = try HTTPTestServer()
        defer { origin.stop() }
        let urls = (0..<keyCount).map { origin.url("/images/\($0).jpg") }
        for url in urls { origin.route(url.path) { _ in .ok(payload, contentType: "image/jpeg") } }
        var configuration = CurlDataLoader.Configuration()
        configuration.proxy = .none
        let curl = CurlDataLoader(configuration: configuration)
        var fetches: [Double] = []
        for index in 0..<2000 {
            let start = ContinuousClock.now
            let size = try await LoaderBenchmarks.fetch(urls[index % keyCount], with: curl)
            fetches.append((ContinuousClock.now - start).milliseconds)
            precondition(size == valueSize)
        }
        report("origin fetch over loopback (CurlDataLoader)", percentiles(fetches))
    }

    /// p50, p99 and mean of `count` timed calls of `lookup`, in milliseconds, after one warm-up
    /// pass; also prints the thread's CPU time per call (the work, without the waits for wake-ups).
    private static func latencies(_ count: Int, _ lookup: (Int) -> Bool) -> Latencies {
        for index in 0..<keyCount { precondition(lookup(index), "a lookup missed") }
        var times: [Double] = []
        times.reserveCapacity(count)
        let cpuStart = threadCPUSeconds()
        for index in 0..<count {
            let start = ContinuousClock.now
            let found = lookup(index)
            times.append((ContinuousClock.now - start).milliseconds)
            precondition(found)
        }
        let cpu = (threadCPUSeconds() - cpuStart) / Double(count) * 1e6
        print(String(format: "    (CPU of the calling thread: %.1f µs per lookup)", cpu))
        let (p50, p99) = percentiles(times)
        return Latencies(p50: p50, p99: p99, mean: times.reduce(0, +) / Double(times.count))
    }

    /// Percentiles and mean of timed calls, in milliseconds.
    private struct Latencies {
        var p50: Double
        var p99: Double
        var mean: Double
    }

    private static func threadCPUSeconds() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) * 1e-9
    }

    private static func percentiles(_ times: [Double]) -> (p50: Double, p99: Double) {
        let sorted = times.sorted()
        return (sorted[sorted.count / 2], sorted[sorted.count * 99 / 100])
    }

    private static func report(_ name: String, _ result: Latencies) {
        report(name, (result.p50, result.p99))
        print(String(format: "    (mean %.1f µs)", result.mean * 1000))
    }

    private static func report(_ name: String, _ result: (p50: Double, p99: Double)) {
        let padded = name.padding(toLength: 48, withPad: " ", startingAt: 0)
        print(String(format: "  %@ p50 %8.1f µs  p99 %8.1f µs", padded, result.p50 * 1000, result.p99 * 1000))
    }

    /// `redis-benchmark -t set,get -d 50000 -c 1 --csv`, its GET row: p50 and p99 of its latency
    /// (to the first read event), and its mean round trip (1 / requests per second), in
    /// milliseconds.
    private static func redisBenchmark(
        _ target: [String]
    ) -> (firstRead: (p50: Double, p99: Double), roundTrip: Double)? {
        let arguments = target + ["-t", "set,get", "-d", "\(valueSize)", "-n", "\(lookups)", "-c", "1", "--csv"]
        guard let csv = ReferenceTools.text("redis-benchmark", arguments),
            let row = csv.split(separator: "\n").first(where: { $0.hasPrefix("\"GET\"") })
        else { return nil }
        // "test","rps","avg_latency_ms","min_latency_ms","p50_latency_ms","p95_latency_ms","p99_latency_ms",…
        let fields = row.split(separator: ",").map {
            Double($0.trimmingCharacters(in: CharacterSet(charactersIn: "\"")))
        }
        guard fields.count >= 7, let rps = fields[1], rps > 0, let p50 = fields[4], let p99 = fields[6] else {
            return nil
        }
        return ((p50, p99), 1000 / rps)
    }
}
