// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

public import Foundation

#if canImport(Glibc)
    internal import Glibc
#endif

/// nghttpd (Debian's `nghttp2-server`), an HTTP/2 server the tests start over a directory of
/// files, over TLS on loopback with a self-signed certificate made by `openssl` for `127.0.0.1`.
///
/// TLS rather than h2c: with prior knowledge, libcurl 7.88 fails the second and later streams on
/// a connection (`curl --parallel --http2-prior-knowledge` shows it).
public final class NGHTTPDServer: Sendable {
    /// Where nghttpd is installed.
    public static let executablePath = "/usr/sbin/nghttpd"

    /// Whether nghttpd and openssl are installed.
    public static var isAvailable: Bool {
        FileManager.default.isExecutableFile(atPath: executablePath)
            && FileManager.default.isExecutableFile(atPath: "/usr/bin/openssl")
    }

    /// The server's certificate (PEM), to trust as a CA bundle.
    public let certificatePath: String
    private let credentials: TemporaryDirectory

    /// The port it listens on, at `127.0.0.1`.
    public let port: UInt16
    private let process: Process

    /// Starts nghttpd over `directory`, waiting until it accepts connections.
    public init(serving directory: URL) throws(HTTPTestServerError) {
        do {
            credentials = try TemporaryDirectory(prefix: "nuke-nghttpd")
        } catch {
            throw .helperFailed("no temporary directory: \(error)")
        }
        certificatePath = credentials.appending("cert.pem").path
        let keyPath = credentials.appending("key.pem").path
        try Self.run(
            "/usr/bin/openssl",
            [
                "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", keyPath, "-out", certificatePath, "-days",
                "2",
                "-subj", "/CN=127.0.0.1", "-addext", "subjectAltName=IP:127.0.0.1",
            ]
        )
        let probe = try Socket.listen()
        port = probe.port
        probe.close()
        process = Process()
        process.executableURL = URL(fileURLWithPath: Self.executablePath)
        process.arguments = ["--address=127.0.0.1", "-d", directory.path, "\(port)", keyPath, certificatePath]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            throw .helperFailed("nghttpd did not start: \(error)")
        }
        let deadline = Date() + 10
        while Date() < deadline {
            if Socket.canConnect(toPort: port) { return }
            Thread.sleep(forTimeInterval: 0.02)
        }
        process.terminate()
        throw .helperFailed("nghttpd did not listen on port \(port)")
    }

    deinit {
        stop()
    }

    /// The URL of `path` on this server.
    public func url(_ path: String) -> URL {
        URL(string: "https://127.0.0.1:\(port)\(path)")!
    }

    private static func run(_ executable: String, _ arguments: [String]) throws(HTTPTestServerError) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            throw .helperFailed("\(executable) did not start: \(error)")
        }
        while process.isRunning {  // Not waitUntilExit: see stop().
            Thread.sleep(forTimeInterval: 0.01)
        }
        guard process.terminationStatus == 0 else {
            throw .helperFailed("\(executable) exited with \(process.terminationStatus)")
        }
    }

    /// Stops the server (without waiting: `waitUntilExit` runs a run loop, which can wait
    /// for ever on one of Swift's cooperative threads).
    public func stop() {
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)  // nghttpd ignores SIGTERM.
        }
    }
}
