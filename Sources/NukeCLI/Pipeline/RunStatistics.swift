// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

import Foundation
import Nuke
import Synchronization

/// What happened during a run: requests, network transfers, cache hits by layer, coalesced
/// downloads and latencies. Fed by ``MeteredDataLoader``, ``StatisticsDelegate`` and the
/// commands; safe to update from any thread.
final class RunStatistics: Sendable {
    /// A snapshot of the counters.
    struct Snapshot: Sendable {
        /// Image requests that finished (successfully or not).
        var requests = 0
        /// Requests that failed.
        var failures = 0
        /// Requests answered by the memory cache.
        var memoryCacheHits = 0
        /// Requests answered by the pipeline's disk cache.
        var diskCacheHits = 0
        /// Remote requests that used neither cache: each either started a fetch or shared one.
        var remoteUncachedRequests = 0
        /// Fetches the pipeline started for remote URLs (each reaches the HTTP cache layer).
        var fetches = 0
        /// Network transfers started, revalidations included.
        var transfersStarted = 0
        /// Network transfers that completed, revalidations included.
        var transfers = 0
        /// Transfers the server answered with 304 Not Modified: the HTTP cache's copy was still good.
        var notModified = 0
        /// Body bytes received over the network.
        var bytes: Int64 = 0
        /// Each request's time from start to finish, in seconds.
        var latencies: [Double] = []

        /// Completed transfers that brought a body (not a 304).
        var downloads: Int { max(0, transfers - notModified) }

        /// Fetches the HTTP cache answered without a transfer.
        var httpCacheHits: Int { max(0, fetches - transfersStarted) }

        /// Requests that shared another request's fetch instead of starting their own.
        var coalescedRequests: Int { max(0, remoteUncachedRequests - fetches) }

        /// The latency below which `fraction` of the requests finished.
        func latency(percentile fraction: Double) -> Double? {
            guard !latencies.isEmpty else { return nil }
            let sorted = latencies.sorted()
            let index = min(sorted.count - 1, Int((Double(sorted.count) * fraction).rounded(.up)) - 1)
            return sorted[max(0, index)]
        }
    }

    private let state = Mutex(Snapshot())

    /// The counters now.
    var snapshot: Snapshot { state.withLock { $0 } }

    /// Body bytes received so far (without copying the latencies, as ``snapshot`` does).
    var bytes: Int64 { state.withLock { $0.bytes } }

    /// Starts counting from zero.
    func reset() {
        state.withLock { $0 = Snapshot() }
    }

    func recordFetch() {
        state.withLock { $0.fetches += 1 }
    }

    func recordBytes(_ count: Int) {
        state.withLock { $0.bytes += Int64(count) }
    }

    func recordTransferStarted() {
        state.withLock { $0.transfersStarted += 1 }
    }

    func recordTransfer() {
        state.withLock { $0.transfers += 1 }
    }

    func recordNotModified() {
        state.withLock { $0.notModified += 1 }
    }

    /// Records a finished request: the cache layer that answered it (`nil` for none), or its
    /// failure, and its latency from `start`.
    func recordRequest(
        isRemote: Bool,
        outcome: Result<ImageResponse.CacheType?, ImagePipeline.Error>,
        since start: ContinuousClock.Instant
    ) {
        let seconds = (ContinuousClock.now - start).seconds
        state.withLock { state in
            state.requests += 1
            state.latencies.append(seconds)
            switch outcome {
            case .failure: state.failures += 1
            case .success(.memory): state.memoryCacheHits += 1
            case .success(.disk): state.diskCacheHits += 1
            case .success(nil): if isRemote { state.remoteUncachedRequests += 1 }
            }
        }
    }
}
