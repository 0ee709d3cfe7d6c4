// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

import NukeProxyTestSupport
import Testing

@testable import NukeProxy

/// The budget's bookkeeping, transition by transition.
@Suite struct MemoryBudgetStateTests {
    typealias State = MemoryBudgetState

    @Test("Work that fits is admitted; the rest waits; more than the whole budget is refused at once")
    func admission() {
        var state = State(budget: 100, maximumQueueLength: 2)
        #expect(state.request(id: 1, bytes: 60, priority: 0) == .admitted)
        #expect(state.request(id: 2, bytes: 50, priority: 0) == .queued)
        #expect(state.request(id: 3, bytes: 101, priority: 0) == .refused(.exceedsBudget(bytes: 101, budget: 100)))
        #expect(state.request(id: 4, bytes: 10, priority: 0) == .queued, "head of the line: 10 would fit, but 2 waits")
        #expect(state.request(id: 5, bytes: 10, priority: 0) == .refused(.queueFull(length: 2)))
        #expect(state.bytesInUse == 60)
        #expect(state.release(60) == [.admit(2), .admit(4)])
        #expect(state.bytesInUse == 60 && state.queue.isEmpty)
    }

    @Test("First in, first out within a priority; higher priorities first")
    func ordering() {
        var state = State(budget: 10, maximumQueueLength: 10)
        #expect(state.request(id: 1, bytes: 10, priority: 0) == .admitted)
        for (id, priority) in [(2, 0), (3, 4), (4, 0), (5, 4), (6, -4)] {
            #expect(state.request(id: id, bytes: 10, priority: priority) == .queued)
        }
        #expect(state.queue.map(\.id) == [3, 5, 2, 4, 6])
        var admitted: [State.Action] = []
        for _ in 0..<5 { admitted += state.release(10) }
        #expect(admitted == [3, 5, 2, 4, 6].map(State.Action.admit))
    }

    @Test("A withdrawn waiter is refused and those behind it move up; an unknown one changes nothing")
    func withdrawal() {
        var state = State(budget: 100, maximumQueueLength: 10)
        #expect(state.request(id: 1, bytes: 70, priority: 0) == .admitted)
        #expect(state.request(id: 2, bytes: 80, priority: 0) == .queued)
        #expect(state.request(id: 3, bytes: 20, priority: 0) == .queued)
        #expect(
            state.withdraw(2, refusal: .timedOut(after: .seconds(1))) == [
                .refuse(2, .timedOut(after: .seconds(1))), .admit(3),
            ]
        )
        #expect(state.withdraw(2, refusal: .cancelled) == [])
        #expect(state.bytesInUse == 90)
    }

    @Test("Downloads are charged without waiting; waiting work is admitted once they are given back")
    func charges() {
        var state = State(budget: 100, maximumQueueLength: 10)
        state.charge(90)
        #expect(state.request(id: 1, bytes: 20, priority: 0) == .queued)
        state.charge(30)
        #expect(state.bytesInUse == 120)
        #expect(state.release(30) == [])
        #expect(state.release(90) == [.admit(1)])
        #expect(state.release(500) == [] && state.bytesInUse == 0)
    }
}
