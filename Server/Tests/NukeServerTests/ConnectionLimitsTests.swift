// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

import Foundation
import NukeHummingbird
import NukeTestSupport
import Testing

/// nuke-server against clients that hold connections: half-sent requests, idle keep-alive
/// connections, more connections than it allows. Each waits for the server to close a connection
/// (a read that ends), never for time to pass; the blocking socket work runs off the cooperative
/// pool and returns what it saw.
@Suite("nuke-server closes slow and idle connections and bounds how many are open", .serialized)
struct ConnectionLimitsTests {
    /// The descriptors `pid` has open.
    private static func openDescriptors(of pid: Int32) -> Int {
        (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/fd").count) ?? 0
    }

    /// Raises this process's descriptor limit to its hard limit, as the server does, and returns
    /// how many connections it can hold at once, leaving room for the rest of the tests.
    private static func holdableConnections() -> Int {
        ConnectionLimits.raiseDescriptorLimit() - 512
    }

    @Test(
        "Thousands of half-sent requests are closed after --read-request-timeout, full requests served meanwhile",
        .timeLimit(.minutes(5))
    )
    func halfSentRequests() async throws {
        let count = min(2000, Self.holdableConnections())
        try #require(count >= 100, "the descriptor limit is too low to hold connections")
        let server = try await RunningServer(["--allow-unsigned", "--read-request-timeout", "2"])
        let (pid, port) = (server.child.processIdentifier, server.port)
        let before = Self.openDescriptors(of: pid)

        let (served, stillOpen) = try await runOffCooperativePool {
            var held: [LoopbackClient] = []
            var served: [Int?] = []
            for index in 0..<count {
                let client = try LoopbackClient(port: port)
                try client.send("GET /health HTTP/1.1\r\nHo")
                held.append(client)
                if index % 500 == 0 {
                    let other = try LoopbackClient(port: port)
                    try other.sendRequest("/health")
                    served.append(other.readResponse().flatMap { $0.body == "ok\n" ? $0.status : nil })
                }
            }
            return (served, held.map { $0.readUntilClosed() }.filter { $0 != .closed }.count)
        }

        #expect(served.allSatisfy { $0 == 200 } && !served.isEmpty, "\(served)")
        #expect(stillOpen == 0, "\(stillOpen) of \(count) half-sent requests still open")
        let after = Self.openDescriptors(of: pid)
        #expect(after <= before + 16, "\(before) descriptors before, \(after) after closing \(count) connections")
    }

    @Test("A keep-alive connection is closed when idle past --keep-alive-timeout, or when its next request stalls")
    func idleKeepAlive() async throws {
        let server = try await RunningServer([
            "--allow-unsigned", "--keep-alive-timeout", "1", "--read-request-timeout", "1",
        ])
        let port = server.port

        let (idle, stalled) = try await runOffCooperativePool {
            let idle = try LoopbackClient(port: port)
            try idle.sendRequest("/health")
            let first = idle.readResponse()?.status
            try idle.sendRequest("/health")
            let second = idle.readResponse()?.status
            let idleEnd = idle.readUntilClosed()

            let stalled = try LoopbackClient(port: port)
            try stalled.sendRequest("/health")
            let answered = stalled.readResponse()?.status
            try stalled.send("GET /health HTTP/1.1\r\nHo")
            return ([first, second, answered == nil ? nil : 0], (idleEnd, stalled.readUntilClosed()))
        }

        #expect(idle == [200, 200, 0], "the connections serve requests until they idle or stall")
        #expect(stalled.0 == .closed && stalled.1 == .closed)
    }

    @Test("--max-connections: one past the limit is closed unanswered; a place freed is taken again")
    func maximumConnections() async throws {
        let server = try await RunningServer([
            "--allow-unsigned", "--max-connections", "20", "--keep-alive-timeout", "120",
        ])
        let port = server.port

        let (held, refused, closed, again) = try await runOffCooperativePool {
            var open: [LoopbackClient] = []
            var held: [Int?] = []
            for _ in 0..<20 {
                let client = try LoopbackClient(port: port)
                try client.sendRequest("/health")
                held.append(client.readResponse()?.status)
                open.append(client)
            }
            var refused: [Bool] = []
            for _ in 0..<5 {
                let extra = try LoopbackClient(port: port)
                try? extra.sendRequest("/health")
                refused.append(extra.isClosedWithoutAnswer())
            }
            // The server closes each connection whose input ends, counting it out before it closes.
            for client in open { client.shutdownSending() }
            let closed = open.map { $0.readUntilClosed() }.allSatisfy { $0 == .closed }
            let next = try LoopbackClient(port: port)
            try next.sendRequest("/health")
            return (held, refused, closed, next.readResponse()?.status)
        }

        #expect(held == Array(repeating: 200, count: 20))
        #expect(refused == Array(repeating: true, count: 5))
        #expect(closed)
        #expect(again == 200)
    }

    @Test(
        "Connection settings out of range are refused at start: status 64",
        arguments: [
            ["--max-connections", "100000000"], ["--max-connections", "0"], ["--read-request-timeout", "0"],
            ["--keep-alive-timeout", "-1"],
        ]
    )
    func badSettings(arguments: [String]) async throws {
        let directory = try TemporaryDirectory(prefix: "nuke-server-tests")
        let run = try await ChildProcess.run(RunningServer.executable, ["--port", "0"] + arguments, in: directory)
        #expect(run.status == 64, "\(arguments): \(run.errors)")
    }
}
