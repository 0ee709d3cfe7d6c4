// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

import Synchronization
import Testing

@testable import NukeCore

/// Records the events of a task queue.
final class QueueRecorder: Sendable {
    private let state = Mutex<(added: Int, cancelled: Int, finished: Int, priorities: [ImageRequest.Priority])>(
        (0, 0, 0, [])
    )

    var addedCount: Int { state.withLock { $0.added } }
    var cancelledCount: Int { state.withLock { $0.cancelled } }
    var finishedCount: Int { state.withLock { $0.finished } }
    /// The priority of each added operation, then of every change, in order.
    var priorities: [ImageRequest.Priority] { state.withLock { $0.priorities } }

    @ImagePipelineActor
    init(_ queue: TaskQueue) {
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
        }
    }
}

extension ImagePipeline.Error {
    /// The case name, for comparisons in tests.
    var caseName: String {
        switch self {
        case .dataMissingInCache: "dataMissingInCache"
        case .dataLoadingFailed: "dataLoadingFailed"
        case .dataIsEmpty: "dataIsEmpty"
        case .dataLoaderNotRegistered: "dataLoaderNotRegistered"
        case .decoderNotRegistered: "decoderNotRegistered"
        case .decodingFailed: "decodingFailed"
        case .processingFailed: "processingFailed"
        case .imageRequestMissing: "imageRequestMissing"
        case .pipelineInvalidated: "pipelineInvalidated"
        case .dataDownloadExceededMaximumSize: "dataDownloadExceededMaximumSize"
        case .cancelled: "cancelled"
        }
    }
}

/// Awaits a task and returns its error, or records a failure if it succeeded.
func expectFailure(_ task: ImageTask, sourceLocation: SourceLocation = #_sourceLocation) async -> ImagePipeline.Error? {
    do {
        _ = try await task.response
        Issue.record("expected the task to fail", sourceLocation: sourceLocation)
        return nil
    } catch {
        return error
    }
}

extension TaskQueue {
    /// Suspends or resumes the queue from outside the pipeline actor.
    @ImagePipelineActor
    func setSuspended(_ value: Bool) {
        isSuspended = value
    }
}

/// Returns once the pipeline actor has run the work this task already enqueued on it (the hops
/// `Task { @ImagePipelineActor in … }` made by calls this task returned from): the actor runs
/// jobs of one priority in the order they were enqueued, and this barrier is enqueued last.
func pipelineActorBarrier() async {
    await Task { @ImagePipelineActor in }.value
}
