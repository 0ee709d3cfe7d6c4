// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

internal import Foundation
internal import Synchronization

#if canImport(Glibc)
    internal import Glibc
#endif

/// A `redis-server` (Debian's `redis-server`) the tests start in a temporary directory, on a
/// loopback port and a unix socket, persisting nothing (`--save '' --appendonly no`); killed
/// when released. Tests stop it (SIGKILL), stall it (SIGSTOP) and start it again on the same
/// port and socket.
public final class RedisServer: Sendable {
    /// Where redis-server is installed.
    public static let executablePath = "/usr/bin/redis-server"

    /// Whether redis-server is installed.
    public static var isAvailable: Bool { FileManager.default.isExecutableFile(atPath: executablePath) }

    /// The TCP port, at `127.0.0.1`.
    public let port: UInt16
    /// The unix socket's path.
    public let socketPath: String
    /// `redis://127.0.0.1:<port>`.
    public var tcpURL: String { "redis://127.0.0.1:\(port)" }
    /// `unix://<socket path>`.
    public var unixURL: String { "unix://\(socketPath)" }

    private let directory: TemporaryDirectory
    private let arguments: [String]
    private let process: Mutex<ChildProcess?>

    /// Starts a server with `arguments` added to its command line (say `["--requirepass", "x"]`),
    /// waiting until it accepts connections.
    public init(arguments: [String] = []) throws(HTTPTestServerError) {
        do {
            directory = try TemporaryDirectory(prefix: "nuke-redis")
        } catch {
            throw .helperFailed("no temporary directory: \(error)")
        }
        socketPath = directory.appending("redis.sock").path
        self.arguments = arguments
        // redis-server cannot pick a port itself (`--port 0` turns TCP off).
        let (process, port) = try Self.launch(on: nil, socketPath: socketPath, arguments: arguments, in: directory)
        self.port = port
        self.process = Mutex(process)
    }

    deinit {
        kill()
    }

    /// Starts the server again (after ``kill()``) on the same port and socket, empty.
    public func start() throws(HTTPTestServerError) {
        let (process, _) = try Self.launch(on: port, socketPath: socketPath, arguments: arguments, in: directory)
        self.process.withLock { $0 = process }
    }

    /// Starts redis-server on `port` (nil: a free one) and waits until it accepts connections
    /// there and on `socketPath`.
    private static func launch(
        on port: UInt16?,
        socketPath: String,
        arguments: [String],
        in directory: TemporaryDirectory
    ) throws(HTTPTestServerError) -> (process: ChildProcess, port: UInt16) {
        // The socket's file exists from `bind`, before redis-server listens: a connection proves
        // it (a write dropped at a refused connect made a test flaky on a busy machine).
        let isListening = { (port: UInt16) in
            Socket.canConnect(toPort: port) && Socket.canConnect(toUnixSocket: socketPath)
        }
        return try ChildProcess.server("redis-server", on: port, isListening: isListening) { port in
            try ChildProcess(
                URL(fileURLWithPath: executablePath),
                [
                    "--port", "\(port)", "--bind", "127.0.0.1", "--unixsocket", socketPath, "--unixsocketperm", "700",
                    "--save", "", "--appendonly", "no", "--dir", directory.path, "--daemonize", "no",
                ] + arguments,
                workingDirectory: directory.path,
                in: directory
            )
        }
    }

    /// Kills the server (SIGKILL) and waits until it is gone; its data is lost.
    public func kill() {
        process.withLock { $0 }?.stop()
        try? FileManager.default.removeItem(atPath: socketPath)
    }

    /// Stalls the server (SIGSTOP): connections stay open, nothing is answered.
    public func pause() {
        signal(SIGSTOP)
    }

    /// Lets a stalled server go on (SIGCONT).
    public func resume() {
        signal(SIGCONT)
    }

    private func signal(_ signal: Int32) {
        process.withLock { $0 }?.signal(signal)
    }
}
