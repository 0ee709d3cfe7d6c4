// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

import Dispatch
import NukeTestSupport
import Synchronization
import Testing

@testable import NukeCore

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A one-shot gate a worker thread waits on, so a test controls when the thread is free.
private final class Gate: Sendable {
    private let semaphore = DispatchSemaphore(value: 0)
    func wait() { semaphore.wait() }
    func open() { semaphore.signal() }
}

@Suite struct WorkerPoolStateTests {
    private func item(_ log: Collector<Int>? = nil, _ value: Int = 0) -> WorkerPoolItem {
        WorkerPoolItem { log?.append(value) }
    }

    @Test func firstSubmissionStartsEveryThreadLaterOnesStartNone() {
        var state = WorkerPoolState(threadCount: 3)
        #expect(state.submit(item()) == .wake(startThreads: 3))
        #expect(state.submit(item()) == .wake(startThreads: 0))
        #expect(state.liveThreads == 3)
        #expect(state.queuedCount == 2)
    }

    @Test func threadsTakeItemsInOrderAndSkipCancelledOnes() {
        var state = WorkerPoolState(threadCount: 1)
        let log = Collector<Int>()
        let items = (0..<4).map { item(log, $0) }
        for item in items { _ = state.submit(item) }
        #expect(items[1].cancel())
        var ranItem = false
        while case .run(let item) = state.next(afterRunning: ranItem) {
            item.run()
            ranItem = true
        }
        #expect(log.all == [0, 2, 3])
        #expect(state.busyThreads == 0)
        #expect(!items[2].cancel(), "a claimed item can no longer be cancelled")
    }

    /// An item's owner usually keeps it while the work refers back to the owner: the work must
    /// go once it ran or was cancelled, or both stay alive (nuke-server leaked every download).
    @Test func anItemDropsItsWorkOnceRunOrCancelled() {
        final class Owner: Sendable {}
        weak var ran: Owner?
        weak var cancelled: Owner?
        let (ranItem, cancelledItem) = {
            let (first, second) = (Owner(), Owner())
            (ran, cancelled) = (first, second)
            return (WorkerPoolItem { _ = first }, WorkerPoolItem { _ = second })
        }()
        #expect(ran != nil && cancelled != nil)
        #expect(ranItem.claim())
        ranItem.run()
        #expect(ran == nil, "the work that ran is released")
        #expect(cancelledItem.cancel())
        #expect(cancelled == nil, "the cancelled work is released")
    }

    @Test func stoppingLetsQueuedItemsRunThenEachThreadExits() {
        var state = WorkerPoolState(threadCount: 2)
        _ = state.submit(item())
        #expect(state.stop() == .wakeThreads(2))
        #expect(state.stop() == .none)
        #expect(state.submit(item()) == .wake(startThreads: 0), "live threads still take work")
        guard case .run = state.next(afterRunning: false) else {
            Issue.record("a queued item must run before the thread exits")
            return
        }
        guard case .run = state.next(afterRunning: true), case .exit = state.next(afterRunning: true) else {
            Issue.record("the thread must run the second item, then exit")
            return
        }
        #expect(!state.isStopped)
        guard case .exit = state.next(afterRunning: false) else {
            Issue.record("the second thread must exit")
            return
        }
        #expect(state.isStopped)
        #expect(state.submit(item()) == .runElsewhere)
    }

    @Test func stoppingAPoolThatNeverStartedStopsAtOnce() {
        var state = WorkerPoolState(threadCount: 2)
        #expect(state.stop() == .none)
        #expect(state.isStopped)
    }

    @Test func aLongQueueIsCompactedWithoutLosingOrder() {
        var state = WorkerPoolState(threadCount: 1)
        let log = Collector<Int>()
        var ranItem = false
        for value in 0..<300 {
            _ = state.submit(item(log, value))
            if value % 3 == 2, case .run(let item) = state.next(afterRunning: ranItem) {
                item.run()
                ranItem = true
            }
        }
        while case .run(let item) = state.next(afterRunning: ranItem) {
            item.run()
            ranItem = true
        }
        #expect(log.all == Array(0..<300))
    }
}

@Suite struct WorkerPoolTests {
    @Test func runsWorkOnItsOwnNamedThreadsAtItsNiceness() async {
        let pool = ImagePipeline.WorkerPool(threadCount: 2, niceness: 7, name: "test-pool")
        let (name, niceness) = await pool.perform { (currentThreadName(), WorkerThread.currentNiceness) }
        #expect(name.hasPrefix("test-pool-"))
        #expect(niceness == 7)
        await pool.shutdown()
    }

    @Test func oneThreadRunsItemsFirstInFirstOut() async {
        let pool = ImagePipeline.WorkerPool(threadCount: 1, niceness: 0)
        let gate = Gate()
        let order = Collector<Int>()
        pool.submit { gate.wait() }
        for value in 0..<5 { pool.submit { order.append(value) } }
        gate.open()
        await pool.perform {}
        #expect(order.all == [0, 1, 2, 3, 4])
        await pool.shutdown()
    }

