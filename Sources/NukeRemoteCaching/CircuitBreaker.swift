// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

/// Whether a cache on another machine (Redis, an object store) is asked at all: after a run of
/// failures the breaker opens and every operation is refused at once (reads miss, writes are
/// dropped) until a back-off has passed; then one operation probes, and its outcome closes the
/// breaker or opens it again for twice as long.
///
/// A state machine in swift-nio's style: the owner asks ``admit(at:)`` before an operation,
/// reports the outcome, and acts on the returned ``Transition``. Times are offsets on the
/// owner's clock.
public struct CircuitBreaker: Sendable {
    /// When to open and for how long.
    public struct Policy: Sendable, Equatable {
        /// Failures in a row that open the breaker.
        public var failureThreshold: Int
        /// How long it stays open the first time.
        public var initialBackoff: Duration
        /// The longest it stays open; each failed probe doubles the back-off up to this.
        public var maximumBackoff: Duration

        /// A policy; a threshold below 1 counts as 1, and a longest back-off below the first as
        /// the first (settings read from users' configurations need no checks of their own).
        public init(failureThreshold: Int, initialBackoff: Duration, maximumBackoff: Duration) {
            self.failureThreshold = max(1, failureThreshold)
            self.initialBackoff = initialBackoff
            self.maximumBackoff = max(initialBackoff, maximumBackoff)
        }
    }

    /// Where the breaker is.
    public enum State: Equatable, Sendable {
        /// Operations proceed; `failures` in a row so far.
        case closed(failures: Int)
        /// Operations are refused until `until`.
        case open(until: Duration, backoff: Duration)
        /// One operation is probing; the others are refused.
        case probing(backoff: Duration)
    }

    /// What the owner does with an operation.
    public enum Admission: Equatable, Sendable {
        /// Go ahead.
        case proceed
        /// Go ahead as the probe: report its outcome, or ``abandonProbe(at:)`` if it never ran.
        case probe
        /// Do not ask the store.
        case reject
    }

    /// A change the owner may log or count.
    public enum Transition: Equatable, Sendable {
        /// Nothing changed.
        case none
        /// The breaker opened (or opened again) for this long.
        case opened(for: Duration)
        /// The breaker closed: the store answers again.
        case closed
    }

    /// When it opens and for how long.
    public let policy: Policy
    /// Where it is.
    public private(set) var state: State = .closed(failures: 0) {
        didSet { if !state.isSameKind(as: oldValue) { generation &+= 1 } }
    }
    /// Changes each time the breaker closes, opens or starts probing. An operation's outcome is
    /// reported with the generation it was admitted in, so that a failure that took a time-out to
    /// arrive does not count against a breaker that has closed since (or a probe that came after).
    public private(set) var generation = 0

    /// A closed breaker.
    public init(policy: Policy) {
        self.policy = policy
    }

    /// Whether an operation starting at `now` may ask the store, and as what.
    public mutating func admit(at now: Duration) -> Admission {
        switch state {
        case .closed:
            return .proceed
        case .open(let until, let backoff):
            guard now >= until else { return .reject }
            state = .probing(backoff: backoff)
            return .probe
        case .probing:
            return .reject
        }
    }

    /// An operation got its answers.
    public mutating func recordSuccess() -> Transition {
        if case .closed = state {
            state = .closed(failures: 0)
            return .none
        }
        state = .closed(failures: 0)
        return .closed
    }

    /// An operation admitted in `generation` (`nil`: the current one) failed: no connection, an
    /// I/O error or time-out, or a server that cannot serve. Ignored when the breaker has changed
    /// since that operation was admitted.
    public mutating func recordFailure(at now: Duration, admittedIn generation: Int? = nil) -> Transition {
        guard generation ?? self.generation == self.generation else { return .none }
        switch state {
        case .closed(let failures):
            guard failures + 1 >= policy.failureThreshold else {
                state = .closed(failures: failures + 1)
                return .none
            }
            state = .open(until: now + policy.initialBackoff, backoff: policy.initialBackoff)
            return .opened(for: policy.initialBackoff)
        case .open:
            // An operation admitted before the breaker opened: it is open already.
            return .none
        case .probing(let backoff):
            let next = min(backoff * 2, policy.maximumBackoff)
            state = .open(until: now + next, backoff: next)
            return .opened(for: next)
        }
    }

    /// Whether operations at `now` are refused for a back-off not yet over (open, its time not
    /// come); a breaker whose back-off is over lets the next operation probe, so it is not.
    public func isWaitingOutBackoff(at now: Duration) -> Bool {
        if case .open(let until, _) = state { return now < until }
        return false
    }

    /// The probe did not reach the store (no connection was free): the next operation probes instead.
    public mutating func abandonProbe(at now: Duration) {
        guard case .probing(let backoff) = state else { return }
        state = .open(until: now, backoff: backoff)
    }
}

extension CircuitBreaker.State {
    /// Whether both are closed, both open or both probing, whatever their counts and times.
    fileprivate func isSameKind(as other: Self) -> Bool {
        switch (self, other) {
        case (.closed, .closed), (.open, .open), (.probing, .probing): true
        default: false
        }
    }
}
