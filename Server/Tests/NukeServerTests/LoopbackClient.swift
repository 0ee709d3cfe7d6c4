// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

import Foundation
import NukeTestSupport

#if canImport(Glibc)
    import Glibc
#endif

/// A blocking TCP connection to a port on 127.0.0.1, for tests that hold connections open the
/// way clients of a server do: half-sent requests, idle keep-alive connections.
final class LoopbackClient {
    private let descriptor: Int32
    private var isClosed = false

    /// How a read ended.
    enum ReadEnd: Equatable {
        /// The server closed the connection (an end of file, or a reset).
        case closed
        /// Nothing came for the read time-out: the connection is still open.
        case timedOut
    }

    /// Connects; every read gives up after `readTimeout` seconds.
    init(port: Int, readTimeout: Int = 60) throws {
        descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw TestError("socket: \(String(cString: strerror(errno)))") }
        var timeout = timeval(tv_sec: readTimeout, tv_usec: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = in_addr_t(UInt32(0x7F00_0001).bigEndian)
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else {
            let reason = String(cString: strerror(errno))
            Glibc.close(descriptor)
            throw TestError("connect: \(reason)")
        }
    }

    deinit {
        close()
    }

    /// Sends `text` as it is.
    func send(_ text: String) throws {
        let bytes = Array(text.utf8)
        let sent = bytes.withUnsafeBytes { Glibc.send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        guard sent == bytes.count else { throw TestError("send: \(String(cString: strerror(errno)))") }
    }

    /// Sends a whole `GET path` that keeps the connection open.
    func sendRequest(_ path: String) throws {
        try send("GET \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
    }

    /// Reads one response: its head, then as many body bytes as its `Content-Length` says; `nil`
    /// if the connection ends (or the read times out) first.
    func readResponse() -> (status: Int, body: String)? {
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let text = String(decoding: received, as: UTF8.self)
            if let headEnd = text.range(of: "\r\n\r\n") {
                let head = text[..<headEnd.lowerBound]
                let length =
                    head.split(separator: "\r\n").first { $0.lowercased().hasPrefix("content-length:") }
                    .flatMap { Int($0.split(separator: ":")[1].trimmingCharacters(in: .whitespaces)) } ?? 0
                let body = text[headEnd.upperBound...]
                if body.utf8.count >= length,
                    let status = head.split(separator: " ").dropFirst().first.flatMap({ Int($0) })
                {
                    return (status, String(body))
                }
            }
            let count = recv(descriptor, &buffer, buffer.count, 0)
            guard count > 0 else { return nil }
            received += buffer[..<count]
        }
    }

    /// Reads until the server closes the connection (whatever it sends first is dropped) or the
    /// read time-out passes.
    func readUntilClosed() -> ReadEnd {
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = recv(descriptor, &buffer, buffer.count, 0)
            if count > 0 { continue }
            if count == 0 || errno == ECONNRESET { return .closed }
            return .timedOut
        }
    }

    /// Whether the server sends nothing before it closes the connection.
    func isClosedWithoutAnswer() -> Bool {
        var byte: UInt8 = 0
        let count = recv(descriptor, &byte, 1, 0)
        return count == 0 || (count < 0 && errno == ECONNRESET)
    }

    /// Ends the sending side: the server reads the end of the client's input.
    func shutdownSending() {
        shutdown(descriptor, Int32(SHUT_WR))
    }

    /// Closes the socket.
    func close() {
        guard !isClosed else { return }
        isClosed = true
        Glibc.close(descriptor)
    }
}
