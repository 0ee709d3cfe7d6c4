// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

/// A token bucket that smooths bursts of network requests.
///
/// Each piece of work takes a token; tokens refill at `rate` per second up to `burst`. Work that
/// finds the bucket empty waits in order and is retried shortly. Work returning `false` (its task
/// was cancelled meanwhile) gives its token back.
@ImagePipelineActor
final class RateLimiter {
    private let rate: Double
    private let burst: Double
    private var tokens: Double
    private var lastRefill: Duration
    private var pending: [() -> Bool] = []
    private var isRetryScheduled = false
    private let clock: ElapsedClock

    /// Creates a limiter.
    ///
    /// - Parameters:
    ///   - rate: Tokens added per second (Nuke: 80).
    ///   - burst: The bucket's capacity (Nuke: 25).
    ///   - clock: Refills tokens and times retries.
    nonisolated init(rate: Int = 80, burst: Int = 25, clock: ElapsedClock = .continuous) {
        self.rate = Double(max(1, rate))
        self.burst = Double(max(1, burst))
        self.tokens = Double(max(1, burst))
        self.clock = clock
        self.lastRefill = clock.now()
    }

    /// Runs `work` now if a token is available and nothing is waiting, otherwise later.
    func execute(_ work: @escaping () -> Bool) {
        if pending.isEmpty, takeToken() {
            if !work() { tokens += 1 }
        } else {
            pending.append(work)
            scheduleRetry()
        }
    }

    private func takeToken() -> Bool {
        let now = clock.now()
        tokens = min(burst, tokens + (now - lastRefill).seconds * rate)
        lastRefill = now
        guard tokens >= 1 else { return false }
        tokens -= 1
        return true
    }

    private func scheduleRetry() {
        guard !isRetryScheduled else { return }
        isRetryScheduled = true
        let delay = min(100, max(15, 2.1 * 1000 / rate))
        let clock = self.clock
        Task { @ImagePipelineActor in
            try? await clock.sleep(for: .milliseconds(delay))
            self.isRetryScheduled = false
            self.drainPending()
        }
    }

    private func drainPending() {
        while !pending.isEmpty, takeToken() {
            let work = pending.removeFirst()
            if !work() { tokens += 1 }
        }
        if !pending.isEmpty { scheduleRetry() }
    }
}
