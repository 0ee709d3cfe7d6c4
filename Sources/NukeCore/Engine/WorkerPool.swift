// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

internal import Dispatch
internal import Synchronization

#if canImport(FoundationEssentials)
    internal import FoundationEssentials
#else
    internal import Foundation
#endif

extension ImagePipeline {
    /// Threads of the pipeline's own that run its CPU-bound and blocking work: decoding,
    /// processing, encoding, disk-cache reads and stores, and `file:` reads.
    ///
    /// The Swift cooperative thread pool has one thread per core and is shared with everything
    /// else in the process (HTTP handlers, timers, the pipeline actor); a 40 ms decode there
    /// stalls all of it. A worker pool keeps that work on dedicated threads, first in first out
    /// (each pipeline's queues already start work highest priority first), and by default runs
    /// them at a lower OS priority (``niceness``) so the process's async code stays responsive
    /// while images are decoded.
    ///
    /// Pipelines share ``shared`` unless their configuration names another pool
    /// (``ImagePipeline/Configuration/workerPool``). The pool is also a `TaskExecutor`:
    ///
    /// ```swift
    /// let thumbnail = await withTaskExecutorPreference(ImagePipeline.WorkerPool.shared) {
    ///     // Runs on a worker thread, not on the cooperative pool.
    ///     (0..<1_000_000).reduce(0, &+)
    /// }
    /// ```
    public final class WorkerPool: TaskExecutor, Sendable {
        /// The pool pipelines use by default: one thread per core, ``defaultNiceness``.
        public static let shared = WorkerPool()

        /// The niceness of the default pool's threads: 5, below the process's other threads.
        public static let defaultNiceness = 5

        /// One thread per core available to the process.
        public static var defaultThreadCount: Int { ProcessInfo.processInfo.activeProcessorCount }

        /// The number of threads.
        public let threadCount: Int

        /// The OS niceness of the threads, relative to the process's default of 0 (higher runs
        /// less often under contention; Linux lets a thread raise but not lower it).
        public let niceness: Int

        private let core: WorkerPoolCore

        /// Creates a pool; its threads start on first use and end when the pool is released or
        /// shut down.
        ///
        /// - Parameters:
        ///   - threadCount: the number of threads (default: one per core; at least 1).
        ///   - niceness: the threads' OS niceness, 0–19 (default ``defaultNiceness``); 0 keeps
        ///     them at the process's priority.
        ///   - name: the thread name prefix seen in `top -H` and debuggers (at most 11 characters
        ///     are kept).
        public init(
            threadCount: Int = WorkerPool.defaultThreadCount,
            niceness: Int = WorkerPool.defaultNiceness,
            name: String = "nuke-worker"
        ) {
            self.threadCount = max(1, threadCount)
            self.niceness = min(19, max(0, niceness))
            self.core = WorkerPoolCore(
                threadCount: self.threadCount,
                niceness: self.niceness,
                name: String(name.prefix(11))
            )
        }

        deinit {
            core.stop()
        }

        /// The number of threads running an item now (diagnostics).
        public var busyThreadCount: Int { core.withState { $0.busyThreads } }

        /// The number of items waiting for a thread (diagnostics).
        public var queuedCount: Int { core.withState { $0.queuedCount } }

        /// Runs `work` on a worker thread; cancelling the returned item before a thread claims
        /// it means it never runs.
        @discardableResult
        func submit(_ work: @escaping @Sendable () -> Void) -> WorkerPoolItem {
            let item = WorkerPoolItem(work: work)
            core.submit(item)
            return item
        }

        /// Runs `work` on a worker thread and returns its result.
        func perform<T: Sendable>(_ work: @escaping @Sendable () -> T) async -> T {
            await withCheckedContinuation { continuation in
                submit { continuation.resume(returning: work()) }
            }
        }

        /// Runs a Swift job on a worker thread (`TaskExecutor`).
        public func enqueue(_ job: consuming ExecutorJob) {
            let job = UnownedJob(job)
            let executor = asUnownedTaskExecutor()
            submit { job.runSynchronously(on: executor) }
        }

        /// Lets queued work finish, then ends every thread; returns when they have ended.
        ///
        /// Work submitted afterwards still runs, on a Dispatch global queue, so nothing waiting
        /// for it hangs. ``shared`` should not be shut down while pipelines use it.
        public func shutdown() async {
            await core.stopAndWait()
        }
    }
}

/// The shared part of a pool: its state and its threads, which hold it until they end.
final class WorkerPoolCore: Sendable {
    private struct Locked {
        var state: WorkerPoolState
        var stopWaiters: [CheckedContinuation<Void, Never>] = []
    }

    private let locked: Mutex<Locked>
    private let wakeups = DispatchSemaphore(value: 0)
    private let niceness: Int
    private let name: String

    init(threadCount: Int, niceness: Int, name: String) {
        self.locked = Mutex(Locked(state: WorkerPoolState(threadCount: threadCount)))
        self.niceness = niceness
        self.name = name
    }

    func withState<T>(_ body: (WorkerPoolState) -> T) -> T {
        locked.withLock { body($0.state) }
    }

    func submit(_ item: WorkerPoolItem) {
        switch locked.withLock({ $0.state.submit(item) }) {
        case .wake(let startThreads):
            for index in 0..<startThreads {  // Every thread starts at the first submission.
                WorkerThread.start(name: "\(name)-\(index + 1)") {
                    self.runThread()
                }
            }
            wakeups.signal()
        case .runElsewhere:
            DispatchQueue.global().async {
                if item.claim() { item.run() }
            }
        }
    }

    /// The pool of the calling thread, if it is a worker thread.
    static var current: WorkerPoolCore? {
        WorkerThread.currentOwner as? WorkerPoolCore
    }

    /// Queues `item` if a thread is idle to take it now (see `WorkerPoolState.submitIfIdle`).
    func submitIfIdle(_ item: WorkerPoolItem) -> Bool {
        guard locked.withLock({ $0.state.submitIfIdle(item) }) else { return false }
        wakeups.signal()
        return true
    }

    func stop() {
        let action = locked.withLock { $0.state.stop() }
        if case .wakeThreads(let count) = action {
            for _ in 0..<count { wakeups.signal() }
        }
    }

    func stopAndWait() async {
        stop()
        await withCheckedContinuation { continuation in
            let isStopped = locked.withLock { locked in
                if !locked.state.isStopped { locked.stopWaiters.append(continuation) }
                return locked.state.isStopped
            }
            if isStopped { continuation.resume() }
        }
    }

    /// The loop of one thread.
    private func runThread() {
        WorkerThread.setNiceness(niceness)
        WorkerThread.setCurrentOwner(self)
        var ranItem = false
        while true {
            if !ranItem { wakeups.wait() }
            let action = locked.withLock { $0.state.next(afterRunning: ranItem) }
            switch action {
            case .run(let item):
                item.run()
                ranItem = true
            case .wait:
                ranItem = false
            case .exit:
                let waiters = locked.withLock { locked in
                    guard locked.state.isStopped else { return [CheckedContinuation<Void, Never>]() }
                    defer { locked.stopWaiters.removeAll() }
                    return locked.stopWaiters
                }
                for waiter in waiters { waiter.resume() }
                return
            }
        }
    }
}
