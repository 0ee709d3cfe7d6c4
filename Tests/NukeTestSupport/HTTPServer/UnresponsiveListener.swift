// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

#if canImport(Glibc)
    internal import Glibc
#endif

/// A loopback port where connections are never established: a listening socket whose accept
/// queue is full and never drained, so the kernel drops further handshakes and clients wait
/// until their connect timeout.
public final class UnresponsiveListener: Sendable {
    /// The port, at `127.0.0.1`.
    public let port: UInt16
    private let listener: Socket
    private let fillers: [Int32]

    /// Opens the port and fills its accept queue.
    public init() throws(HTTPTestServerError) {
        let listener = try Socket.listen(backlog: 0)
        let port = listener.port
        self.listener = listener
        self.port = port
        fillers = (0..<3).map { _ in Socket.connectNonBlocking(toPort: port) }
    }

    deinit {
        fillers.forEach { Glibc.close($0) }
        listener.close()
    }
}

extension Socket {
    /// Starts a connection to `127.0.0.1:port` without waiting for it; returns the descriptor.
    static func connectNonBlocking(toPort port: UInt16) -> Int32 {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue), 0)
        _ = withLoopbackAddress(port: port) { Glibc.connect(descriptor, $0, $1) }
        return descriptor
    }
}
