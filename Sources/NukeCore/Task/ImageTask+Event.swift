// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

extension ImageTask {
    /// Something that happened to a task.
    public enum Event: Sendable {
        /// Bytes arrived.
        case progress(Progress)
        /// A progressive preview was decoded.
        case preview(ImageResponse)
        /// The task finished; cancellation finishes it with ``ImagePipeline/Error/cancelled``.
        case finished(Result<ImageResponse, ImagePipeline.Error>)
    }

    /// How much of the data has arrived.
    public struct Progress: Hashable, Sendable, CustomStringConvertible {
        /// Bytes received.
        public var completed: Int64
        /// Bytes expected, or 0 (or less) when unknown.
        public var total: Int64

        /// Creates a progress value.
        public init(completed: Int64, total: Int64) {
            self.completed = completed
            self.total = total
        }

        /// `completed / total` clamped to 0…1; 0 when the total is unknown.
        public var fraction: Float {
            guard total > 0 else { return 0 }
            return min(1, Float(completed) / Float(total))
        }

        /// `completed / total`.
        public var description: String { "\(completed) / \(total)" }
    }

    /// A consistent snapshot of a task.
    public struct Status: Sendable {
        /// The result, once finished.
        public var result: Result<ImageResponse, ImagePipeline.Error>?
        /// Whether ``ImageTask/cancel()`` was called.
        public var isCancelled: Bool
        /// The current priority.
        public var priority: ImageRequest.Priority
        /// The latest progress.
        public var progress: Progress

        /// Creates a status (for tests and previews).
        public init(
            result: Result<ImageResponse, ImagePipeline.Error>? = nil,
            isCancelled: Bool = false,
            priority: ImageRequest.Priority = .normal,
            progress: Progress = Progress(completed: 0, total: 0)
        ) {
            self.result = result
            self.isCancelled = isCancelled
            self.priority = priority
            self.progress = progress
        }
    }
}
