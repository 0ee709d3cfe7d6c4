// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

/// A node of the task graph: one piece of work (fetch data, decode, process) shared by every
/// subscriber that needs it.
///
/// Starts on its first subscription. Its priority is the highest of its subscribers' and flows
/// to its queued operation and its dependency. When the last subscriber leaves it is cancelled,
/// and the cancellation cascades to a dependency nobody else uses. A final value or an error
/// disposes it before the event fans out, so a pool never hands out a finished job.
@ImagePipelineActor
class Job<Value: Sendable> {
    enum Event {
        case value(Value, isCompleted: Bool)
        case progress(ImageTask.Progress)
        case error(ImagePipeline.Error)

        /// The same event with its value transformed.
        func mapValue<T>(_ transform: (Value) -> T) -> Job<T>.Event {
            switch self {
            case let .value(value, isCompleted): .value(transform(value), isCompleted: isCompleted)
            case .progress(let progress): .progress(progress)
            case .error(let error): .error(error)
            }
        }

        var isTerminal: Bool {
            switch self {
            case .value(_, let isCompleted): isCompleted
            case .progress: false
            case .error: true
            }
        }
    }

    private struct Entry {
        let subscription: JobSubscription
        let handler: (Event) -> Void
    }

    private var entries: [Entry] = []
    private(set) var isStarted = false
    private(set) var isDisposed = false
    private(set) var priority = ImageRequest.Priority.normal

    /// The subscription to the job this one consumes.
    var dependency: JobSubscription? {
        didSet { dependency?.setPriority(priority) }
    }

    /// Queued work of this job; follows the job's priority.
    var operation: TaskQueue.Operation? {
        didSet { operation?.priority = priority }
    }

    /// Called once, with the job, when it is disposed (completed, failed or cancelled).
    var onDisposed: ((Job<Value>) -> Void)?

    /// Calls `body` with each subscriber, for decisions that depend on the requests (caching).
    func forEachSubscriber(_ body: (JobSubscription.Subscriber) -> Void) {
        for entry in entries { body(entry.subscription.subscriber) }
    }

    /// Override: starts the work. May send events synchronously.
    func start() {}

    /// Override: releases resources when the last subscriber left before completion.
    func onCancelled() {}

    /// Override: passes a new ``priority`` on to work the job holds besides ``operation``.
    func onPriorityChanged() {}

    /// Subscribes; starts the job on the first subscription.
    ///
    /// - Returns: The subscription, or `nil` if the job is already disposed — including when it
    ///   completed synchronously while starting, in which case `handler` has already run.
    func subscribe(
        _ subscriber: JobSubscription.Subscriber,
        priority: ImageRequest.Priority,
        handler: @escaping (Event) -> Void
    ) -> JobSubscription? {
        guard !isDisposed else { return nil }
        let subscription = JobSubscription(subscriber: subscriber, priority: priority)
        subscription.job = self
        entries.append(Entry(subscription: subscription, handler: handler))
        updatePriority()
        if !isStarted {
            isStarted = true
            start()
        }
        return isDisposed ? nil : subscription
    }

    func unsubscribe(_ subscription: JobSubscription) {
        guard let index = entries.firstIndex(where: { $0.subscription === subscription }) else { return }
        entries.remove(at: index)
        if entries.isEmpty {
            dispose(isCancelled: true)
        } else {
            updatePriority()
        }
    }

    func subscriptionDidChangePriority() {
        updatePriority()
    }

    private func updatePriority() {
        let newPriority = entries.map(\.subscription.priority).max() ?? .normal
        guard newPriority != priority else { return }
        priority = newPriority
        operation?.priority = newPriority
        dependency?.setPriority(newPriority)
        onPriorityChanged()
    }

    /// Sends an event to every subscriber; a terminal event disposes the job first.
    func send(_ event: Event) {
        guard !isDisposed else { return }
        let targets = entries
        if event.isTerminal {
            dispose(isCancelled: false)
            for target in targets { target.handler(event) }
        } else {
            for target in targets where entries.contains(where: { $0.subscription === target.subscription }) {
                target.handler(event)
            }
        }
    }

