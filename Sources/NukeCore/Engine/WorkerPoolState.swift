// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

/// The state of a ``ImagePipeline/WorkerPool``: its queued items, first in first out, and its
/// lifecycle. A value: every transition returns what the pool must do, and the pool does it
/// outside the lock (swift-nio's state-machine style).
struct WorkerPoolState {
    /// What the pool does after an item was submitted.
    enum SubmitAction: Equatable {
        /// Queued; wake one thread, first starting `startThreads` new ones.
        case wake(startThreads: Int)
        /// The pool has stopped: run the item elsewhere.
        case runElsewhere
    }

    /// What a woken thread does next.
    enum NextAction {
        /// Runs this item.
        case run(WorkerPoolItem)
        /// Nothing is queued (the item it was woken for was taken by another thread): wait again.
        case wait
        /// The pool is stopping and nothing is queued: the thread ends.
        case exit
    }

    /// What the pool does after ``stop()``.
    enum StopAction: Equatable {
        /// Wake this many threads so that each sees the pool stopping and ends.
        case wakeThreads(Int)
        /// Already stopping or stopped: nothing to do.
        case none
    }

    private enum Lifecycle {
        case running
        case stopping
        case stopped
    }

    private let threadCount: Int
    private var lifecycle = Lifecycle.running
    private var queue = FIFO()
    private(set) var startedThreads = 0
    private(set) var liveThreads = 0
    private(set) var busyThreads = 0

    init(threadCount: Int) {
        self.threadCount = threadCount
    }

    /// The number of items waiting for a thread (cancelled ones included until a thread drops them).
    var queuedCount: Int { queue.count }

    /// Whether every thread has ended after ``stop()``.
    var isStopped: Bool { lifecycle == .stopped }

    /// Queues `item`; the first submission starts every thread.
    mutating func submit(_ item: WorkerPoolItem) -> SubmitAction {
        guard lifecycle == .running else {
            // While stopping, at least one thread is still live (the last one out stops the pool).
            return lifecycle == .stopping ? enqueue(item, startThreads: 0) : .runElsewhere
        }
        let newThreads = threadCount - startedThreads
        startedThreads = threadCount
        liveThreads += newThreads
        return enqueue(item, startThreads: newThreads)
    }

    /// Queues `item` only if a thread is idle and nothing else waits: work that a running item
    /// splits off, which that item runs itself otherwise. Returns whether it was queued.
    mutating func submitIfIdle(_ item: WorkerPoolItem) -> Bool {
        guard lifecycle == .running, queue.count == 0, busyThreads < liveThreads else { return false }
        queue.append(item)
        return true
    }

    private mutating func enqueue(_ item: WorkerPoolItem, startThreads: Int) -> SubmitAction {
        queue.append(item)
        return .wake(startThreads: startThreads)
    }

    /// Called by a thread each time it wakes, and after each item it ran.
    mutating func next(afterRunning ranItem: Bool) -> NextAction {
        if ranItem { busyThreads -= 1 }
        while let item = queue.popFirst() {
            guard item.claim() else { continue }  // Cancelled before it started: dropped.
            busyThreads += 1
            return .run(item)
        }
        guard lifecycle != .running else { return .wait }
        liveThreads -= 1
        if liveThreads == 0 { lifecycle = .stopped }
        return .exit
    }

    /// Stops accepting items once the queued ones have run; threads end as they find nothing.
    mutating func stop() -> StopAction {
        guard lifecycle == .running else { return .none }
        if liveThreads == 0 {
            lifecycle = .stopped
            return .none
        }
        lifecycle = .stopping
        return .wakeThreads(liveThreads)
    }
}

extension WorkerPoolState {
    /// A first-in first-out list with an advancing head, compacted when half of it is consumed.
    private struct FIFO {
        private var items: [WorkerPoolItem] = []
        private var head = 0

        var count: Int { items.count - head }

        mutating func append(_ item: WorkerPoolItem) {
            items.append(item)
        }

        mutating func popFirst() -> WorkerPoolItem? {
            guard head < items.count else { return nil }
            let item = items[head]
            head += 1
            if head == items.count {
                items.removeAll(keepingCapacity: true)
                head = 0
            } else if head >= 64, head * 2 >= items.count {
                items.removeFirst(head)
                head = 0
            }
            return item
        }
    }
}
