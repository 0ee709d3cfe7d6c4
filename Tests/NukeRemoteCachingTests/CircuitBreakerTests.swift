// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

import NukeRemoteCaching
import Testing

@Suite struct CircuitBreakerTests {
    let policy = CircuitBreaker.Policy(
        failureThreshold: 3,
        initialBackoff: .milliseconds(500),
        maximumBackoff: .seconds(2)
    )

    @Test("Closed until the threshold of failures in a row; a success resets the count")
    func opensAfterThreshold() {
        var breaker = CircuitBreaker(policy: policy)
        #expect(breaker.admit(at: .zero) == .proceed)
        #expect(breaker.recordFailure(at: .zero) == .none)
        #expect(breaker.recordFailure(at: .zero) == .none)
        #expect(breaker.recordSuccess() == .none)
        #expect(breaker.recordFailure(at: .zero) == .none)
        #expect(breaker.recordFailure(at: .zero) == .none)
        #expect(breaker.recordFailure(at: .seconds(1)) == .opened(for: .milliseconds(500)))
        #expect(breaker.state == .open(until: .milliseconds(1500), backoff: .milliseconds(500)))
    }

    @Test("A failure reported after the breaker changed (a time-out that took its time) does not count")
    func staleFailuresIgnored() {
        var breaker = CircuitBreaker(
            policy: CircuitBreaker.Policy(failureThreshold: 1, initialBackoff: .seconds(1), maximumBackoff: .seconds(4))
        )
        #expect(breaker.admit(at: .zero) == .proceed)
        let early = breaker.generation  // An operation admitted now, still waiting on a reply…
        #expect(breaker.recordFailure(at: .zero) == .opened(for: .seconds(1)))
        #expect(breaker.admit(at: .seconds(1)) == .probe)
        let probe = breaker.generation
        #expect(breaker.recordFailure(at: .seconds(1), admittedIn: early) == .none, "not the probe's outcome")
        #expect(breaker.state == .probing(backoff: .seconds(1)))
        #expect(breaker.recordSuccess() == .closed)
        #expect(breaker.recordFailure(at: .seconds(2), admittedIn: early) == .none, "closed since")
        #expect(breaker.recordFailure(at: .seconds(2), admittedIn: probe) == .none, "closed since")
        #expect(breaker.admit(at: .seconds(2)) == .proceed)
        #expect(breaker.recordFailure(at: .seconds(2), admittedIn: breaker.generation) == .opened(for: .seconds(1)))
    }

    @Test("Open refuses until the back-off ends; then one probe, the others refused; success closes")
    func probeCloses() {
        var breaker = CircuitBreaker(
            policy: CircuitBreaker.Policy(failureThreshold: 1, initialBackoff: .seconds(1), maximumBackoff: .seconds(4))
        )
        #expect(breaker.recordFailure(at: .zero) == .opened(for: .seconds(1)))
        #expect(breaker.admit(at: .milliseconds(999)) == .reject)
        #expect(breaker.admit(at: .seconds(1)) == .probe)
        #expect(breaker.admit(at: .seconds(1)) == .reject, "one probe at a time")
        #expect(breaker.recordSuccess() == .closed)
        #expect(breaker.admit(at: .seconds(1)) == .proceed)
    }

    @Test("Failed probes double the back-off up to the maximum; a late failure does not extend it")
    func backoffDoubles() {
        var breaker = CircuitBreaker(
            policy: CircuitBreaker.Policy(failureThreshold: 1, initialBackoff: .seconds(1), maximumBackoff: .seconds(3))
        )
        _ = breaker.recordFailure(at: .zero)
        #expect(breaker.recordFailure(at: .milliseconds(10)) == .none, "admitted before it opened")
        #expect(breaker.admit(at: .seconds(1)) == .probe)
        #expect(breaker.recordFailure(at: .seconds(1)) == .opened(for: .seconds(2)))
        #expect(breaker.admit(at: .seconds(3)) == .probe)
        #expect(breaker.recordFailure(at: .seconds(3)) == .opened(for: .seconds(3)), "capped")
        #expect(breaker.state == .open(until: .seconds(6), backoff: .seconds(3)))
    }

    @Test("An abandoned probe lets the next operation probe at once")
    func abandonedProbe() {
        var breaker = CircuitBreaker(
            policy: CircuitBreaker.Policy(failureThreshold: 1, initialBackoff: .seconds(1), maximumBackoff: .seconds(3))
        )
        _ = breaker.recordFailure(at: .zero)
        #expect(breaker.admit(at: .seconds(2)) == .probe)
        breaker.abandonProbe(at: .seconds(2))
        #expect(breaker.admit(at: .seconds(2)) == .probe)
    }

    @Test("Waiting out a back-off until its time comes; closed, probing and over are not waiting")
    func waiting() {
        var breaker = CircuitBreaker(
            policy: CircuitBreaker.Policy(failureThreshold: 1, initialBackoff: .seconds(1), maximumBackoff: .seconds(4))
        )
        #expect(!breaker.isWaitingOutBackoff(at: .zero))
        _ = breaker.recordFailure(at: .zero)
        #expect(breaker.isWaitingOutBackoff(at: .milliseconds(999)))
        #expect(!breaker.isWaitingOutBackoff(at: .seconds(1)), "the next operation probes")
        #expect(breaker.admit(at: .seconds(1)) == .probe)
        #expect(!breaker.isWaitingOutBackoff(at: .seconds(1)))
    }

    @Test("A policy reads a threshold below 1 as 1 and a longest back-off below the first as the first")
    func clampedPolicy() {
        let policy = CircuitBreaker.Policy(
            failureThreshold: 0,
            initialBackoff: .seconds(2),
            maximumBackoff: .seconds(1)
        )
        #expect(policy.failureThreshold == 1 && policy.maximumBackoff == .seconds(2))
    }
}
