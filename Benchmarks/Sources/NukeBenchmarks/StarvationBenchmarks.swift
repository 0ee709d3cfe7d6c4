// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

import Foundation
import NukeCore
import NukeJPEG
import NukeProcessors

/// Whether a pipeline busy decoding big JPEGs starves the rest of the process.
///
/// One pipeline decodes and resizes 12-megapixel JPEGs (made here with NukeJPEG) with 8 requests
/// in flight. Every 10 ms the benchmark times two probes from the cooperative pool: a memory-cache
/// hit through a *second* pipeline, and a bare `await Task {}.value` round trip. It prints
/// p50/p99/max with no load, under load on the default worker pool, and under load on a pool at
/// the process's own priority (niceness 0), which shows what the lower OS priority buys.
enum StarvationBenchmarks {
    static func run() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("nuke-starvation-bench")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let photos = try makePhotos(in: directory)
        print("starvation: 4000×3000 JPEGs decoded and resized to 1024 px, 8 in flight; probes every 10 ms")

        let idle = try await probe(count: 200)
        report("idle", idle)
        for (label, pool) in [
            ("loaded, default pool (niceness 5)", ImagePipeline.WorkerPool.shared),
            ("loaded, pool at niceness 0", ImagePipeline.WorkerPool(niceness: 0)),
        ] {
            let (probes, decoded) = try await underLoad(photos: photos, pool: pool) { try await probe(count: 500) }
            report(label, probes, decoded: decoded)
            if pool !== ImagePipeline.WorkerPool.shared { await pool.shutdown() }
        }
    }

    // MARK: Probes

    private struct Probes {
        var memoryCacheHit: [Duration] = []
        var taskRoundTrip: [Duration] = []
    }

    /// Times `count` rounds of both probes, one round every 10 ms.
    private static func probe(count: Int) async throws -> Probes {
        let pipeline = ImagePipeline {
            $0.imageCache = ImageCache()
            $0.httpCache = nil
        }
        let request = ImageRequest(url: URL(string: "https://example.com/cached.jpeg"))
        pipeline.cache[request] = ImageContainer(image: try Bitmap(width: 64, height: 64, pixelFormat: .rgba8))
        let clock = ContinuousClock()
        var probes = Probes()
        var tick = clock.now
        for _ in 0..<count {
            tick = tick.advanced(by: .milliseconds(10))
            try await Task.sleep(until: tick, clock: clock)
            let hitStart = clock.now
            _ = try await pipeline.image(for: request)
            probes.memoryCacheHit.append(clock.now - hitStart)
            let taskStart = clock.now
            await Task {}.value
            probes.taskRoundTrip.append(clock.now - taskStart)
        }
        return probes
    }

    // MARK: Load

    /// Runs `body` while a pipeline on `pool` decodes and resizes `photos`, 8 at a time;
    /// returns its result and the number of images decoded meanwhile.
    private static func underLoad<T: Sendable>(
        photos: [URL],
        pool: ImagePipeline.WorkerPool,
        _ body: @Sendable () async throws -> T
    ) async throws -> (T, Int) {
        var registry = PluginRegistry()
        registry.install(JPEGPlugin())
        let pipeline = ImagePipeline {
            $0.registry = registry
            $0.workerPool = pool
            $0.imageCache = nil
            $0.httpCache = nil
            $0.isTaskCoalescingEnabled = false
        }
        let resize = ImageProcessors.Resize(width: 1024, unit: .pixels)
        return try await withThrowingTaskGroup(of: Int.self) { group in
            let stop = ManagedAtomicFlag()
            for lane in 0..<8 {
                group.addTask {
                    var decoded = 0
                    while !stop.isSet {
                        let url = photos[(lane + decoded) % photos.count]
                        _ = try await pipeline.image(for: ImageRequest(url: url, processors: [resize]))
                        decoded += 1
                    }
                    return decoded
                }
            }
            let result = try await body()
            stop.set()
            var decoded = 0
            for try await count in group { decoded += count }
            return (result, decoded)
        }
    }

    /// Four different 4000×3000 photo-like JPEGs (smooth gradients with noise), made once.
    private static func makePhotos(in directory: URL) throws -> [URL] {
        try (0..<4).map { index in
            let url = directory.appendingPathComponent("photo-\(index).jpeg")
            if FileManager.default.fileExists(atPath: url.path) { return url }
            let (width, height) = (4000, 3000)
            var pixels = [UInt8](repeating: 255, count: width * height * 4)
            var noise: UInt32 = 2_463_534_242 &+ UInt32(index)
            for y in 0..<height {
                for x in 0..<width {
                    noise ^= noise << 13
                    noise ^= noise >> 17
                    noise ^= noise << 5
                    let offset = (y * width + x) * 4
                    let grain = UInt8(truncatingIfNeeded: noise & 31)
                    pixels[offset] = UInt8(truncatingIfNeeded: x * 255 / width + index * 40) &+ grain
                    pixels[offset + 1] = UInt8(truncatingIfNeeded: y * 255 / height) &+ grain
                    pixels[offset + 2] = UInt8(truncatingIfNeeded: (x + y) * 255 / (width + height)) &+ grain
                }
            }
            let bitmap = try Bitmap(width: width, height: height, pixelFormat: .rgba8, pixels: pixels, isOpaque: true)
            try JPEGEncoder(quality: 0.9).encode(bitmap).write(to: url)
            return url
        }
    }

    // MARK: Report

    private static func report(_ label: String, _ probes: Probes, decoded: Int? = nil) {
        let suffix = decoded.map { "   (\($0) images decoded meanwhile)" } ?? ""
        print("  \(label)\(suffix)")
        print("    memory-cache hit, image(for:)   \(percentiles(probes.memoryCacheHit))")
        print("    bare Task {} round trip         \(percentiles(probes.taskRoundTrip))")
    }

    private static func percentiles(_ durations: [Duration]) -> String {
        let sorted = durations.map { Double($0.components.attoseconds) * 1e-15 + Double($0.components.seconds) * 1e3 }
            .sorted()
        func at(_ fraction: Double) -> Double { sorted[min(sorted.count - 1, Int(Double(sorted.count) * fraction))] }
        return String(format: "p50 %7.3f ms   p99 %7.3f ms   max %7.3f ms", at(0.5), at(0.99), sorted.last ?? 0)
    }
}

/// A flag set once from one task and read from others.
private final class ManagedAtomicFlag: @unchecked Sendable {
    // @unchecked: `value` is only read and written under `lock`.
    private let lock = NSLock()
    private var value = false

    var isSet: Bool { lock.withLock { value } }
    func set() { lock.withLock { value = true } }
}
