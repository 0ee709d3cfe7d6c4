// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

import Foundation
import Nuke
import NukeProxy
import NukeProxyTestSupport
import NukeTestSupport
import Testing

/// The budget as the pipeline and the proxy use it, on a manual clock.
@Suite(.timeLimit(.minutes(2))) struct MemoryBudgetTests {
    let clock = ManualClock()

    @Test("A reservation waits for room, and its bytes come back when it is released or freed")
    func reservations() async throws {
        let budget = MemoryBudget(budget: 100, queueTimeout: .seconds(5), clock: clock)
        var first: DecodeReservation? = try await budget.reserve(bytes: 80)
        #expect(budget.bytesInUse == 80)
        let second = Task { try await budget.reserve(bytes: 50) }
        await clock.waitForSleepers(1)  // Its deadline: it waits.
        #expect(budget.queueLength == 1)
        first = nil
        _ = first
        let admitted = try await second.value
        #expect(budget.bytesInUse == 50)
        admitted.release()
        admitted.release()
        #expect(budget.bytesInUse == 0)
    }

    @Test("Past the queue time-out the wait ends in timedOut; cancelling a wait ends it in cancelled")
    func refusals() async throws {
        let budget = MemoryBudget(budget: 100, queueTimeout: .seconds(5), clock: clock)
        let held = try await budget.reserve(bytes: 100)
        let late = Task { try await budget.reserve(bytes: 10) }
        await clock.waitForSleepers(1)
        clock.advance(by: .seconds(5))
        await #expect(throws: MemoryBudget.Refusal.timedOut(after: .seconds(5))) { try await late.value }

        let cancelled = Task { try await budget.reserve(bytes: 10) }
        await clock.waitForSleepers(1)
        cancelled.cancel()
        await #expect(throws: MemoryBudget.Refusal.cancelled) { try await cancelled.value }
        #expect(budget.queueLength == 0)

        await #expect(throws: MemoryBudget.Refusal.exceedsBudget(bytes: 101, budget: 100)) {
            try await budget.reserve(bytes: 101)
        }
        held.release()
        #expect(budget.bytesInUse == 0)
    }

    @Test("A decode asks for its estimate twice plus its source; charged downloads hold the room")
    func decodeEstimates() async throws {
        let budget = MemoryBudget(budget: 10_000, clock: clock)
        let context = ImageDecodingContext(request: ImageRequest(url: nil), data: Data(count: 1_000))
        let reservation = try await budget.admit(context, estimatedBytes: 2_000)
        #expect(budget.bytesInUse == 5_000)
        budget.charge(5_000)
        let waiting = Task { try await budget.admit(context, estimatedBytes: 0) }
        await clock.waitForSleepers(1)
        budget.release(5_000)
        _ = try await waiting.value
        reservation.release()

        // An estimate whose double plus the source is past `Int.max` is more than the budget.
        await #expect(throws: MemoryBudget.Refusal.exceedsBudget(bytes: .max, budget: 10_000)) {
            try await budget.admit(context, estimatedBytes: Int.max / 2)
        }
    }
}
