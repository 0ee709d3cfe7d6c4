// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

import Foundation
import NukeTestSupport
import Synchronization
import Testing

@testable import NukeCore

@Suite("Per-stage metrics reported to the delegate", .timeLimit(.minutes(10)))
struct StageMetricsTests {
    let loader = MockDataLoader()
    let clock = ManualClock()
    let recorder = StageRecorder()

    @Test("Load, decode, process and encode each report once, with waits and durations on the pipeline's clock")
    func stagesAndTimings() async throws {
        let pipeline = ImagePipeline.makeTestPipeline(loader: loader, delegate: recorder) { [clock] in
            $0.clock = clock
            $0.dataCache = MockDataCache()
            $0.dataCachePolicy = .automatic  // Processed images are encoded for the disk cache.
            $0.makeImageEncoder = { _ in MockImageEncoder() }
        }
        let queue = pipeline.configuration.dataLoadingQueue
        await queue.setSuspended(true)
        let queued = await QueueRecorder(queue)
        loader.isSuspended = true
        let request = ImageRequest(url: .test, processors: [ClockAdvancingProcessor(clock: clock, step: .seconds(2))])
        let task = pipeline.imageTask(with: request)
        await waitUntil(queued) { queued.addedCount == 1 }
        clock.advance(by: .seconds(3))  // Waiting for a slot.
        await queue.setSuspended(false)
        await waitUntil(loader) { loader.createdTaskCount == 1 }
        clock.advance(by: .seconds(5))  // Downloading.
        loader.isSuspended = false
        _ = try await task.response
        await waitUntil(recorder) { recorder.metrics.count == 4 }

        let metrics = recorder.metrics
        #expect(metrics.map(\.stage) == [.load, .decode, .process, .encode])
        #expect(metrics.allSatisfy { $0.isSuccess && $0.request.url == .test })
        #expect(metrics[0].queueWait == .seconds(3) && metrics[0].duration == .seconds(5))
        #expect(metrics[1].queueWait == .zero && metrics[1].duration == .zero)
        #expect(metrics[2].duration == .seconds(2))
        #expect(metrics[3].queueWait == .zero && metrics[3].duration == .zero)
    }

    @Test("Failed work reports as failed; coalesced requests share one load and one decode")
    func failuresAndCoalescing() async throws {
        let missing = URL(string: "http://test.com/missing")!
        loader.setAnswer(.failure(URLError(.badServerResponse)), for: missing)
        let truncated = URL(string: "http://test.com/truncated")!
        loader.setAnswer(
            .success(TestImageFormat.make().prefix(1_000), DataResponse(url: truncated, statusCode: 200)),
            for: truncated
        )
        let pipeline = ImagePipeline.makeTestPipeline(loader: loader, delegate: recorder)

        _ = await expectFailure(pipeline.imageTask(with: missing))
        _ = await expectFailure(pipeline.imageTask(with: truncated))
        _ = await expectFailure(
            pipeline.imageTask(with: ImageRequest(url: .test, processors: [MockFailingProcessor()]))
        )
        await waitUntil(recorder) { recorder.metrics.count == 6 }
        #expect(recorder.metrics.map(\.stage) == [.load, .load, .decode, .load, .decode, .process])
        let failed = recorder.metrics.filter { !$0.isSuccess }.map {
            "\($0.stage) \($0.request.url!.lastPathComponent)"
        }
        #expect(failed == ["load missing", "decode truncated", "process example.jpeg"])

        recorder.reset()
        loader.isSuspended = true
        let shared = URL(string: "http://test.com/shared")!
        let tasks = ["a", "b"].map {
            pipeline.imageTask(with: ImageRequest(url: shared, processors: [MockImageProcessor(id: $0)]))
        }
        await pipelineActorBarrier()  // Both tasks have joined the shared download before it may end.
        await waitUntil(loader) { loader.createdTaskCount == 4 }
        loader.isSuspended = false
        for task in tasks { _ = try await task.response }
        await waitUntil(recorder) { recorder.metrics.count == 4 }
        #expect(recorder.metrics.filter { $0.stage == .load }.count == 1)
        #expect(recorder.metrics.filter { $0.stage == .decode }.count == 1)
        #expect(recorder.metrics.filter { $0.stage == .process }.count == 2)
    }
}

/// A delegate that keeps every stage's metrics.
final class StageRecorder: ImagePipeline.Delegate, ReportsChanges {
    private let recorded = Mutex<[ImagePipeline.StageMetrics]>([])
    /// Told after each stage's metrics arrive.
    let changes = Changes()

    /// What was reported so far, in order.
    var metrics: [ImagePipeline.StageMetrics] { recorded.withLock { $0 } }

    func reset() { recorded.withLock { $0.removeAll() } }

    func pipeline(_ pipeline: ImagePipeline, didFinish metrics: ImagePipeline.StageMetrics) {
        recorded.withLock { $0.append(metrics) }
        changes.notify()
    }
}

/// Moves a manual clock while it runs, as slow work would.
struct ClockAdvancingProcessor: ImageProcessing {
    let clock: ManualClock
    let step: Duration

    var identifier: String { "test.advancing" }

    func process(_ container: ImageContainer, context: ImageProcessingContext) throws -> ImageContainer {
        clock.advance(by: step)
        return container
    }
}
