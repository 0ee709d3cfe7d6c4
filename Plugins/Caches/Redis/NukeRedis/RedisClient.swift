// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

internal import NukeRemoteCaching
internal import Synchronization

/// Runs commands on pooled connections behind the circuit breaker. Blocking: callers are the
/// cache's writer thread and the threads that look values up (the pipeline's workers).
final class RedisClient: Sendable {
    let configuration: RedisDataCache.Configuration
    let statistics = Mutex(RedisDataCache.Statistics())
    private let pool: RedisConnectionPool
    private let breaker: Mutex<CircuitBreaker>
    private let now: @Sendable () -> Duration

    init<C: Clock<Duration>>(configuration: RedisDataCache.Configuration, clock: C) {
        self.configuration = configuration
        pool = RedisConnectionPool(maximumConnections: configuration.maximumConnections)
        breaker = Mutex(
            CircuitBreaker(
                policy: CircuitBreaker.Policy(
                    failureThreshold: configuration.failureThreshold,
                    initialBackoff: configuration.initialBackoff,
                    maximumBackoff: configuration.maximumBackoff
                )
            )
        )
        let origin = clock.now
        now = { origin.duration(to: clock.now) }
    }

    /// Whether Redis is asked: the breaker is not waiting out a back-off.
    var isAvailable: Bool { !breaker.withLock { $0.isWaitingOutBackoff(at: now()) } }

    /// The replies to `commands`, sent pipelined on one connection; `nil` when Redis is not
    /// asked (the breaker is open, no connection is free) or does not answer (connection
    /// refused, I/O error, time-out, a server that cannot serve). Error replies to single
    /// commands (`OOM`, `READONLY`, `WRONGTYPE`) are replies, for the caller to judge.
    func perform(_ commands: [RedisCommand]) -> [RedisReply]? {
        run { connection throws(RedisConnection.Failure) in try connection.perform(commands) }
    }

    /// The reply to `GET key`, with I/O of our own around hiredis's parser (see
    /// ``RedisConnection/get(_:maximumLength:)``); `nil` as for ``perform(_:)``.
    func get(_ key: [UInt8]) -> RedisReply? {
        let maximumLength = configuration.maximumValueSize
        return run { connection throws(RedisConnection.Failure) in
            [try connection.get(key, maximumLength: maximumLength)]
        }?.first
    }

    /// `body`'s replies on a pooled connection, behind the breaker.
    private func run(
        _ body: (RedisConnection) throws(RedisConnection.Failure) -> [RedisReply]
    ) -> [RedisReply]? {
        let (admission, generation) = breaker.withLock { ($0.admit(at: now()), $0.generation) }
        guard admission != .reject else {
            statistics.withLock { $0.skippedWhileUnavailable += 1 }
            return nil
        }
        let connection: RedisConnection
        switch pool.checkOut() {
        case .reused(let reused):
            connection = reused
        case .connect:
            do {
                connection = try RedisConnection(configuration: configuration)
                statistics.withLock { $0.connectionsOpened += 1 }
            } catch {
                pool.discard()
                fail(error.message, admittedIn: generation)
                return nil
            }
        case .exhausted:
            if admission == .probe { breaker.withLock { $0.abandonProbe(at: now()) } }
            statistics.withLock { $0.poolExhausted += 1 }
            return nil
        }
        let replies: [RedisReply]
        do {
            replies = try body(connection)
        } catch {
            pool.discard()
            fail(error.message, admittedIn: generation)
            return nil
        }
        if connection.isBroken {
            pool.retire()
        } else {
            pool.checkIn(connection)
        }
        if let unavailable = replies.first(where: \.isServerUnavailable) {
            fail(unavailable.errorMessage ?? "", admittedIn: generation)
            return nil
        }
        let transition = breaker.withLock { $0.recordSuccess() }
        if transition == .closed { statistics.withLock { $0.recoveries += 1 } }
        return replies
    }

    /// Closes the idle connections (those in use close when given back after a shutdown).
    func closeIdleConnections() {
        pool.closeIdle()
    }

    /// Counts a failure of an operation admitted in `generation` of the breaker.
    private func fail(_ message: String, admittedIn generation: Int) {
        let transition = breaker.withLock { $0.recordFailure(at: now(), admittedIn: generation) }
        statistics.withLock {
            $0.failures += 1
            $0.lastError = message
            if case .opened = transition { $0.breakerOpenings += 1 }
        }
    }
}