    private func dispose(isCancelled: Bool) {
        guard !isDisposed else { return }
        isDisposed = true
        entries.removeAll()
        if isCancelled {
            operation?.cancel()
        } else {
            operation?.end()  // A running task operation may be the one completing the job.
        }
        operation = nil
        let dependency = self.dependency
        self.dependency = nil
        dependency?.unsubscribe()
        if isCancelled { onCancelled() }
        let onDisposed = self.onDisposed
        self.onDisposed = nil
        onDisposed?(self)
    }
}

/// A subscriber's handle on a ``Job``: leave it, or change the priority it asks for.
@ImagePipelineActor
final class JobSubscription {
    /// Who subscribed.
    enum Subscriber {
        /// A user's task.
        case imageTask(ImageTask)
        /// Another job that consumes this one's output.
        case job(any JobNode)
        /// Something else (the prefetcher, tests).
        case other
    }

    let subscriber: Subscriber
    fileprivate(set) var priority: ImageRequest.Priority
    /// The job, strongly: it stays alive while it has subscribers even when no pool holds it.
    fileprivate var job: (any JobNode)?

    init(subscriber: Subscriber, priority: ImageRequest.Priority) {
        self.subscriber = subscriber
        self.priority = priority
    }

    /// Leaves the job; the last one to leave cancels it.
    func unsubscribe() {
        let job = self.job
        self.job = nil
        job?.unsubscribe(self)
    }

    /// Changes the priority this subscriber asks for.
    func setPriority(_ priority: ImageRequest.Priority) {
        guard priority != self.priority else { return }
        self.priority = priority
        job?.subscriptionDidChangePriority()
    }
}

/// A job as seen without its value type: by its subscriptions, and by the jobs that consume it
/// (to find the user tasks behind it).
@ImagePipelineActor
protocol JobNode: AnyObject {
    func forEachSubscriber(_ body: (JobSubscription.Subscriber) -> Void)
    func unsubscribe(_ subscription: JobSubscription)
    func subscriptionDidChangePriority()
}

extension Job: JobNode {}

extension JobNode {
    /// Every user task that transitively depends on this job.
    var imageTasks: [ImageTask] {
        var tasks: [ImageTask] = []
        collectImageTasks(into: &tasks)
        return tasks
    }

    private func collectImageTasks(into tasks: inout [ImageTask]) {
        forEachSubscriber { subscriber in
            switch subscriber {
            case .imageTask(let task): tasks.append(task)
            case .job(let job): job.collectImageTasks(into: &tasks)
            case .other: break
            }
        }
    }

    /// `true` if a user task subscribed to this job directly (it asked for exactly this result).
    var hasDirectImageTask: Bool {
        var found = false
        forEachSubscriber { if case .imageTask = $0 { found = true } }
        return found
    }
}

/// Finds live jobs by key, which is the whole coalescing mechanism: equal keys share one job.
@ImagePipelineActor
final class JobPool<Key: Hashable, Value: Sendable> {
    private var jobs: [Prehashed<Key>: Job<Value>] = [:]
    private let isCoalescingEnabled: Bool
    private let census: JobCensus

    nonisolated init(isCoalescingEnabled: Bool, census: JobCensus) {
        self.isCoalescingEnabled = isCoalescingEnabled
        self.census = census
    }

    /// Returns the live job for `key`, or makes one (always makes one with coalescing off).
    func job(for key: Key, make: () -> Job<Value>) -> Job<Value> {
        func makeRecorded() -> Job<Value> {
            let job = make()
            census.record(job)
            return job
        }
        guard isCoalescingEnabled else { return makeRecorded() }
        let key = Prehashed(key)
        if let existing = jobs[key] { return existing }
        let job = makeRecorded()
        jobs[key] = job
        // Unowned: the pool belongs to the pipeline, which every job holds.
        job.onDisposed = { [unowned self] job in
            if let removed = self.jobs.removeValue(forKey: key), removed !== job {
                self.jobs[key] = removed  // Not expected: a pool never holds a disposed job.
            }
        }
        return job
    }

    /// Removes `job` from the pool, if it is there: later requests for its key get a new job.
    func withdraw(_ job: Job<Value>) {
        guard let entry = jobs.first(where: { $0.value === job }) else { return }
        jobs.removeValue(forKey: entry.key)
    }
}
