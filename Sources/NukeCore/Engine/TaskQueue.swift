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

    /// Observes the queue (tests and diagnostics).
    var onEvent: ((Event) -> Void)?

    /// Creates a queue.
    ///
    /// - Parameter maxConcurrentOperationCount: The most operations that run at once (≥ 1).
    public nonisolated init(maxConcurrentOperationCount: Int) {
        self.maxConcurrentOperationCount = max(1, maxConcurrentOperationCount)
        self.buckets = ImageRequest.Priority.allCases.map { _ in OperationList() }
    }

    /// Adds work; it runs when a slot is free and no higher-priority work is waiting.
    @discardableResult
    func add(priority: ImageRequest.Priority = .normal, _ work: @escaping @ImagePipelineActor () async -> Void)
        -> Operation
    {
        let operation = Operation(queue: self, priority: priority, work: work)
        bucket(for: priority).append(operation)
        onEvent?(.added(operation))
        drain()
        return operation
    }

    private func bucket(for priority: ImageRequest.Priority) -> OperationList {
        buckets[priority.rawValue]
    }

    private func drain() {
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
        operation.task = Task { @ImagePipelineActor in
            await work?()
            self.finish(operation)
        }
    }

    private func finish(_ operation: Operation) {
        guard operation.state == .running || operation.state == .cancelledWhileRunning else { return }
        operation.state = .finished
        operation.task = nil
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
            operation.task?.cancel()
        case .cancelled, .cancelledWhileRunning, .finished:
            return
        }
        onEvent?(.cancelled(operation))
    }

    /// What happened in a queue, for observers.
    enum Event {
        case added(Operation)
        case priorityChanged(Operation)
        case cancelled(Operation)
        case finished(Operation)
    }

    /// A unit of work in a ``TaskQueue``.
    @ImagePipelineActor
    final class Operation {
        enum State { case pending, running, cancelled, cancelledWhileRunning, finished }

        private weak var queue: TaskQueue?
        fileprivate var work: (@ImagePipelineActor () async -> Void)?
        fileprivate var task: Task<Void, Never>?
        fileprivate(set) var state = State.pending
        weak var previous: Operation?
        var next: Operation?

        /// The operation's priority; changing it re-orders pending work.
        var priority: ImageRequest.Priority {
            didSet {
                guard priority != oldValue else { return }
                queue?.operation(self, didChangePriorityFrom: oldValue)
            }
        }

        init(queue: TaskQueue, priority: ImageRequest.Priority, work: @escaping @ImagePipelineActor () async -> Void) {
            self.queue = queue
            self.priority = priority
            self.work = work
        }

        /// Removes pending work (it never runs) or cancels the running Swift task.
        func cancel() {
            queue?.cancel(self)
        }

        /// Removes the work if it has not started; running work is left alone.
        func cancelIfPending() {
            if state == .pending { cancel() }
        }
    }
}
