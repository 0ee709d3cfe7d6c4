// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

extension ImagePipeline {
    /// A stage of the work behind image tasks, each with its own queue.
    public enum Stage: String, Sendable, Hashable, CaseIterable {
        /// Fetching the original data: a download (through the HTTP cache, if any), a `file:`
        /// read or a data closure.
        case load
        /// Decoding final data into an image (previews of partial data are not reported).
        case decode
        /// Running a request's processors on a final image.
        case process
        /// Encoding a processed image for the disk cache.
        case encode
    }

    /// How long one piece of a stage's work waited and ran, timed on the pipeline's
    /// ``Configuration/clock``; reported to ``Delegate/pipeline(_:didFinish:)``.
    ///
    /// Work is shared by coalesced requests and reported once, with the request that started it.
    /// Work that is cancelled is not reported.
    public struct StageMetrics: Sendable {
        /// Which stage.
        public var stage: Stage
        /// The request whose job did the work.
        public var request: ImageRequest
        /// From when the work was queued to when it started: the stage's queue, and for loads
        /// also the rate limiter and the delegate's `willLoadData`.
        public var queueWait: Duration
        /// From when the work started to when it ended.
        public var duration: Duration
        /// Whether the work produced its output (data, an image, encoded bytes).
        public var isSuccess: Bool

        /// Metrics with the given values.
        public init(stage: Stage, request: ImageRequest, queueWait: Duration, duration: Duration, isSuccess: Bool) {
            self.stage = stage
            self.request = request
            self.queueWait = queueWait
            self.duration = duration
            self.isSuccess = isSuccess
        }
    }
}
