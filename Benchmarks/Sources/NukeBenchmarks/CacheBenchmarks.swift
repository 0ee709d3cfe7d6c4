// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

import Foundation
import NukeCore
import NukeDiskCache
import NukeTestSupport

/// ImageCache and DataCache, and the disk read they compete with.
enum CacheBenchmarks {
    static func run() async throws {
        try await imageCache()
        try await dataCache()
    }

    // MARK: Memory

    private static func imageCache() async throws {
        let image = ImageContainer(image: try Bitmap(width: 32, height: 32, pixelFormat: .rgba8))
        let keys = (0..<10_000).map {
            ImageCacheKey(request: ImageRequest(url: URL(string: "http://example.com/\($0).jpeg")!))
        }
        let missingKeys = (0..<10_000).map {
            ImageCacheKey(request: ImageRequest(url: URL(string: "http://example.com/missing/\($0).jpeg")!))
        }
        let cache = ImageCache(costLimit: 1 << 30)
        for key in keys { cache[key] = image }

        _ = await measure("ImageCache: hit (100,000)", operations: 100_000) {
            var found = 0
            for _ in 0..<10 { for key in keys where cache[key] != nil { found += 1 } }
            precondition(found == 100_000)
        }
        _ = await measure("ImageCache: miss (100,000)", operations: 100_000) {
            var found = 0
            for _ in 0..<10 { for key in missingKeys where cache[key] != nil { found += 1 } }
            precondition(found == 0)
        }
        _ = await measure("ImageCache: insert with eviction (100,000)", operations: 100_000) {
            let bounded = ImageCache(costLimit: 1 << 30, countLimit: 1000)
            for _ in 0..<10 { for key in keys { bounded[key] = image } }
            precondition(bounded.totalCount == 1000)
        }
    }

    // MARK: Disk

    private static func dataCache() async throws {
        let directory = try TemporaryDirectory(prefix: "nuke-bench-cache")
        let payload = Data((0..<50_000).map { UInt8(truncatingIfNeeded: $0 &* 7) })
        let keys = (0..<1000).map { "http://example.com/images/\($0).jpeg" }

        let cache = try DataCache(path: directory.appending("cache"))
        _ = await measure("DataCache: storeData call, 50 KB (1,000)", operations: 1000) {
            for key in keys { cache.storeData(payload, for: key) }
        }
        await cache.flush()

        let plain = directory.appending("plain")
        try FileManager.default.createDirectory(at: plain, withIntermediateDirectories: true)
        let plainPaths = keys.indices.map { plain.appendingPathComponent("\($0)").path }
        for path in plainPaths { precondition(FileManager.default.createFile(atPath: path, contents: payload)) }

        let fromCache = await measure("DataCache: read 1,000 entries of 50 KB", operations: 1000) {
            var bytes = 0
            for key in keys { bytes += cache.cachedData(for: key)?.count ?? 0 }
            precondition(bytes == 50_000 * 1000)
        }
        let direct = await measure("direct read of the same 1,000 files (open/read)", operations: 1000) {
            var bytes = 0
            for path in plainPaths { bytes += readFile(path).count }
            precondition(bytes == 50_000 * 1000)
        }
        let foundation = await measure("direct read of the same 1,000 files (Data)", operations: 1000) {
            var bytes = 0
            for path in plainPaths { bytes += (try? Data(contentsOf: URL(fileURLWithPath: path)))?.count ?? 0 }
            precondition(bytes == 50_000 * 1000)
        }
        print(
            String(
                format: "  → DataCache read throughput: %.2f× direct POSIX reads, %.2f× Data(contentsOf:)",
                direct.microsecondsPerOperation / fromCache.microsecondsPerOperation,
                foundation.microsecondsPerOperation / fromCache.microsecondsPerOperation
            )
        )

        // Sweep: 10,000 small entries over the limit, trimmed to 70%; only the sweep is timed.
        let sweepDirectory = directory.appending("sweep")
        var sweepTimes: [Double] = []
        for _ in 0..<3 {
            try? FileManager.default.removeItem(at: sweepDirectory)
            let sweeping = try DataCache(path: sweepDirectory, sizeLimit: 100_000_000)
            for index in 0..<10_000 { sweeping.storeData(Data(count: 1000), for: "entry-\(index)") }
            await sweeping.flush()
            sweeping.sizeLimit = 8_000_000
            let elapsed = ContinuousClock().measure { sweeping.sweep() }
            sweepTimes.append(Double(elapsed.components.attoseconds) * 1e-15 + Double(elapsed.components.seconds) * 1e3)
        }
        print(
            String(
                format: "DataCache: sweep 10,000 entries (trim to 70%%)     %10.1f ms (median of 3)",
                sweepTimes.sorted()[1]
            )
        )
    }

    private static func readFile(_ path: String) -> Data {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return Data() }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { return Data() }
        let size = Int(info.st_size)
        guard let memory = malloc(size) else { return Data() }
        guard read(fd, memory, size) == size else {
            free(memory)
            return Data()
        }
        return Data(bytesNoCopy: memory, count: size, deallocator: .free)
    }
}
