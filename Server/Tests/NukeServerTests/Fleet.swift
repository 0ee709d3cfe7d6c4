// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

import Foundation
import NukeTestSupport

/// A fleet started by `Server/Fleet/fleet` (one shared store — Redis, or a bucket in moto's S3
/// server — three nuke-servers, nginx in front, an origin serving the repository's sample
/// photos), stopped when the test lets go of it.
final class Fleet: Sendable {
    /// What the nodes share.
    enum Store: String, CaseIterable, Sendable, CustomStringConvertible {
        case redis
        case s3

        var description: String { rawValue }

        /// Whether this machine can run it.
        var isAvailable: Bool { self == .redis || MotoS3Server.isAvailable }
    }

    let directory: TemporaryDirectory
    let store: Store
    let balancerPort: Int
    let originPort: Int
    let nodePorts: [Int]
    let redisSocket: String
    let originLog: URL

    static let script = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fleet/fleet")
    static let photos = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Tests/NukeTests/Photos")
    /// What the script is given besides this process's environment: where moto's server is.
    static var environment: [String: String] {
        MotoS3Server.executablePath.map { ["MOTO_SERVER": $0] } ?? [:]
    }

    static var isAvailable: Bool {
        ["/usr/bin/redis-server", "/usr/bin/redis-cli", "/usr/sbin/nginx"].allSatisfy {
            FileManager.default.isExecutableFile(atPath: $0)
        }
    }

    /// Starts a fleet sharing `store`, balanced `balance` (`round-robin` or `consistent-hash`),
    /// whose servers give the store `timeout` milliseconds (long by default: a busy machine must
    /// not turn a working store into misses).
    init(store: Store = .redis, balance: String = "round-robin", timeout: Int = 10_000) async throws {
        directory = try TemporaryDirectory(prefix: "nuke-fleet")
        self.store = store
        let started = try await ChildProcess.run(
            Self.script,
            [
                "start", directory.appending("fleet").path, "--balance", balance, "--binary",
                RunningServer.executable.path, "--store", store.rawValue,
                "--origin-root", Self.photos.path, "--redis-timeout", "\(timeout)",
            ],
            environment: Self.environment,
            in: directory
        )
        guard started.status == 0 else { throw TestError("the fleet did not start: \(started.errors)") }
        var values: [String: String] = [:]
        for line in started.output.split(separator: "\n") {
            let parts = line.split(separator: "=", maxSplits: 1).map(String.init)
            if parts.count == 2 { values[parts[0]] = parts[1].trimmingCharacters(in: CharacterSet(charactersIn: "\"")) }
        }
        guard let balancer = values["FLEET_BALANCER_PORT"].flatMap(Int.init),
            let origin = values["FLEET_ORIGIN_PORT"].flatMap(Int.init), let socket = values["FLEET_REDIS_SOCKET"],
            let log = values["FLEET_ORIGIN_LOG"]
        else { throw TestError("the fleet printed no ports: \(started.output)") }
        balancerPort = balancer
        originPort = origin
        nodePorts = (values["FLEET_NODE_PORTS"] ?? "").split(separator: " ").compactMap { Int($0) }
        redisSocket = socket
        originLog = URL(fileURLWithPath: log)
    }

    deinit {
        guard let stop = try? ChildProcess(Self.script, ["stop", directory.appending("fleet").path], in: directory)
        else { return }
        while stop.isRunning { Thread.sleep(forTimeInterval: 0.01) }
    }

    /// The unsigned proxy path of `photo` fitted into `size`×`size`.
    func path(_ photo: String, size: Int) -> String {
        "/unsigned/rs:fit:\(size):\(size)/plain/http://127.0.0.1:\(originPort)/\(photo)"
    }

    /// GETs `path` from `port` with curl; the status and the body.
    func get(_ path: String, port: Int) async throws -> (status: Int, body: Data) {
        let body = directory.appending(UUID().uuidString)
        let result = try await ChildProcess.run(
            ChildProcess.curl,
            ["-s", "-o", body.path, "-w", "%{http_code}", "http://127.0.0.1:\(port)\(path)"],
            in: directory
        )
        return (Int(result.output) ?? 0, (try? Data(contentsOf: body)) ?? Data())
    }

