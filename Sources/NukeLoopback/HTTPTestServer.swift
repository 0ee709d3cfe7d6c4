// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

public import Foundation
internal import Synchronization

/// An HTTP/1.1 server on loopback that tests start themselves: static resources with validators
/// and ranges, handlers for anything else, and faults no well-behaved server library would
/// produce (resets mid-body, stalls, lying `Content-Length`, endless bodies).
///
/// Each connection gets a thread; connections persist (keep-alive) unless the client asks to
/// close or a fault ends them. The server records every request and counts connections, so
/// tests can check connection reuse and see a cancelled transfer's connection closed.
public final class HTTPTestServer: Sendable {
    /// Answers a request.
    public typealias Handler = @Sendable (HTTPTestRequest) -> HTTPTestResponse

    private struct State {
        var handlers: [String: Handler] = [:]
        var requests: [HTTPTestRequest] = []
        var acceptedConnections = 0
        var abandonedResponses = 0
        var openSockets: [Int32: Socket] = [:]
        var isStopped = false
    }

    /// The port the server listens on, at `127.0.0.1`.
    public let port: UInt16
    private let listener: Socket
    private let state = Mutex(State())

    /// Starts a server on a free port.
    public init() throws(HTTPTestServerError) {
        listener = try Socket.listen()
        port = listener.port
        Thread.detachNewThread { [self] in acceptConnections() }
    }

    deinit {
        stop()
        listener.close()  // Only now: a stopped server keeps its port, which refuses connections.
    }

    /// `http://127.0.0.1:<port>`.
    public var baseURL: URL { URL(string: "http://127.0.0.1:\(port)")! }

    /// The URL of `path` (which starts with `/`) on this server.
    public func url(_ path: String) -> URL {
        URL(string: "http://127.0.0.1:\(port)\(path)")!
    }

    /// Answers requests for `path` (without the query) with `handler`.
    public func route(_ path: String, _ handler: @escaping Handler) {
        state.withLock { $0.handlers[path] = handler }
    }

    /// Serves `resource` at `path`.
    public func serve(_ resource: HTTPTestResource, at path: String) {
        route(path) { resource.response(to: $0) }
    }

    /// Every request received so far, in order.
    public var requests: [HTTPTestRequest] {
        state.withLock { $0.requests }
    }

    /// The requests received for `path`.
    public func requests(to path: String) -> [HTTPTestRequest] {
        requests.filter { $0.path == path }
    }

    /// How many connections the server has accepted.
    public var acceptedConnectionCount: Int {
        state.withLock { $0.acceptedConnections }
    }

    /// How many responses the client walked away from: the connection closed before the
    /// response was complete.
    public var abandonedResponseCount: Int {
        state.withLock { $0.abandonedResponses }
    }

    /// How many connections are open now.
    public var openConnectionCount: Int {
        state.withLock { $0.openSockets.count }
    }

    /// Stops accepting, and closes every connection (stalled ones included). Idempotent.
    ///
    /// The port stays bound, refusing connections, until the server is released, so a test can
    /// count on a stopped server being unreachable.
    public func stop() {
        let wasRunning = state.withLock { state in
            guard !state.isStopped else { return false }
            state.isStopped = true
            // Under the lock: a connection leaves the table (under the lock) before its
            // descriptor is closed, so every descriptor here is still this server's. Outside
            // it, a descriptor closed meanwhile could be reused by another server's connection
            // and shut down by mistake.
            state.openSockets.values.forEach { $0.shutdown() }
            return true
        }
        if wasRunning { listener.shutdown() }
    }

    var isStopped: Bool {
        state.withLock { $0.isStopped }
    }

    // MARK: Connections

    private func acceptConnections() {
        while let socket = listener.accept() {
            let index: Int? = state.withLock { state in
                guard !state.isStopped else { return nil }
                state.openSockets[socket.descriptor] = socket
                state.acceptedConnections += 1
                return state.acceptedConnections - 1
            }
            guard let index else {
                socket.close()
                break
            }
            // Connections block in recv/send/poll: each gets a thread rather than a capped Dispatch worker.
            Thread.detachNewThread { [self] in
                var connection = HTTPTestConnection(socket: socket, index: index, server: self)
                connection.run()
                state.withLock { _ = $0.openSockets.removeValue(forKey: socket.descriptor) }
                socket.close()
            }
        }
    }

    func record(_ request: HTTPTestRequest) -> Handler? {
        state.withLock { state in
            state.requests.append(request)
            return state.handlers[request.path]
        }
    }

    func recordAbandonedResponse() {
        state.withLock { $0.abandonedResponses += 1 }
    }
}
