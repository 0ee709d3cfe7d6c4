// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

import Foundation
import NukeTestSupport
import Testing

@testable import NukeCore

@Suite(.timeLimit(.minutes(10)))
struct TaskQueueTests {
    @Test("Respects the limit; runs highest priority first, FIFO within a priority")
    @ImagePipelineActor
    func ordering() async {
        let queue = TaskQueue(maxConcurrentOperationCount: 1)
        queue.isSuspended = true
        let order = Collector<String>()
        for (name, priority) in [
            ("low1", ImageRequest.Priority.low), ("high", .high), ("low2", .low), ("normal", .normal),
        ] {
            queue.add(priority: priority) { order.append(name) }
        }
        let raised = queue.add(priority: .veryLow) { order.append("raised") }
        raised.priority = .veryHigh
        let cancelled = queue.add(priority: .veryHigh) { order.append("cancelled") }
        cancelled.cancel()
        #expect(queue.pendingCount == 5)
        #expect(order.count == 0)  // Suspended: nothing was started.
        queue.isSuspended = false
        await order.wait(untilCount: 5)
        #expect(order.all == ["raised", "high", "normal", "low1", "low2"])
    }

    @Test("A lowered operation goes to the front of its new priority")
    @ImagePipelineActor
    func lowering() async {
        let queue = TaskQueue(maxConcurrentOperationCount: 1)
        queue.isSuspended = true
        let order = Collector<String>()
        queue.add(priority: .low) { order.append("low") }
        let lowered = queue.add(priority: .high) { order.append("lowered") }
        lowered.priority = .low
        queue.isSuspended = false
        await order.wait(untilCount: 2)
        #expect(order.all == ["lowered", "low"])
    }

    @Test("Never runs more than the limit at once")
    @ImagePipelineActor
    func concurrencyLimit() async {
        let queue = TaskQueue(maxConcurrentOperationCount: 2)
        let running = Collector<Int>()
        var maxRunning = 0
        var current = 0
        for _ in 0..<10 {
            queue.add {
                current += 1
                maxRunning = max(maxRunning, current)
                await Task.yield()  // Suspends while running: the queue could start more.
                current -= 1
                running.append(1)
            }
        }
        await running.wait(untilCount: 10)
        #expect(maxRunning == 2)
        #expect(queue.runningCount == 0)
    }

    @Test("A callback operation holds its slot until it is ended; ending it at once runs the rest")
    @ImagePipelineActor
    func callbackOperations() {
        let queue = TaskQueue(maxConcurrentOperationCount: 1)
        var started: [String] = []
        let first = queue.addCallbackOperation { _ in started.append("first") }
        queue.addCallbackOperation { _ in started.append("second") }
        #expect(started == ["first"])  // Started synchronously; the slot stays taken.
        #expect(queue.runningCount == 1 && queue.pendingCount == 1)
        first.end()
        #expect(started == ["first", "second"])

        // 1,000 operations that end inside their start call: one loop, no recursion per operation.
        let instant = TaskQueue(maxConcurrentOperationCount: 2)
        var count = 0
        instant.isSuspended = true
        for _ in 0..<1_000 {
            instant.addCallbackOperation { operation in
                count += 1
                operation.end()
            }
        }
        instant.isSuspended = false
        #expect(count == 1_000)
        #expect(instant.runningCount == 0 && instant.pendingCount == 0)
    }

    @Test("Cancelling a running callback operation calls its onCancel and frees the slot")
    @ImagePipelineActor
    func callbackCancellation() {
        let queue = TaskQueue(maxConcurrentOperationCount: 1)
        var cancelCount = 0
        let running = queue.addCallbackOperation { operation in operation.onCancel = { cancelCount += 1 } }
        var secondStarted = false
        queue.addCallbackOperation { _ in secondStarted = true }
        running.cancel()
        running.cancel()
        running.end()
        #expect(cancelCount == 1)
        #expect(secondStarted)
        #expect(queue.runningCount == 1)
    }
}
