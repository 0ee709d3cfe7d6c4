// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

import Foundation
import HTTPTypes
public import Nuke
import Synchronization

/// What `GET /health` checks: that the proxy's pipeline still works end to end — a small PNG
/// decoded and resized through it, caches bypassed, and the pixel checked. One check runs at a
/// time; its outcome answers every request for ``maximumAge`` (a second by default), so probes
/// from a load balancer cost almost nothing. A check that takes longer than ``timeout`` (30 s by
/// default: long enough that a busy server's queues do not fail it, short enough that a stuck
/// pipeline does) fails.
///
/// A healthy outcome older than ``maximumAge`` but not than ``maximumStaleness`` (30 s by
/// default) still answers at once while a new check runs behind it: a probe with a one-second
/// time-out (Kubernetes' default) never waits for a check queued behind a busy server's decodes,
/// and a stuck pipeline is still reported once the last healthy outcome is that old. An unhealthy
/// outcome is never answered past its ``maximumAge``: the next request waits for a new check.
public final class HealthCheck: Sendable {
    /// How a check ended.
    public enum Outcome: Sendable, Equatable {
        /// The image came out as it should, at this instant.
        case healthy(at: ContinuousClock.Instant)
        /// Why it did not, at this instant.
        case unhealthy(String, at: ContinuousClock.Instant)

        /// Whether the pipeline works.
        public var isHealthy: Bool {
            if case .healthy = self { return true }
            return false
        }

        /// When the check ended.
        public var instant: ContinuousClock.Instant {
            switch self {
            case .healthy(let at), .unhealthy(_, let at): at
            }
        }
    }

    private enum State {
        case idle
        /// A check runs; the healthy outcome before it, when it may still answer.
        case checking(Task<Outcome, Never>, last: Outcome?)
        case checked(Outcome)
    }

    /// How long an outcome answers for.
    public let maximumAge: Duration
    /// How long a healthy outcome answers for while a newer check runs.
    public let maximumStaleness: Duration
    /// How long a check may take.
    public let timeout: Duration
    private let pipeline: ImagePipeline
    private let state = Mutex(State.idle)

    /// A check of `pipeline`.
    public init(
        pipeline: ImagePipeline,
        maximumAge: Duration = .seconds(1),
        maximumStaleness: Duration = .seconds(30),
        timeout: Duration = .seconds(30)
    ) {
        self.pipeline = pipeline
        self.maximumAge = maximumAge
        self.maximumStaleness = maximumStaleness
        self.timeout = timeout
    }

    /// `GET /health`'s answer from ``outcome()``: `200 ok`, or `503 unhealthy: <why>`; plain
    /// text, never cached.
    public func response() async -> ProxyResponse {
        let (status, text) =
            switch await outcome() {
            case .healthy: (200, "ok\n")
            case .unhealthy(let reason, _): (503, "unhealthy: \(reason)\n")
            }
        return ProxyResponse(
            status: status,
            headers: [.contentType: "text/plain; charset=utf-8", .cacheControl: "no-store"],
            body: Data(text.utf8)
        )
    }

    /// The last outcome if it is younger than ``maximumAge``, else that of a new check (or of
    /// the one running).
    public func outcome() async -> Outcome {
        let now = ContinuousClock.now
        let next: Next = state.withLock { state in
            switch state {
            case .checked(let outcome) where now - outcome.instant < maximumAge:
                return .answer(outcome)
            case .checking(_, let last?) where now - last.instant < maximumStaleness:
                return .answer(last)
            case .checking(let task, _):
                return .wait(task)
            case .checked(let outcome) where outcome.isHealthy && now - outcome.instant < maximumStaleness:
                state = .checking(Task { await self.check() }, last: outcome)
                return .answer(outcome)
            case .idle, .checked:
                let task = Task { await self.check() }
                state = .checking(task, last: nil)
                return .wait(task)
            }
        }
        switch next {
        case .answer(let outcome): return outcome
        case .wait(let task): return await task.value
        }
    }

    /// What a caller of ``outcome()`` does once the state is read.
    private enum Next {
        case answer(Outcome)
        case wait(Task<Outcome, Never>)
    }

    private func check() async -> Outcome {
        let outcome: Outcome
        let pipeline = pipeline
        let load = { @Sendable () async -> Result<Bitmap, any Error> in
            do { return .success(try await pipeline.image(for: Self.request)) } catch { return .failure(error) }
        }
        switch await withTimeout(timeout, load) {
        case .success(let image)?:
            let pixel = image.pixel(x: 0, y: 0)
            let expected: [Int] = [200, 30, 60]
            let matches =
                image.width == 1 && image.height == 1 && pixel.count >= 3
                && zip(pixel, expected).allSatisfy { abs(Int($0) - $1) <= 2 }
            outcome =
                matches
                ? .healthy(at: .now)
                : .unhealthy("the test image came out as \(image.width)×\(image.height) \(pixel)", at: .now)
        case .failure(let error)?:
            outcome = .unhealthy("the test image failed: \(error)", at: .now)
        case nil:
            outcome = .unhealthy("the test image took longer than \(timeout)", at: .now)
        }
        state.withLock { $0 = .checked(outcome) }
        return outcome
    }

    /// A 4×4 PNG of one colour (200, 30, 60), resized to 1×1, past every cache.
    private static let request = ImageRequest(
        id: "nuke.health-check",
        data: { Data(base64Encoded: png)! },
        processors: [ImageProcessors.Resize(size: ImageSize(width: 1, height: 1), unit: .pixels, crop: true)],
        priority: .veryHigh,
        options: [.disableMemoryCache, .disableDiskCache]
    )

    private static let png =
        "iVBORw0KGgoAAAANSUhEUgAAAAQAAAAECAIAAAAmkwkpAAAAEElEQVR42mM4IWcDRwzEcQDgQxIhOJFYZQAAAABJRU5ErkJggg=="
}
