// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

/// A priority queue of asynchronous work with a concurrency limit.
///
/// The pipeline has one per stage (data loading, decoding, processing, encoding). Pending work
/// runs highest priority first, first in first out within a priority. Work whose priority is
/// raised moves to the back of its new priority; lowered, to the front.
///
/// Queues may be shared between pipelines to bound work across all of them.
@ImagePipelineActor
public final class TaskQueue {
    /// The most operations that run at once; raising it starts pending work.
    public var maxConcurrentOperationCount: Int {
        didSet { drain() }
    }

    /// While `true`, no new operation starts; resuming starts pending work.
    public var isSuspended = false {
        didSet { drain() }
    }

    /// The number of operations running now.
    public private(set) var runningCount = 0

    /// The number of operations waiting to run.
    public var pendingCount: Int {
        buckets.reduce(0) { $0 + $1.count }
    }

    private let buckets: [OperationList]
    private var isDraining = false

    /// Observes the queue (tests and diagnostics).
    package var onEvent: ((Event) -> Void)?

    /// Creates a queue.
    ///
    /// - Parameter maxConcurrentOperationCount: The most operations that run at once (≥ 1).
    public nonisolated init(maxConcurrentOperationCount: Int) {
        self.maxConcurrentOperationCount = max(1, maxConcurrentOperationCount)
        self.buckets = ImageRequest.Priority.allCases.map { _ in OperationList() }
    }

    /// Adds work; it runs when a slot is free and no higher-priority work is waiting.
    @discardableResult
    package func add(
        priority: ImageRequest.Priority = .normal,
        _ work: @escaping @ImagePipelineActor () async -> Void
    ) -> Operation {
        enqueue(Operation(queue: self, priority: priority, work: .task(work)))
    }

    /// Adds work that reports its own end: `start` runs on the actor when a slot is free, and the
    /// slot stays taken until the operation is ended (``Operation/end()``) or cancelled, so work
    /// driven by callbacks needs no Swift task of its own. On cancellation while it runs, the
    /// operation's ``Operation/onCancel`` is called and the slot is freed at once.
    @discardableResult
    func addCallbackOperation(
        priority: ImageRequest.Priority = .normal,
        _ start: @escaping @ImagePipelineActor (Operation) -> Void
    ) -> Operation {
        enqueue(Operation(queue: self, priority: priority, work: .callback(start)))
    }

    /// Adds synchronous `work` that runs on `workers` in a slot of this queue; `completion` then runs
    /// on the actor with its output, unless the operation was cancelled meanwhile.
    ///
    /// Cancelling frees the slot at once; work a thread has not claimed yet never runs, and work
    /// already running finishes on its thread with its output dropped.
    @discardableResult
    func addWork<Output: Sendable>(
        on workers: PipelineWorkers,
        priority: ImageRequest.Priority = .normal,
        _ work: @escaping @Sendable () -> Output,
        completion: @escaping @ImagePipelineActor (Output) -> Void = { _ in }
    ) -> Operation {
        addCallbackOperation(priority: priority) { operation in
            let item = workers.run(work) { output in
                guard operation.state == .running else { return }  // Cancelled meanwhile.
                operation.end()
                completion(output)
            }
            operation.onCancel = { item.cancel() }
        }
    }

    private func enqueue(_ operation: Operation) -> Operation {
        bucket(for: operation.priority).append(operation)
        onEvent?(.added(operation))
        drain()
        return operation
    }

    private func bucket(for priority: ImageRequest.Priority) -> OperationList {
        buckets[priority.rawValue]
    }

    /// Starts pending work while slots are free. Not re-entered: work that ends synchronously
    /// (a callback operation whose loader answers at once) frees its slot for this same loop
    /// instead of recursing once per operation.
    private func drain() {
        guard !isDraining else { return }
        isDraining = true
        defer { isDraining = false }
        while !isSuspended, runningCount < maxConcurrentOperationCount, let operation = popHighest() {
            run(operation)
        }
    }

    private func popHighest() -> Operation? {
        for bucket in buckets.reversed() {
            if let operation = bucket.popFirst() { return operation }
        }
        return nil
    }

    private func run(_ operation: Operation) {
        operation.state = .running
        runningCount += 1
        let work = operation.work
        operation.work = nil
        switch work {
        case .task(let body):
            operation.task = Task { @ImagePipelineActor in
                await body()
                self.finish(operation)
            }
        case .callback(let start):
            start(operation)
        case nil:
            finish(operation)
        }
    }

    fileprivate func finish(_ operation: Operation) {
        guard operation.state == .running || operation.state == .cancelledWhileRunning else { return }
        operation.state = .finished
        operation.task = nil
        operation.onCancel = nil
        runningCount -= 1
        onEvent?(.finished(operation))
        drain()
    }

    fileprivate func operation(_ operation: Operation, didChangePriorityFrom old: ImageRequest.Priority) {
        onEvent?(.priorityChanged(operation))
        guard operation.state == .pending else { return }
        bucket(for: old).remove(operation)
        if operation.priority > old {
            bucket(for: operation.priority).append(operation)
        } else {
            bucket(for: operation.priority).prepend(operation)
        }
    }

    fileprivate func cancel(_ operation: Operation) {
        switch operation.state {
        case .pending:
            bucket(for: operation.priority).remove(operation)
            operation.state = .cancelled
            operation.work = nil
        case .running:
            operation.state = .cancelledWhileRunning
            if let task = operation.task {
                task.cancel()
            } else {
                let onCancel = operation.onCancel
                operation.onCancel = nil
                onCancel?()
                finish(operation)
            }
        case .cancelled, .cancelledWhileRunning, .finished:
            return
        }
        onEvent?(.cancelled(operation))
    }

    /// What happened in a queue, for observers.
    package enum Event {
        case added(Operation)
        case priorityChanged(Operation)
        case cancelled(Operation)
        case finished(Operation)
    }

    /// A unit of work in a ``TaskQueue``.
    @ImagePipelineActor
    package final class Operation {
        enum State { case pending, running, cancelled, cancelledWhileRunning, finished }

        /// What an operation runs: a Swift task, or a start call for work that ends itself.
        enum Work {
            case task(@ImagePipelineActor () async -> Void)
            case callback(@ImagePipelineActor (Operation) -> Void)
        }

        private let queue: TaskQueue
        fileprivate var work: Work?
        fileprivate var task: Task<Void, Never>?

        /// Called when a running callback operation is cancelled.
        var onCancel: (() -> Void)?
        fileprivate(set) var state = State.pending
        /// Unowned: a linked operation is always held by its predecessor's `next` or the list.
        unowned var previous: Operation?
        var next: Operation?

        /// The operation's priority; changing it re-orders pending work.
        package var priority: ImageRequest.Priority {
            didSet {
                guard priority != oldValue else { return }
                queue.operation(self, didChangePriorityFrom: oldValue)
            }
        }

        init(queue: TaskQueue, priority: ImageRequest.Priority, work: Work) {
            self.queue = queue
            self.priority = priority
            self.work = work
        }

        /// Removes pending work (it never runs), cancels the running Swift task, or calls a running
        /// callback operation's ``onCancel`` and frees its slot.
        package func cancel() {
            queue.cancel(self)
        }

        /// Ends the operation as its job ends: pending work is removed (it never runs), a running
        /// callback operation frees its slot, and running task work is left to end by itself
        /// (it may be what is ending the job).
        func end() {
            switch state {
            case .pending: cancel()
            case .running where task == nil: queue.finish(self)
            default: return
            }
        }
    }
}
