// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

#if canImport(Glibc)
    package import Glibc
#endif

#if canImport(FoundationEssentials)
    internal import FoundationEssentials
#else
    internal import Foundation
#endif

/// A connected or listening TCP socket on loopback; thin, blocking wrappers over POSIX calls.
package struct Socket: Sendable {
    package let descriptor: Int32

    /// Wraps an open socket.
    package init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    /// Opens a listening socket on `127.0.0.1` at `port` (0 picks a free one).
    package static func listen(port: UInt16 = 0, backlog: Int32 = 1024) throws(HTTPTestServerError) -> Socket {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw .system("socket", errno) }
        var enable: Int32 = 1
        setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &enable, socklen_t(MemoryLayout<Int32>.size))
        let bound = withLoopbackAddress(port: port) { bind(descriptor, $0, $1) }
        guard bound == 0, Glibc.listen(descriptor, backlog) == 0 else {
            let code = errno
            Glibc.close(descriptor)
            throw .system("bind/listen", code)
        }
        return Socket(descriptor: descriptor)
    }

    /// `true` if something accepts TCP connections on `127.0.0.1:port`.
    package static func canConnect(toPort port: UInt16) -> Bool {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { return false }
        defer { Glibc.close(descriptor) }
        return withLoopbackAddress(port: port) { Glibc.connect(descriptor, $0, $1) } == 0
    }

    /// `true` if something accepts connections on the unix socket at `path`.
    package static func canConnect(toUnixSocket path: String) -> Bool {
        let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { return false }
        defer { Glibc.close(descriptor) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        guard bytes.count < MemoryLayout.size(ofValue: address.sun_path) else { return false }
        withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: bytes) }
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                Glibc.connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        } == 0
    }

    /// Opens a blocking connection to `127.0.0.1:port`; `nil` if nothing accepts it.
    package static func connect(toPort port: UInt16) -> Socket? {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { return nil }
        guard withLoopbackAddress(port: port, { Glibc.connect(descriptor, $0, $1) }) == 0 else {
            Glibc.close(descriptor)
            return nil
        }
        return Socket(descriptor: descriptor)
    }

    /// Calls `body` with the address `127.0.0.1:port` and its length.
    package static func withLoopbackAddress<Result>(
        port: UInt16,
        _ body: (UnsafePointer<sockaddr>, socklen_t) -> Result
    ) -> Result {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { body($0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
    }

    /// The local port.
    package var port: UInt16 {
        var address = sockaddr_in()
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        return UInt16(bigEndian: address.sin_port)
    }

    /// Waits for a connection; `nil` once the socket is shut down.
    package func accept() -> Socket? {
        while true {
            let client = Glibc.accept(descriptor, nil, nil)
            if client >= 0 {
                var enable: Int32 = 1
                setsockopt(client, Int32(IPPROTO_TCP), TCP_NODELAY, &enable, socklen_t(MemoryLayout<Int32>.size))
                return Socket(descriptor: client)
            }
            if errno == EINTR || errno == ECONNABORTED { continue }
            return nil
        }
    }

    /// Reads up to `count` bytes; `nil` when the peer closed the connection or on an error.
    package func read(upTo count: Int) -> [UInt8]? {
        var buffer = [UInt8](repeating: 0, count: count)
        while true {
            let received = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, count, 0) }
            if received > 0 { return Array(buffer.prefix(received)) }
            if received < 0, errno == EINTR { continue }
            return nil
        }
    }

    /// Writes all of `bytes`; `false` if the peer went away.
    package func write(_ bytes: some Collection<UInt8>) -> Bool {
        let array = Array(bytes)
        var offset = 0
        while offset < array.count {
            let sent = array.withUnsafeBytes {
                send(descriptor, $0.baseAddress! + offset, array.count - offset, Int32(MSG_NOSIGNAL))
            }
            if sent < 0 {
                if errno == EINTR { continue }
                return false
            }
            offset += sent
        }
        return true
    }

    /// Waits up to `milliseconds` for the peer to send or close; returns `true` if it closed.
    ///
    /// Used while a response is paused so that a client's cancellation is seen at once.
    package func peerClosed(waitingUpTo milliseconds: Int32) -> Bool {
        var descriptor = pollfd(fd: self.descriptor, events: Int16(POLLIN), revents: 0)
        let ready = poll(&descriptor, 1, milliseconds)
        guard ready > 0 else { return false }
        if descriptor.revents & Int16(POLLHUP | POLLERR) != 0 { return true }
        var byte: UInt8 = 0
        let peeked = recv(self.descriptor, &byte, 1, Int32(MSG_PEEK | MSG_DONTWAIT))
        return peeked == 0 || (peeked < 0 && errno != EAGAIN && errno != EWOULDBLOCK)
    }

    /// Makes the coming ``close()`` send a TCP reset instead of an orderly shutdown.
    ///
    /// It does not close the descriptor itself: the connection's owner closes it once, after
    /// taking it out of the server's table. Closing it here too closed, some of the time, a
    /// descriptor another server had just been given (another test's connection or listener).
    package func resetOnClose() {
        var linger = Glibc.linger(l_onoff: 1, l_linger: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_LINGER, &linger, socklen_t(MemoryLayout<Glibc.linger>.size))
    }

    /// Wakes any thread blocked on the socket.
    package func shutdown() {
        _ = Glibc.shutdown(descriptor, Int32(SHUT_RDWR))
    }

    /// Releases the descriptor.
    package func close() {
        _ = Glibc.close(descriptor)
    }
}

/// Why the test server could not start.
public enum HTTPTestServerError: Error, CustomStringConvertible, Sendable {
    /// A system call failed with `errno`.
    case system(String, Int32)
    /// A helper server process did not start.
    case helperFailed(String)

    /// A sentence describing the problem.
    public var description: String {
        switch self {
        case let .system(call, code): "\(call) failed: \(String(cString: strerror(code)))"
        case .helperFailed(let reason): "Test server failed: \(reason)"
        }
    }
}
