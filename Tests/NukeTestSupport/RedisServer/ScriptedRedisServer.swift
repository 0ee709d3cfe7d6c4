// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

internal import Foundation
internal import Synchronization

/// A loopback TCP server that answers each request it receives with the next of a list of raw
/// replies, whatever the request: for replies no real Redis sends (malformed, truncated, too
/// long). One connection at a time; it closes a connection after a reply that says so, and once
/// the replies run out.
public final class ScriptedRedisServer: Sendable {
    /// One scripted answer.
    public struct Reply: Sendable {
        /// The bytes written back.
        public var bytes: [UInt8]
        /// Whether the connection closes after them.
        public var closesConnection: Bool

        /// `bytes` (as UTF-8 when given text), then the connection stays open or closes.
        public init(_ bytes: some Sequence<UInt8>, closesConnection: Bool = false) {
            self.bytes = Array(bytes)
            self.closesConnection = closesConnection
        }
    }

    /// The port, at `127.0.0.1`.
    public let port: UInt16
    /// `redis://127.0.0.1:<port>`.
    public var url: String { "redis://127.0.0.1:\(port)" }
    /// The requests received so far, as they arrived (a read each).
    public var requests: [[UInt8]] { shared.state.withLock { $0.requests } }

    private struct State {
        var replies: [Reply]
        var requests: [[UInt8]] = []
        var connection: Socket?
        var isStopped = false
    }

    /// What the server's thread shares with it.
    private final class Shared: Sendable {
        let state: Mutex<State>
        init(_ state: State) { self.state = Mutex(state) }
    }

    private let listener: Socket
    private let shared: Shared

    /// Starts answering with `replies`, in order, across connections.
    public init(replies: [Reply]) throws(HTTPTestServerError) {
        listener = try Socket.listen()
        port = listener.port
        let shared = Shared(State(replies: replies.reversed()))
        self.shared = shared
        let listener = self.listener
        Thread.detachNewThread {
            while let connection = listener.accept() {
                let isStopped = shared.state.withLock {
                    $0.connection = connection
                    return $0.isStopped
                }
                if !isStopped { Self.serve(connection, shared: shared) }
                shared.state.withLock { $0.connection = nil }
                connection.close()
            }
            listener.close()
        }
    }

    deinit {
        let connection = shared.state.withLock {
            $0.isStopped = true
            return $0.connection
        }
        connection?.shutdown()
        listener.shutdown()
    }

    private static func serve(_ connection: Socket, shared: Shared) {
        while let request = connection.read(upTo: 1 << 16) {
            let reply = shared.state.withLock {
                $0.requests.append(request)
                return $0.replies.popLast()
            }
            guard let reply, connection.write(reply.bytes), !reply.closesConnection else { return }
        }
    }
}
