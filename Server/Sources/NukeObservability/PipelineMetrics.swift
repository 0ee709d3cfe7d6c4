// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

public import CoreMetrics
public import Nuke

/// A pipeline's work as swift-metrics (Prometheus names; `nuke-server` exports them at
/// `/metrics`):
///
/// - `nuke_pipeline_stage_duration_seconds{stage, outcome}`: how long each load, decode,
///   processing and disk-cache encode ran (`outcome` is `success` or `failure`);
/// - `nuke_pipeline_queue_wait_seconds{stage}`: how long that work waited for its queue;
/// - `nuke_pipeline_tasks_total{outcome}`: image tasks that ended, by `memory`, `disk` or
///   `loaded` (where a successful image came from), `failure` or `cancelled`;
/// - `nuke_pipeline_tasks_in_flight`: image tasks started and not yet ended.
public struct PipelineMetrics: Sendable {
    private let factory: any MetricsFactory
    private let inFlight: Meter

    /// Metrics made by `factory` (swift-metrics' bootstrapped one by default).
    public init(factory: any MetricsFactory = MetricsSystem.factory) {
        self.factory = factory
        self.inFlight = Meter(label: "nuke_pipeline_tasks_in_flight", factory: factory)
    }

    /// Records a stage's work.
    public func record(_ metrics: ImagePipeline.StageMetrics) {
        let stage = metrics.stage.rawValue
        Timer(
            label: "nuke_pipeline_stage_duration_seconds",
            dimensions: [("stage", stage), ("outcome", metrics.isSuccess ? "success" : "failure")],
            factory: factory
        ).recordNanoseconds(metrics.duration.nanoseconds)
        Timer(label: "nuke_pipeline_queue_wait_seconds", dimensions: [("stage", stage)], factory: factory)
            .recordNanoseconds(metrics.queueWait.nanoseconds)
    }

    /// Records that a task started.
    public func taskStarted() {
        inFlight.increment()
    }

    /// Records how a task ended.
    public func taskFinished(_ result: Result<ImageResponse, ImagePipeline.Error>) {
        inFlight.decrement()
        let outcome: String
        switch result {
        case .success(let response):
            switch response.cacheType {
            case .memory: outcome = "memory"
            case .disk: outcome = "disk"
            case nil: outcome = "loaded"
            }
        case .failure(.cancelled): outcome = "cancelled"
        case .failure: outcome = "failure"
        }
        Counter(label: "nuke_pipeline_tasks_total", dimensions: [("outcome", outcome)], factory: factory).increment()
    }
}

extension Duration {
    /// The duration in whole nanoseconds.
    var nanoseconds: Int64 {
        components.seconds * 1_000_000_000 + components.attoseconds / 1_000_000_000
    }
}
