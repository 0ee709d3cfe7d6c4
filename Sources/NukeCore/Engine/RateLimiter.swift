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
    private var lastRefill: ContinuousClock.Instant
    private var pending: [() -> Bool] = []
    private var isRetryScheduled = false
    private let clock = ContinuousClock()

    /// Creates a limiter.
    ///
    /// - Parameters:
    ///   - rate: Tokens added per second (Nuke: 80).
    ///   - burst: The bucket's capacity (Nuke: 25).
    nonisolated init(rate: Int = 80, burst: Int = 25) {
        self.rate = Double(max(1, rate))
        self.burst = Double(max(1, burst))
        self.tokens = Double(max(1, burst))
        self.lastRefill = ContinuousClock.now
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
        let now = clock.now
        let elapsed = now - lastRefill
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
        tokens = min(burst, tokens + seconds * rate)
        lastRefill = now
        guard tokens >= 1 else { return false }
        tokens -= 1
        return true
    }

    private func scheduleRetry() {
        guard !isRetryScheduled else { return }
        isRetryScheduled = true
        let delay = min(100, max(15, 2.1 * 1000 / rate))
        Task { @ImagePipelineActor in
            try? await Task.sleep(for: .milliseconds(delay))
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
