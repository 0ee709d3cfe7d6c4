// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

public import NukeCore
internal import Synchronization

/// Records the events of a task queue.
public final class QueueRecorder: ReportsChanges, Sendable {
    private let state = Mutex<(added: Int, cancelled: Int, finished: Int, priorities: [ImageRequest.Priority])>(
        (0, 0, 0, [])
    )

    /// Told after every event of the queue.
    public let changes = Changes()

    /// Operations added so far.
    public var addedCount: Int { state.withLock { $0.added } }
    /// Operations cancelled so far.
    public var cancelledCount: Int { state.withLock { $0.cancelled } }
    /// Operations finished so far.
    public var finishedCount: Int { state.withLock { $0.finished } }
    /// The priority of each added operation, then of every change, in order.
    public var priorities: [ImageRequest.Priority] { state.withLock { $0.priorities } }

    /// Records `queue`'s events from now on (replacing any other observer of it).
    @ImagePipelineActor
    public init(_ queue: TaskQueue) {
        queue.onEvent = { [self] event in
            self.state.withLock { state in
                switch event {
                case .added(let operation):
                    state.added += 1
                    state.priorities.append(operation.priority)
                case .priorityChanged(let operation): state.priorities.append(operation.priority)
                case .cancelled: state.cancelled += 1
                case .finished: state.finished += 1
                }
            }
            self.changes.notify()
        }
    }
}

extension TaskQueue {
    /// Suspends or resumes the queue from outside the pipeline actor.
    @ImagePipelineActor
    public func setSuspended(_ value: Bool) {
        isSuspended = value
    }
}

/// Returns once the pipeline actor has run the work this task already enqueued on it (the hops
/// `Task { @ImagePipelineActor in … }` made by calls this task returned from): the actor runs
/// jobs of one priority in the order they were enqueued, and this barrier is enqueued last.
public func pipelineActorBarrier() async {
    await Task { @ImagePipelineActor in }.value
}
