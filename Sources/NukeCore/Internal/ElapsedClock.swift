// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

/// Any `Clock<Duration>` reduced to what the pipeline needs: the time elapsed since the clock
/// was wrapped, and sleeping until a later point of that time line.
///
/// Storing `any Clock<Duration>` alone would not do: its instants are existentials that cannot be
/// compared or subtracted. Tests inject a manual clock through the public `Clock` parameters.
struct ElapsedClock: Sendable {
    /// The time elapsed since the clock was wrapped.
    let now: @Sendable () -> Duration
    private let sleepUntil: @Sendable (Duration) async throws -> Void

    /// Wraps `clock`; its current instant becomes the origin.
    init<C: Clock<Duration>>(_ clock: C) {
        let origin = clock.now
        now = { origin.duration(to: clock.now) }
        sleepUntil = { try await clock.sleep(until: origin.advanced(by: $0), tolerance: nil) }
    }

    /// The real, monotonic clock.
    static let continuous = ElapsedClock(ContinuousClock())

    /// Suspends until `duration` has passed on the clock; throws `CancellationError` if the task
    /// is cancelled first.
    func sleep(for duration: Duration) async throws {
        try await sleepUntil(now() + duration)
    }
}

extension Duration {
    /// The duration in seconds, as a floating-point number.
    package var seconds: Double {
        Double(components.seconds) + Double(components.attoseconds) * 1e-18
    }

    /// The duration in whole nanoseconds, saturating at `Int64`'s bounds (about 292 years).
    package var nanoseconds: Int64 {
        let (seconds, attoseconds) = components
        let (whole, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
        let (total, sumOverflow) = whole.addingReportingOverflow(attoseconds / 1_000_000_000)
        guard !overflow, !sumOverflow else { return seconds < 0 ? .min : .max }
        return total
    }
}
