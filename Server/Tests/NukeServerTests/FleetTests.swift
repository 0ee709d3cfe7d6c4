// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

import Foundation
import NukeTestSupport
import Testing

/// Three nuke-server processes sharing one Redis, or one bucket in moto's S3 server, behind nginx,
/// started by `Server/Fleet/fleet`.
@Suite(.enabled(if: Fleet.isAvailable, "needs redis-server, redis-cli and nginx"), .serialized)
struct FleetTests {
    @Test(
        "What one node fetched and made, the others serve: the origin sees each photo once",
        arguments: [(Fleet.Store.redis, "round-robin"), (.redis, "consistent-hash"), (.s3, "round-robin")]
    )
    func sharing(store: Fleet.Store, balance: String) async throws {
        guard store.isAvailable else { return }
        let fleet = try await Fleet(store: store, balance: balance)
        let photo = "cups.jpg"
        let first = try await fleet.get(fleet.path(photo, size: 200), port: fleet.nodePorts[0])
        #expect(first.status == 200)
        // The store was asked twice, for the result and for the original: the pipeline does not
        // look for processed images in a cache that holds originals only.
        #expect(try await fleet.sharedLookups(onNodeAt: fleet.nodePorts[0]) == 2)
        #expect(await fleet.waitUntilShared(photo, size: 200))
        for port in fleet.nodePorts.dropFirst() {
            let served = try await fleet.get(fleet.path(photo, size: 200), port: port)
            #expect(served.status == 200 && served.body == first.body, "node at \(port)")
        }
        // Another size on another node: a new result from the shared original.
        #expect(try await fleet.get(fleet.path(photo, size: 120), port: fleet.nodePorts[1]).status == 200)
        #expect(fleet.originRequests(for: photo) == 1)

        // Through nginx: each photo in three sizes, twice each, the writes of each first request
        // awaited (the fleet shares what has reached Redis; consistent hashing also sends a URL
        // to one node every time).
        for other in ["path.jpg", "autumn.webp", "fallen-leaf-rotated.jpg"] {
            for size in [64, 96, 128] {
                let stored = await fleet.storedResults()
                for _ in 0..<2 {
                    #expect(try await fleet.get(fleet.path(other, size: size), port: fleet.balancerPort).status == 200)
                }
                #expect(await fleet.waitUntilShared(other, size: size, storedBefore: stored))
            }
            #expect(fleet.originRequests(for: other) == 1, "\(other)")
        }
    }

    @Test(
        "The store killed (SIGKILL) and stalled (SIGSTOP) mid-run: every client request succeeds; sharing comes back after a restart",
        arguments: Fleet.Store.allCases
    )
    func outages(store: Fleet.Store) async throws {
        guard store.isAvailable else { return }
        // Short enough that the stalled store's time-outs stay well within nginx's.
        let fleet = try await Fleet(store: store, timeout: 1000)
        let photos = ["cups.jpg", "path.jpg", "autumn.webp", "fallen-leaf-rotated.jpg"]
        var failures: [String] = []
        for index in 0..<36 {
            if index == 12 { try await fleet.shared("kill") }
            if index == 18 { try await fleet.shared("start") }
            if index == 20 { try await fleet.shared("pause") }
            if index == 30 { try await fleet.shared("resume") }
            let path = fleet.path(photos[index % photos.count], size: 40 + index)
            let response = try await fleet.get(path, port: fleet.balancerPort)
            if response.status != 200 { failures.append("\(index): \(response.status)") }
        }
        #expect(failures.isEmpty, "failed requests: \(failures)")

        // Each node closes its breaker at its next request after its back-off (polled: the nodes
        // are other processes, seen only through their answers).
        for port in fleet.nodePorts {
            #expect(
                await waitUntil(timeout: 120) {
                    _ = try? await fleet.get(fleet.path("cups.jpg", size: 300), port: port)
                    return await fleet.sharedAvailable(onNodeAt: port)
                }
            )
        }
        // Sharing again: a result one node makes now, the others serve without the origin. (The
        // original is on node 1's disk already, and a read from a near tier writes no farther.)
        // Right after a stall a node's breaker may close and open once more (one more time-out,
        // then another back-off, during which its writes are dropped), so new results are made
        // until one is shared, each given 10 seconds.
        var shared: Int?
        for size in 333..<345 where shared == nil {
            let stored = await fleet.storedResults()
            #expect(try await fleet.get(fleet.path("path.jpg", size: size), port: fleet.nodePorts[0]).status == 200)
            if await fleet.waitUntilShared("path.jpg", size: size, original: false, storedBefore: stored, timeout: 10) {
                shared = size
            }
        }
        let size = try #require(shared, "no result made after the outages reached the store")
        let before = fleet.originRequests(for: "path.jpg")
        for port in fleet.nodePorts.dropFirst() {
            #expect(try await fleet.get(fleet.path("path.jpg", size: size), port: port).status == 200)
        }
        #expect(fleet.originRequests(for: "path.jpg") == before)
    }
}
