// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

import Foundation
import Nuke
import NukeProxy
import NukeProxyTestSupport
import NukeTestSupport
import Testing

/// A proxy whose pipeline admits decodes and downloads by a ``MemoryBudget``.
@Suite(.timeLimit(.minutes(2))) struct ProxyMemoryBudgetTests {
    let clock = ManualClock()

    @Test("Served requests give every byte back; the download and the decode were counted")
    func servesWithinTheBudget() async throws {
        let fixture = try ProxyFixture()
        let budget = MemoryBudget(budget: 64 << 20, clock: clock)
        let proxy = fixture.proxy(budget: budget)
        for options in ["rs:fit:100:100", "rs:fit:640:640"] {
            let response = await proxy.respond(to: fixture.path(options, "/photo.jpg"))
            #expect(response.status == 200)
        }
        await pipelineActorBarrier()  // The pipeline lets go of the last image it handed out.
        #expect(budget.bytesInUse == 0)
        #expect(budget.queueLength == 0)
    }

    @Test("Work that waits past the queue time-out is 503 with Retry-After, and not cached")
    func waitsThenSheds() async throws {
        let fixture = try ProxyFixture()
        let budget = MemoryBudget(budget: 64 << 20, queueTimeout: .seconds(3), clock: clock)
        let proxy = fixture.proxy(budget: budget)
        let held = try await budget.reserve(bytes: budget.budget)
        let response = Task { await proxy.respond(to: fixture.path("w:100", "/photo.jpg")) }
        await clock.waitForSleepers(1)  // The decode's wait for memory, with its deadline.
        #expect(budget.queueLength == 1)
        clock.advance(by: .seconds(3))
        let shed = await response.value
        #expect(shed.status == 503)
        #expect(shed.header("Retry-After") == "1" && shed.header("Cache-Control") == "no-store")

        held.release()
        #expect(await proxy.respond(to: fixture.path("w:100", "/photo.jpg")).status == 200)
    }

    @Test("A request needing more than the whole budget is 422 at once")
    func refusesWhatNeverFits() async throws {
        let fixture = try ProxyFixture()
        let budget = MemoryBudget(budget: 100_000, clock: clock)
        let response = await fixture.proxy(budget: budget).respond(to: fixture.path("w:800", "/photo.jpg"))
        #expect(response.status == 422)
        #expect(budget.bytesInUse == 0)
    }

    @Test("An embedded proxy over a pipeline of its own bounds its memory by default")
    func defaultBudget() throws {
        var configuration = ProxyConfiguration(signature: URLSignature(keys: [ProxyFixture.secret]))
        #expect(
            ImageProxy(configuration: configuration).memoryBudget?.budget
                == MemoryBudget.defaultBudget(
                    reserving: ImageCache.shared.costLimit
                )
        )
        configuration.memoryBudget = 300 << 20
        configuration.memoryQueueTimeout = .seconds(2)
        let budget = try #require(ImageProxy(configuration: configuration).memoryBudget)
        #expect(budget.budget == 300 << 20 && budget.queueTimeout == .seconds(2))
    }

    @Test("Smaller sizes of a source reuse its kept decode: one fetch, one decode; the budget empties it to admit work")
    func reusesDecodes() async throws {
        let fixture = try ProxyFixture()
        let kept = ImageCache()
        kept.entryCostLimit = 1
        let budget = MemoryBudget(budget: 64 << 20, clock: clock, evictingUnderPressure: [kept])
        let proxy = fixture.proxy(budget: budget, configurePipeline: { $0.decodedSourceCache = kept })
        for options in ["rs:fit:400:400", "rs:fit:200:200", "rs:fit:400:400/f:webp"] {
            #expect(await proxy.respond(to: fixture.path(options, "/photo.jpg")).status == 200)
        }
        #expect(fixture.origin.requests(to: "/photo.jpg").count == 1)
        #expect(kept.totalCount == 1)
        await pipelineActorBarrier()
        #expect(budget.bytesInUse > 0, "the kept decode counts in the budget")

        // Work that must wait (a byte held keeps it waiting) empties the cache before its wait's
        // deadline starts.
        let held = try await budget.reserve(bytes: 1)
        let waiting = Task { try await budget.reserve(bytes: budget.budget) }
        await clock.waitForSleepers(1)
        #expect(kept.totalCount == 0)
        waiting.cancel()
        await #expect(throws: MemoryBudget.Refusal.cancelled) { try await waiting.value }
        held.release()
    }
}
