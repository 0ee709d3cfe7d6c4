// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

import NukeTestSupport
import Testing

@testable import NukeCore

@Suite struct NetworkLoadStateTests {
    /// The load's state over plain values: a slot is a number, a preparation and a transfer are
    /// names, so that tests see which one each action hands back.
    typealias State = NetworkLoadState<Int, String, String>

    @Test("Every stage in order: token, slot, willLoadData, transfer, finish")
    func fullRoute() {
        var state = State(needsToken: true, needsSlot: true, needsPreparation: true)
        #expect(state.start() == .takeToken)
        #expect(state.tokenGranted() == .requestSlot)
        #expect(state.slotGranted(1) == .prepare)
        state.preparationStarted("willLoadData")
        #expect(state.stage == .preparing(slot: 1, "willLoadData"))
        #expect(state.prepared() == .startTransfer)
        #expect(state.transferStarted("transfer") == .none)
        #expect(state.stage == .transferring(slot: 1, "transfer"))
        #expect(state.transferEnded() == .finish(slot: 1, "transfer"))
        #expect(state.stage == .ended)
        #expect(state.cancel() == .none)
    }

    @Test("Skipped stages: no limiter, no queue, no delegate starts the transfer at once")
    func skippedStages() {
        var direct = State(needsToken: false, needsSlot: false, needsPreparation: false)
        #expect(direct.start() == .startTransfer)
        #expect(direct.stage == .transferring(slot: nil, nil))
        var queued = State(needsToken: false, needsSlot: true, needsPreparation: false)
        #expect(queued.start() == .requestSlot)
        #expect(queued.slotGranted(2) == .startTransfer)
        #expect(queued.slot == 2)
        var limited = State(needsToken: true, needsSlot: false, needsPreparation: true)
        #expect(limited.start() == .takeToken)
        #expect(limited.tokenGranted() == .prepare)
    }

    @Test("A slot request is kept until granted; one granted at once is not replaced")
    func slotRequest() {
        var waiting = State(needsToken: false, needsSlot: true, needsPreparation: false)
        _ = waiting.start()
        waiting.slotRequested(3)
        #expect(waiting.stage == .waitingForSlot(3))
        #expect(waiting.cancel() == .cancelSlotRequest(3))

        var grantedAtOnce = State(needsToken: false, needsSlot: true, needsPreparation: false)
        _ = grantedAtOnce.start()
        _ = grantedAtOnce.slotGranted(4)
        grantedAtOnce.slotRequested(4)
        #expect(grantedAtOnce.stage == .transferring(slot: 4, nil))
    }

    @Test("Cancelling at each stage undoes exactly that stage; later events are ignored")
    func cancellation() {
        var waitingForToken = State(needsToken: true, needsSlot: true, needsPreparation: true)
        _ = waitingForToken.start()
        #expect(waitingForToken.cancel() == .none)
        #expect(waitingForToken.tokenGranted() == .returnToken)

        var waitingForSlot = State(needsToken: true, needsSlot: true, needsPreparation: true)
        _ = waitingForSlot.start()
        _ = waitingForSlot.tokenGranted()
        #expect(waitingForSlot.cancel() == .cancelSlotRequest(nil))
        #expect(waitingForSlot.slotGranted(1) == .none)

        var preparing = State(needsToken: false, needsSlot: true, needsPreparation: true)
        _ = preparing.start()
        _ = preparing.slotGranted(1)
        preparing.preparationStarted("willLoadData")
        #expect(preparing.cancel() == .cancelPreparation("willLoadData", slot: 1))
        #expect(preparing.prepared() == .none, "willLoadData answering after cancel starts nothing")
        #expect(preparing.preparationFailed() == .none)

        var transferring = State(needsToken: false, needsSlot: false, needsPreparation: false)
        _ = transferring.start()
        _ = transferring.transferStarted("transfer")
        #expect(transferring.cancel() == .cancelTransfer("transfer", slot: nil))
        #expect(transferring.transferEnded() == .none)
        #expect(transferring.cancel() == .none)
        #expect(
            transferring.transferStarted("late") == .cancelTransfer("late", slot: nil),
            "a transfer that starts after the end is cancelled"
        )
    }

    @Test("willLoadData throwing finishes the load and ends its slot")
    func preparationFails() {
        var state = State(needsToken: false, needsSlot: true, needsPreparation: true)
        #expect(state.start() == .requestSlot)
        #expect(state.slotGranted(5) == .prepare)
        #expect(state.preparationFailed() == .finish(slot: 5, nil))
        #expect(state.prepared() == .none)
    }

    @Test("start is idempotent")
    func startTwice() {
        var state = State(needsToken: false, needsSlot: true, needsPreparation: false)
        #expect(state.start() == .requestSlot)
        #expect(state.start() == .none)
    }
}

@Suite struct PreviewSchedulerTests {
    private let interval = Duration.milliseconds(500)

    /// A scheduler whose first chunk (100 bytes, at time zero) got the incremental policy and
    /// whose preview decode of it is running.
    private func decodingFirstPreview(interval: Duration) -> PreviewScheduler {
        var scheduler = PreviewScheduler(interval: interval)
        _ = scheduler.partialDataArrived(byteCount: 100, now: .zero)
        _ = scheduler.policyEvaluated(.incremental, byteCount: 100)
        scheduler.previewDecodeStarted()
        return scheduler
    }

