// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

/// Times one piece of a stage's work on the pipeline's clock, from when it is queued, and
/// reports it to the delegate (``ImagePipeline/Delegate/pipeline(_:didFinish:)``).
///
/// Made by ``JobServices/stageTimer(_:for:)`` when the work is queued; the work itself runs
/// through ``timed(_:)`` (on any thread), and its owner reports the span on the actor.
struct StageTimer: Sendable {
    /// When the work started and ended, on the pipeline's clock.
    struct Span: Sendable {
        var start: Duration
        var end: Duration
    }

    let stage: ImagePipeline.Stage
    let request: ImageRequest
    let clock: ElapsedClock
    let queuedAt: Duration
    let report: @Sendable (ImagePipeline.StageMetrics) -> Void

    /// The current time on the pipeline's clock.
    func now() -> Duration { clock.now() }

    /// Runs `work` and returns its output with the span it ran in.
    func timed<Output>(_ work: () -> Output) -> (Output, Span) {
        let start = clock.now()
        let output = work()
        return (output, Span(start: start, end: clock.now()))
    }

    /// Reports work that ran in `span`.
    func report(_ span: Span, isSuccess: Bool) {
        report(
            ImagePipeline.StageMetrics(
                stage: stage,
                request: request,
                queueWait: max(.zero, span.start - queuedAt),
                duration: max(.zero, span.end - span.start),
                isSuccess: isSuccess
            )
        )
    }
}

extension Optional where Wrapped == StageTimer {
    /// Runs `work`, and returns its span too when there is a timer.
    func timed<Output>(_ work: () -> Output) -> (Output, StageTimer.Span?) {
        guard let timer = self else { return (work(), nil) }
        let (output, span) = timer.timed(work)
        return (output, span)
    }

    /// Reports work that ran in `span`, if there is a timer and a span.
    func report(_ span: StageTimer.Span?, isSuccess: Bool) {
        guard let timer = self, let span else { return }
        timer.report(span, isSuccess: isSuccess)
    }
}

/// A stage's timer and when its work started, for work that starts later than it is queued (a
/// download waits for the rate limiter and a slot first) and is reported once, when it ends.
struct LoadReport {
    let timer: StageTimer
    private var start: Duration?

    /// A report on `timer`; `nil` when there is no timer (nobody listens).
    init?(timer: StageTimer?) {
        guard let timer else { return nil }
        self.timer = timer
    }

    /// Marks now as when the work started.
    mutating func markStart() {
        start = timer.now()
    }

    /// Reports the work as ending now (started now, if it never marked a start).
    func report(isSuccess: Bool) {
        let now = timer.now()
        timer.report(StageTimer.Span(start: start ?? now, end: now), isSuccess: isSuccess)
    }
}
