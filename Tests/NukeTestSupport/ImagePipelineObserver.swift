// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

public import NukeCore
internal import Synchronization

/// A delegate that records what happens to tasks, and can stand in for `willLoadData` and the
/// preview policy.
public final class ImagePipelineObserver: ImagePipeline.Delegate {
    /// One recorded event, in a comparable form.
    public enum Record: Equatable, Sendable, CustomStringConvertible {
        /// The pipeline created the task.
        case created
        /// The task started.
        case started
        /// Progress: completed and total units.
        case progress(Int64, Int64)
        /// A preview arrived.
        case preview
        /// The task finished with an image.
        case completed
        /// The task failed.
        case failed
        /// The task was cancelled.
        case cancelled

        /// A short name.
        public var description: String {
            switch self {
            case .created: "created"
            case .started: "started"
            case let .progress(completed, total): "progress(\(completed), \(total))"
            case .preview: "preview"
            case .completed: "completed"
            case .failed: "failed"
            case .cancelled: "cancelled"
            }
        }
    }

    private let records = Mutex<[UInt64: [Record]]>([:])
    private let previewPolicyOverride: ImagePipeline.PreviewPolicy?
    private let willLoad: (@Sendable (DataRequest) async throws -> DataRequest)?
    private let willLoadCount = Mutex(0)

    /// Creates an observer.
    ///
    /// - Parameters:
    ///   - previewPolicy: Forces this policy for every download, when given.
    ///   - willLoadData: Replaces `willLoadData`, when given.
    public init(
        previewPolicy: ImagePipeline.PreviewPolicy? = nil,
        willLoadData: (@Sendable (DataRequest) async throws -> DataRequest)? = nil
    ) {
        self.previewPolicyOverride = previewPolicy
        self.willLoad = willLoadData
    }

    /// The events of a task, in order.
    public func events(for task: ImageTask) -> [Record] {
        records.withLock { $0[task.taskId] ?? [] }
    }

    /// The number of image tasks created so far.
    public var createdTaskCount: Int { records.withLock { $0.count } }

    /// How often `willLoadData` was called.
    public var willLoadDataCount: Int { willLoadCount.withLock { $0 } }

    private func record(_ record: Record, for task: ImageTask) {
        records.withLock { $0[task.taskId, default: []].append(record) }
    }

    /// Records `created`.
    public func imageTaskCreated(_ task: ImageTask, pipeline: ImagePipeline) {
        record(.created, for: task)
    }

    /// Records `started`.
    public func imageTaskDidStart(_ task: ImageTask, pipeline: ImagePipeline) {
        record(.started, for: task)
    }

    /// Records the event.
    public func imageTask(_ task: ImageTask, didReceiveEvent event: ImageTask.Event, pipeline: ImagePipeline) {
        switch event {
        case .progress(let progress): record(.progress(progress.completed, progress.total), for: task)
        case .preview: record(.preview, for: task)
        case .finished(.success): record(.completed, for: task)
        case .finished(.failure(.cancelled)): record(.cancelled, for: task)
        case .finished(.failure): record(.failed, for: task)
        }
    }

    /// The forced policy, or the default.
    public func previewPolicy(for context: ImageDecodingContext, pipeline: ImagePipeline) -> ImagePipeline.PreviewPolicy
    {
        previewPolicyOverride ?? .default(for: context.data)
    }

    /// Counts the call and runs the replacement, if any.
    @ImagePipelineActor
    public func willLoadData(for request: ImageRequest, urlRequest: DataRequest, pipeline: ImagePipeline) async throws
        -> DataRequest
    {
        willLoadCount.withLock { $0 += 1 }
        return try await willLoad?(urlRequest) ?? urlRequest
    }
}