    @Test func anItemCancelledBeforeAThreadClaimsItNeverRuns() async {
        let pool = ImagePipeline.WorkerPool(threadCount: 1, niceness: 0)
        let gate = Gate()
        let ran = Mutex(false)
        pool.submit { gate.wait() }
        let item = pool.submit { ran.withLock { $0 = true } }
        #expect(item.cancel())
        gate.open()
        await pool.perform {}
        #expect(ran.withLock { $0 } == false)
        #expect(pool.queuedCount == 0)
        await pool.shutdown()
    }

    @Test func shutdownRunsQueuedWorkEndsTheThreadsAndLaterWorkStillRuns() async {
        let pool = ImagePipeline.WorkerPool(threadCount: 2, niceness: 0)
        let gate = Gate()
        let count = Mutex(0)
        pool.submit { gate.wait() }
        for _ in 0..<10 { pool.submit { count.withLock { $0 += 1 } } }
        async let stopped: Void = pool.shutdown()
        gate.open()
        await stopped
        #expect(count.withLock { $0 } == 10)
        let name = await pool.perform { currentThreadName() }
        #expect(!name.hasPrefix("nuke-worker"), "after shutdown, work runs elsewhere")
    }

    @Test func isATaskExecutor() async {
        let pool = ImagePipeline.WorkerPool(threadCount: 1, niceness: 0, name: "executor")
        let name = await withTaskExecutorPreference(pool) {
            await Task.yield()
            return currentThreadName()
        }
        #expect(name == "executor-1")
        await pool.shutdown()
    }

    @Test func releasingAPoolEndsItsThreadsAfterItsWork() async {
        let count = CallCounter()
        do {
            let pool = ImagePipeline.WorkerPool(threadCount: 2, niceness: 0)
            for _ in 0..<100 { pool.submit { _ = count.next() } }
            await pool.perform {}
        }
        // The threads hold the pool's state, not the pool: the last one out sees it stopping.
        #expect(count.next() == 100)
    }
}

/// Records the name of the thread each stage ran on.
private final class StageThreads: Sendable {
    private let names = Mutex<[String: Set<String>]>([:])

    func record(_ stage: String) {
        let name = currentThreadName()
        names.withLock { _ = $0[stage, default: []].insert(name) }
    }

    subscript(stage: String) -> Set<String> { names.withLock { $0[stage] ?? [] } }
}

private struct RecordingProcessor: ImageProcessing {
    let threads: StageThreads
    var identifier: String { "test.recording" }
    func process(_ image: Bitmap) -> Bitmap? {
        threads.record("process")
        return image
    }
}

private struct RecordingDecoder: ImageDecoding {
    let base: TestImageDecoder
    let threads: StageThreads
    func decode(_ data: Data) throws -> ImageContainer {
        threads.record("decode")
        return try base.decode(data)
    }
}

private struct RecordingEncoder: ImageEncoding {
    let threads: StageThreads
    func encode(_ image: Bitmap) throws -> Data {
        threads.record("encode")
        return try TestImageEncoder().encode(image)
    }
}

private final class RecordingDataCache: DataCaching {
    let threads: StageThreads
    private let base = MockDataCache()
    init(threads: StageThreads) { self.threads = threads }
    func cachedData(for key: String) -> Data? {
        threads.record("disk read")
        return base.cachedData(for: key)
    }
    func containsData(for key: String) -> Bool { base.containsData(for: key) }
    func storeData(_ data: Data, for key: String) {
        threads.record("disk store")
        base.storeData(data, for: key)
    }
    func removeData(for key: String) { base.removeData(for: key) }
    func removeAll() { base.removeAll() }
}

@Suite struct PipelineWorkerThreadTests {
    @Test func decodingProcessingEncodingAndDiskWorkRunOnTheConfiguredPool() async throws {
        let pool = ImagePipeline.WorkerPool(threadCount: 2, niceness: 0, name: "stages")
        let threads = StageThreads()
        let pipeline = ImagePipeline.makeTestPipeline {
            $0.workerPool = pool
            $0.dataCache = RecordingDataCache(threads: threads)
            $0.dataCachePolicy = .storeAll
            $0.makeImageDecoder = { RecordingDecoder(base: TestImageDecoder(context: $0), threads: threads) }
            $0.makeImageEncoder = { _ in RecordingEncoder(threads: threads) }
        }
        let request = ImageRequest(url: .test, processors: [RecordingProcessor(threads: threads)])
        _ = try await pipeline.image(for: request)
        await pipeline.flush()
        let file = try TemporaryDirectory()
        let path = file.appending("image.test")
        try TestImageFormat.make(width: 3, height: 2).write(to: path)
        let local = try await pipeline.image(for: path)
        #expect(local.width == 3)

        for stage in ["decode", "process", "encode", "disk read", "disk store"] {
            #expect(!threads[stage].isEmpty, "\(stage) did not run")
            #expect(threads[stage].allSatisfy { $0.hasPrefix("stages-") }, "\(stage) ran on \(threads[stage])")
        }
        await pool.shutdown()
    }
}
