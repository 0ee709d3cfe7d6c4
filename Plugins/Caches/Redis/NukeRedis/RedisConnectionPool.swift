// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

internal import Synchronization

/// Idle connections for reuse, and a count of those open, bounded.
final class RedisConnectionPool: Sendable {
    /// What a caller gets.
    enum Checkout {
        /// An idle connection, to give back or discard.
        case reused(RedisConnection)
        /// Room for a new connection: make one, then give it back or ``discard()``.
        case connect
        /// Every connection is in use.
        case exhausted
    }

    private struct State {
        var idle: [RedisConnection] = []
        var open = 0
    }

    private let maximumConnections: Int
    private let state = Mutex(State())

    init(maximumConnections: Int) {
        self.maximumConnections = max(1, maximumConnections)
    }

    func checkOut() -> Checkout {
        state.withLock { state in
            if let connection = state.idle.popLast() { return .reused(connection) }
            guard state.open < maximumConnections else { return .exhausted }
            state.open += 1
            return .connect
        }
    }

    /// A connection that works, back for reuse.
    func checkIn(_ connection: RedisConnection) {
        state.withLock { $0.idle.append(connection) }
    }

    /// A connection that works but cannot be reused (left mid-reply) is gone; the others stay.
    func retire() {
        state.withLock { $0.open -= 1 }
    }

    /// A connection that failed (or was never made) is gone; so are the idle ones, which most
    /// likely failed with it (Redis restarted or went away). Their sockets close outside the lock.
    func discard() {
        closeIdle(releasingSlots: 1)
    }

    /// Closes the idle connections.
    func closeIdle() {
        closeIdle(releasingSlots: 0)
    }

    /// Takes the idle connections out, with `slots` more (connections already gone), and lets
    /// them close after the lock is released.
    private func closeIdle(releasingSlots slots: Int) {
        let closing = state.withLock { state in
            defer { state.idle = [] }
            state.open -= slots + state.idle.count
            return state.idle
        }
        _ = closing
    }
}