    /// How many times the origin served `photo`.
    func originRequests(for photo: String) -> Int {
        let log = (try? String(contentsOf: originLog, encoding: .utf8)) ?? ""
        return log.split(separator: "\n").filter { $0.contains("GET /\(photo) ") }.count
    }

    /// Runs `fleet redis|s3 <action>` (start, kill, pause, resume) on the fleet's store.
    func shared(_ action: String) async throws {
        let result = try await ChildProcess.run(
            Self.script,
            [store.rawValue, action, directory.appending("fleet").path],
            environment: Self.environment,
            in: directory
        )
        guard result.status == 0 else { throw TestError("fleet \(store) \(action): \(result.errors)") }
    }

    /// The keys in Redis, by `redis-cli --scan` (empty while Redis is down).
    func redisKeys() async throws -> [String] {
        let result = try await ChildProcess.run(
            URL(fileURLWithPath: "/usr/bin/redis-cli"),
            ["-s", redisSocket, "--scan", "--pattern", "nuke-server:*"],
            in: directory
        )
        return result.status == 0 ? result.output.split(separator: "\n").map(String.init) : []
    }

    /// Waits until the store holds a result whose key mentions `size` and, with `original`, the
    /// original of `photo`: the writes of the request that made them have landed. Polls: the
    /// store and the servers are other processes, which tell the test nothing. A bucket's object
    /// names are digests: there, every node's writes must have landed (none queued), and
    /// `stored` more results (than `storedResults()` said before the request) must have.
    func waitUntilShared(
        _ photo: String,
        size: Int,
        original: Bool = true,
        storedBefore: Int? = nil,
        timeout: Double = 120
    ) async -> Bool {
        if store == .s3 {
            return await waitUntil(timeout: timeout) {
                let queued = await self.metricSum("nuke_object_storage_queued_bytes{")
                let stored = await self.storedResults()
                return queued == 0 && stored > (storedBefore ?? 0)
            }
        }
        return await waitUntil(timeout: timeout) {
            // Keys hold newlines; --scan prints their lines, the processing one among them.
            let keys = (try? await self.redisKeys()) ?? []
            return (!original || keys.contains("nuke-server:originals:http://127.0.0.1:\(self.originPort)/\(photo)"))
                && keys.contains { $0.contains("w=\(size),h=\(size)") }
        }
    }

    /// How many lookups in the store the node at `port` made, whatever their outcome, from
    /// `/metrics`.
    func sharedLookups(onNodeAt port: Int) async throws -> Int {
        await metricSum(
            store == .redis ? "nuke_redis_lookups_total{" : "nuke_object_storage_lookups_total{",
            ports: [port]
        )
    }

    /// Results the nodes have written to the bucket so far.
    func storedResults() async -> Int {
        await metricSum("nuke_object_storage_writes_total{tier=\"results\",outcome=\"stored\"}")
    }

    /// Whether `/metrics` of the node at `port` says the store is being asked (every tier of it).
    func sharedAvailable(onNodeAt port: Int) async -> Bool {
        guard let metrics = try? await get("/metrics", port: port) else { return false }
        let text = String(decoding: metrics.body, as: UTF8.self)
        switch store {
        case .redis: return text.contains("nuke_redis_available 1")
        case .s3:
            return text.contains("nuke_object_storage_available{tier=\"results\"} 1")
                && text.contains("nuke_object_storage_available{tier=\"originals\"} 1")
        }
    }

    /// The sum of the samples whose line starts with `prefix` in the `/metrics` of the nodes at
    /// `ports` (every node by default).
    private func metricSum(_ prefix: String, ports: [Int]? = nil) async -> Int {
        var sum = 0
        for port in ports ?? nodePorts {
            guard let metrics = try? await get("/metrics", port: port) else { continue }
            sum += String(decoding: metrics.body, as: UTF8.self).split(separator: "\n")
                .filter { $0.hasPrefix(prefix) }
                .compactMap { $0.split(separator: " ").last.flatMap { Int($0) } }
                .reduce(0, +)
        }
        return sum
    }
}
