// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

import Synchronization

/// Which requests to cancel when a client goes away: the requests in flight on each connection,
/// as a state machine whose transitions return what the owner must do. A connection's entry
/// lives only while it has requests in flight.
struct DisconnectCancellationState {
    private var connections: [ObjectIdentifier: [Int: @Sendable () -> Void]] = [:]
    private var nextToken = 0

    /// Adds a request on `connection`, cancelled by `cancel` if the client goes away first;
    /// returns the token that ends it.
    mutating func register(_ connection: ObjectIdentifier, cancel: @escaping @Sendable () -> Void) -> Int {
        nextToken &+= 1
        connections[connection, default: [:]][nextToken] = cancel
        return nextToken
    }

    /// The request finished: it is no longer cancelled when the client goes away.
    mutating func unregister(_ connection: ObjectIdentifier, token: Int) {
        connections[connection]?[token] = nil
        if connections[connection]?.isEmpty == true { connections[connection] = nil }
    }

    /// The client went away: returns the cancellations the owner must run.
    mutating func closed(_ connection: ObjectIdentifier) -> [@Sendable () -> Void] {
        connections.removeValue(forKey: connection).map { Array($0.values) } ?? []
    }

    /// The connections with requests in flight.
    var connectionCount: Int { connections.count }
}

/// Owns a ``DisconnectCancellationState`` behind a lock and runs the cancellations it returns,
/// outside the lock.
package final class DisconnectCancellation: Sendable {
    private let state = Mutex(DisconnectCancellationState())

    /// Runs `cancel` if `connection`'s client goes away before ``finish(connection:token:)``.
    package func start(connection: ObjectIdentifier, cancel: @escaping @Sendable () -> Void) -> Int {
        state.withLock { $0.register(connection, cancel: cancel) }
    }

    /// The request with `token` finished.
    package func finish(connection: ObjectIdentifier, token: Int) {
        state.withLock { $0.unregister(connection, token: token) }
    }

    /// The client of `connection` went away: cancels its requests in flight.
    package func clientWentAway(_ connection: ObjectIdentifier) {
        for cancel in state.withLock({ $0.closed(connection) }) { cancel() }
    }

    /// The connections with requests in flight.
    package var connectionCount: Int { state.withLock { $0.connectionCount } }
}
