// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

public import CoreMetrics

/// What the proxy reports through swift-metrics (exported by `nuke-server` at `/metrics` in
/// Prometheus's format):
///
/// - `nuke_server_requests_total{status}` and `nuke_server_request_duration_seconds{status}`;
/// - `nuke_server_cache_hits_total{layer}`: `result` (the encoded-result cache), `memory` and
///   `disk` (the pipeline's caches); `nuke_server_cache_misses_total` (fetched from the origin
///   or the HTTP cache);
/// - `nuke_server_origin_transfers_total` and `nuke_server_origin_bytes_total` (counted by
///   ``MeteredOriginLoader``), `nuke_server_origin_errors_total{kind}` (`not_found`, `failed`,
///   `timed_out`);
/// - `nuke_server_encode_duration_seconds`: encoding results (the pipeline's own stages are
///   `nuke_pipeline_…`, from NukeObservability's `PipelineMetrics`);
/// - `nuke_server_requests_in_flight` and `nuke_server_work_queued` (work waiting for the
///   pipeline's worker threads);
/// - the ``MemoryBudget``'s `nuke_server_memory_budget_bytes`, `nuke_server_memory_in_use_bytes`
///   and `nuke_server_memory_queue_length`; `nuke_server_memory_waits_total` (work that waited
///   for bytes) and `nuke_server_memory_refusals_total{reason}` (`exceeds_budget`, `queue_full`,
///   `timed_out`, `cancelled`).
public struct ProxyMetrics: Sendable {
    private let factory: any MetricsFactory

    /// Metrics made by `factory` (swift-metrics' bootstrapped one by default).
    public init(factory: any MetricsFactory = MetricsSystem.factory) {
        self.factory = factory
    }

    /// Counts a request answered with `status` after `duration` (a server's middleware calls it).
    public func requestFinished(status: Int, duration: Duration) {
        let dimensions = [("status", String(status))]
        Counter(label: "nuke_server_requests_total", dimensions: dimensions, factory: factory).increment()
        Timer(label: "nuke_server_request_duration_seconds", dimensions: dimensions, factory: factory)
            .recordNanoseconds(duration.nanoseconds)
    }

    func encoded(duration: Duration) {
        Timer(label: "nuke_server_encode_duration_seconds", factory: factory).recordNanoseconds(duration.nanoseconds)
    }

    func cacheHit(_ layer: String) {
        Counter(label: "nuke_server_cache_hits_total", dimensions: [("layer", layer)], factory: factory).increment()
    }

    func cacheMiss() {
        Counter(label: "nuke_server_cache_misses_total", factory: factory).increment()
    }

    func originTransferStarted() {
        Counter(label: "nuke_server_origin_transfers_total", factory: factory).increment()
    }

    func originBytes(_ count: Int) {
        Counter(label: "nuke_server_origin_bytes_total", factory: factory).increment(by: count)
    }

    func originError(_ error: ProxyRequestError) {
        let kind: String
        switch error {
        case .sourceNotFound: kind = "not_found"
        case .upstreamFailed: kind = "failed"
        case .timedOut: kind = "timed_out"
        default: return
        }
        Counter(label: "nuke_server_origin_errors_total", dimensions: [("kind", kind)], factory: factory).increment()
    }

    func memory(budget: Int, inUse: Int, queued: Int) {
        Gauge(label: "nuke_server_memory_budget_bytes", factory: factory).record(budget)
        Gauge(label: "nuke_server_memory_in_use_bytes", factory: factory).record(inUse)
        Gauge(label: "nuke_server_memory_queue_length", factory: factory).record(queued)
    }

    func memoryWait() {
        Counter(label: "nuke_server_memory_waits_total", factory: factory).increment()
    }

    func memoryRefused(_ refusal: MemoryBudget.Refusal) {
        let reason =
            switch refusal {
            case .exceedsBudget: "exceeds_budget"
            case .queueFull: "queue_full"
            case .timedOut: "timed_out"
            case .cancelled: "cancelled"
            }
        Counter(label: "nuke_server_memory_refusals_total", dimensions: [("reason", reason)], factory: factory)
            .increment()
    }

    func load(inFlight: Int, queued: Int) {
        Gauge(label: "nuke_server_requests_in_flight", factory: factory).record(inFlight)
        Gauge(label: "nuke_server_work_queued", factory: factory).record(queued)
    }
}

extension Duration {
    /// The duration in whole nanoseconds.
    var nanoseconds: Int64 {
        components.seconds * 1_000_000_000 + components.attoseconds / 1_000_000_000
    }
}
