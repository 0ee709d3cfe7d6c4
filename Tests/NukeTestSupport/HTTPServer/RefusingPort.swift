// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

public import Foundation

#if canImport(Glibc)
    internal import Glibc
#endif

/// A loopback port that refuses connections for as long as this value lives: a socket bound to
/// it that never listens. Unlike a server that was stopped, the port cannot be taken meanwhile
/// by another test's server.
public final class RefusingPort: Sendable {
    /// The port, at `127.0.0.1`.
    public let port: UInt16
    private let descriptor: Int32

    /// Binds a free port.
    public init() throws(HTTPTestServerError) {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw .system("socket", errno) }
        guard Socket.withLoopbackAddress(port: 0, { bind(descriptor, $0, $1) }) == 0 else {
            let code = errno
            Glibc.close(descriptor)
            throw .system("bind", code)
        }
        self.descriptor = descriptor
        self.port = Socket(descriptor: descriptor).port
    }

    /// The URL of `path` (which starts with `/`) at this port.
    public func url(_ path: String) -> URL {
        URL(string: "http://127.0.0.1:\(port)\(path)")!
    }

    deinit {
        Glibc.close(descriptor)
    }
}
