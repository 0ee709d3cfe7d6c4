// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

import Foundation
import HummingbirdTesting
import Nuke
import NukeTestSupport
import Testing

/// nuke-server in a 400 MB memory cgroup under 64 connections asking for 12–15 MP photos at
/// responsive-image widths: its memory budget, read from the group's limit, keeps it inside.
@Suite(.enabled(if: MemoryCgroup.unavailableReason == nil, "\(MemoryCgroup.unavailableReason ?? "")"))
struct MemoryLimitTests {
    static let limit = 400 << 20
    static let connections = 64
    static let duration = Duration.seconds(60)
    static let widths = [320, 640, 960, 1280, 1920]

    @Test(
        "64 connections for 60 s in 400 MB: no OOM kill, RSS under the limit, ≥ 95% 200 (the rest 503), /health throughout",
        .timeLimit(.minutes(5))
    )
    func staysInsideTheGroup() async throws {
        let origin = try HTTPTestServer()
        defer { origin.stop() }
        let sizes = [(4000, 3000), (4240, 2832), (4500, 3000), (3264, 4896)]  // 12.0 to 16.0 MP.
        for (index, size) in sizes.enumerated() {
            let photo = try await runOffCooperativePool { try Self.photo(width: size.0, height: size.1, seed: index) }
            origin.route("/photo-\(index).jpg") { _ in .ok(photo, contentType: "image/jpeg") }
        }
        let cgroup = try MemoryCgroup(limit: Self.limit)
        let server = try await RunningServer(
            ["--allow-unsigned", "--allow-private-addresses", "--no-result-cache"],
            in: cgroup
        )
        #expect(server.child.errors.contains("memory budget:"))

        let statuses = Collector<Int>()
        let completions = AsyncStream<Void>.makeStream()
        let deadline = ContinuousClock.now + Self.duration
        let healthFailures = Task { await Self.checkHealth(port: server.port, on: completions.stream) }
        await withTaskGroup(of: Void.self) { group in
            for connection in 0..<Self.connections {
                group.addTask {
                    var request = connection
                    let port = server.port
                    while ContinuousClock.now < deadline {
                        let client = TestClient(
                            host: "127.0.0.1",
                            port: port,
                            configuration: .init(timeout: .seconds(60))
                        )
                        client.connect()
                        while ContinuousClock.now < deadline {
                            let path = Self.path(request, origin: origin)
                            request += Self.connections
                            let status = (try? await client.get(path).status.code) ?? -1
                            statuses.append(status)
                            completions.continuation.yield()
                            if status == -1 { break }  // A new connection.
                        }
                        try? await client.shutdown()
                    }
                }
            }
        }
        completions.continuation.finish()
        let failedHealthChecks = await healthFailures.value

        let metricsClient = TestClient(host: "127.0.0.1", port: server.port)
        metricsClient.connect()
        let metrics = try await metricsClient.get("/metrics").body.map { String(buffer: $0) } ?? ""
        try await metricsClient.shutdown()
        let waits = metrics.split(separator: "\n").first { $0.hasPrefix("nuke_server_memory_waits_total ") }
        let counts = statuses.all.reduce(into: [Int: Int]()) { $0[$1, default: 0] += 1 }
        let total = counts.values.reduce(0, +)
        let ok = counts[200, default: 0]
        let peak = server.peakResidentBytes() ?? .max
        print(
            "memory cgroup of \(Self.limit >> 20) MiB: \(counts) over \(total) requests; peak RSS \(peak >> 20) MiB; "
                + (waits ?? "no waits metric")
        )
        #expect(cgroup.oomKills() == 0)
        #expect(server.child.isRunning)
        #expect(peak < Self.limit, "peak RSS \(peak >> 20) MiB")
        #expect(total > 0 && Double(ok) >= 0.95 * Double(total), "\(counts)")
        #expect(counts.keys.allSatisfy { $0 == 200 || $0 == 503 }, "\(counts)")
        #expect(failedHealthChecks == 0)
        server.child.signal(SIGTERM)
        #expect(try await server.child.exitStatus() == 0)
    }

    /// The request number `index`: the photos in turn, each at every width, spread over the run.
    static func path(_ index: Int, origin: HTTPTestServer) -> String {
        let width = widths[index % widths.count]
        let photo = (index / widths.count) % 4
        return "/_/rs:fit:\(width):\(width)/plain/" + origin.url("/photo-\(photo).jpg").absoluteString
    }

    /// Asks `/health`, on a new connection each time, after every 16 answers to image requests;
    /// the checks that did not answer 200 (the client gives up after 60 s, a hang's guard: a busy
    /// server answers from its last healthy check at once).
    static func checkHealth(port: Int, on completions: AsyncStream<Void>) async -> Int {
        var (failures, count) = (0, 0)
        for await _ in completions {
            count += 1
            guard count % 16 == 0 else { continue }
            let client = TestClient(host: "127.0.0.1", port: port, configuration: .init(timeout: .seconds(60)))
            client.connect()
            if (try? await client.get("/health").status.code) != 200 { failures += 1 }
            try? await client.shutdown()
        }
        return failures
    }

    /// A photo-like JPEG: smooth gradients with a little grain, so it compresses as photos do.
    static func photo(width: Int, height: Int, seed: Int) throws -> Data {
        var state = UInt32(truncatingIfNeeded: seed &* 2_654_435_761 &+ 1)
        let image = try Bitmap(width: width, height: height, pixelFormat: .rgba8) { buffer in
            for y in 0..<height {
                for x in 0..<width {
                    state = state &* 1_664_525 &+ 1_013_904_223
                    let grain = Int(state >> 28) - 8
                    let offset = (y * width + x) * 4
                    buffer[offset] = UInt8(clamping: x * 255 / width + grain)
                    buffer[offset + 1] = UInt8(clamping: y * 255 / height + grain)
                    buffer[offset + 2] = UInt8(clamping: (x + y + seed * 40) % 256 + grain)
                    buffer[offset + 3] = 255
                }
            }
        }
        return try JPEGEncoder(quality: 0.9).encode(image)
    }
}