    @Test("The policy is asked on the first chunk; the decoder is made once")
    func firstChunk() {
        var scheduler = PreviewScheduler(interval: interval)
        #expect(scheduler.partialDataArrived(byteCount: 100, now: .zero) == .evaluatePolicy)
        #expect(
            scheduler.policyEvaluated(.incremental, byteCount: 100) == .decode(policy: .incremental, needsDecoder: true)
        )
        scheduler.previewDecodeStarted()
        #expect(scheduler.partialDataArrived(byteCount: 200, now: .zero) == .skip, "one decode at a time")
        #expect(scheduler.previewDecoded(succeeded: true, now: .seconds(1)) == 1)
        #expect(
            scheduler.partialDataArrived(byteCount: 300, now: .seconds(2))
                == .decode(policy: .incremental, needsDecoder: false)
        )
    }

    @Test("Previews are at least the interval apart")
    func minimumInterval() {
        var scheduler = decodingFirstPreview(interval: interval)
        #expect(scheduler.previewDecoded(succeeded: true, now: .seconds(1)) == 1)
        #expect(scheduler.partialDataArrived(byteCount: 200, now: .seconds(1) + .milliseconds(499)) == .skip)
        #expect(scheduler.partialDataArrived(byteCount: 200, now: .seconds(1) + .milliseconds(500)) != .skip)
    }

    @Test("A failed preview is not counted and does not start the interval")
    func failedPreview() {
        var scheduler = decodingFirstPreview(interval: interval)
        #expect(scheduler.previewDecoded(succeeded: false, now: .zero) == nil)
        #expect(scheduler.previewCount == 0)
        #expect(
            scheduler.partialDataArrived(byteCount: 200, now: .zero)
                == .decode(policy: .incremental, needsDecoder: false)
        )
    }

    @Test("A disabled policy is asked again when the data doubled, at most 6 times")
    func disabledPolicyReevaluation() {
        var scheduler = PreviewScheduler(interval: interval)
        var size = 100
        for _ in 0..<PreviewScheduler.maximumPolicyEvaluations {
            #expect(scheduler.partialDataArrived(byteCount: size, now: .zero) == .evaluatePolicy)
            #expect(scheduler.policyEvaluated(.disabled, byteCount: size) == .skip)
            #expect(scheduler.partialDataArrived(byteCount: 2 * size - 1, now: .zero) == .skip, "not doubled yet")
            size *= 2
        }
        #expect(scheduler.partialDataArrived(byteCount: size * 4, now: .zero) == .skip, "asked 6 times already")
    }

    @Test("A thumbnail policy gives one preview")
    func thumbnail() {
        var scheduler = PreviewScheduler(interval: .zero)
        _ = scheduler.partialDataArrived(byteCount: 100, now: .zero)
        #expect(
            scheduler.policyEvaluated(.thumbnail, byteCount: 100) == .decode(policy: .thumbnail, needsDecoder: true)
        )
        scheduler.previewDecodeStarted()
        #expect(scheduler.previewDecoded(succeeded: true, now: .zero) == 1)
        #expect(scheduler.partialDataArrived(byteCount: 1000, now: .seconds(10)) == .skip)
    }

    @Test("The final data stops previews and cancels one still decoding; its result is dropped")
    func finalData() {
        var scheduler = decodingFirstPreview(interval: .zero)
        #expect(scheduler.previewDecoded(succeeded: true, now: .zero) == 1)
        _ = scheduler.partialDataArrived(byteCount: 200, now: .zero)
        scheduler.previewDecodeStarted()
        let final = scheduler.finalDataArrived()
        #expect(final == PreviewScheduler.Final(policy: .incremental, cancelsPreviewDecode: true, previewCount: 1))
        #expect(scheduler.previewDecoded(succeeded: true, now: .zero) == nil)
        #expect(scheduler.partialDataArrived(byteCount: 300, now: .seconds(5)) == .skip)
    }

    @Test("Without previews the final decode uses the incremental policy")
    func finalWithoutPreviews() {
        var scheduler = PreviewScheduler(interval: interval)
        #expect(
            scheduler.finalDataArrived()
                == PreviewScheduler.Final(policy: .incremental, cancelsPreviewDecode: false, previewCount: 0)
        )
    }
}

@Suite(.timeLimit(.minutes(10)))
struct RateLimiterTests {
    @Test("A burst runs at once; the rest waits for tokens refilled on the clock, in order")
    @ImagePipelineActor
    func refill() async {
        let clock = ManualClock()
        let limiter = RateLimiter(rate: 10, burst: 3, clock: ElapsedClock(clock))
        let ran = Collector<Int>()
        for index in 0..<5 {
            limiter.execute {
                ran.append(index)
                return true
            }
        }
        #expect(ran.all == [0, 1, 2])
        await clock.waitForSleepers()
        #expect(clock.sleepingDeadlines == [.milliseconds(100)], "retry after max(15 ms, 2.1 / rate)")
        clock.advance(by: .milliseconds(100))  // One token at 10 per second.
        await ran.wait(untilCount: 4)
        await clock.waitForSleepers()
        #expect(ran.all == [0, 1, 2, 3])
        clock.advance(by: .milliseconds(100))
        await ran.wait(untilCount: 5)
        #expect(ran.all == [0, 1, 2, 3, 4])
    }

    @Test("25. Work that declines its token (its task was cancelled) gives it back")
    @ImagePipelineActor
    func declinedToken() {
        let limiter = RateLimiter(rate: 10, burst: 2, clock: ElapsedClock(ManualClock()))
        limiter.execute { false }
        limiter.execute { false }
        let ran = Collector<Int>()
        for index in 0..<2 {
            limiter.execute {
                ran.append(index)
                return true
            }
        }
        #expect(ran.all == [0, 1])
    }
}
