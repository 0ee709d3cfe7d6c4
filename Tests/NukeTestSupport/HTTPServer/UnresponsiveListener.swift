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
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        _ = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        return descriptor
    }
}
