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
        // A port probed here and closed again can be taken by another server started at the same
        // moment (redis-server cannot pick one itself: `--port 0` turns TCP off); then this one
        // exits at `bind` and another probe is tried.
        var attempt = 1
        while true {
            let probe = try Socket.listen()
            let probed = probe.port
            probe.close()
            do {
                let process = try Self.launch(port: probed, socketPath: socketPath, arguments: arguments, in: directory)
                port = probed
                self.process = Mutex(process)
                return
            } catch {
                guard attempt < 3 else { throw error }
                attempt += 1
            }
        }
    }

    deinit {
        kill()
    }

    /// Starts the server again (after ``kill()``) on the same port and socket, empty.
    public func start() throws(HTTPTestServerError) {
        let process = try Self.launch(port: port, socketPath: socketPath, arguments: arguments, in: directory)
        self.process.withLock { $0 = process }
    }

    /// Starts redis-server and waits until it accepts connections on `port` and `socketPath`.
    private static func launch(
        port: UInt16,
        socketPath: String,
        arguments: [String],
        in directory: TemporaryDirectory
    ) throws(HTTPTestServerError) -> ChildProcess {
        let process: ChildProcess
        do {
            process = try ChildProcess(
                URL(fileURLWithPath: executablePath),
                [
                    "--port", "\(port)", "--bind", "127.0.0.1", "--unixsocket", socketPath, "--unixsocketperm", "700",
                    "--save", "", "--appendonly", "no", "--dir", directory.path, "--daemonize", "no",
                ] + arguments,
                workingDirectory: directory.path,
                in: directory
            )
        } catch {
            throw .helperFailed("redis-server did not start: \(error)")
        }
        let deadline = Date() + 10
        while Date() < deadline, process.isRunning {
            // The socket's file exists from `bind`, before redis-server listens: a connection
            // proves it (a write dropped at a refused connect made a test flaky on a busy machine).
            if Socket.canConnect(toPort: port), Socket.canConnect(toUnixSocket: socketPath) { return process }
            Thread.sleep(forTimeInterval: 0.02)
        }
        process.signal(SIGKILL)
        _ = process.waitForExit()
        try? FileManager.default.removeItem(atPath: socketPath)
        throw .helperFailed("redis-server did not listen on port \(port): \(process.output)")
    }

    /// Kills the server (SIGKILL) and waits until it is gone; its data is lost.
    public func kill() {
        guard let process = process.withLock({ $0 }), process.isRunning else { return }
        process.signal(SIGCONT)
        process.signal(SIGKILL)
        _ = process.waitForExit()
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
