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
    private let process: ChildProcess

    /// Starts nghttpd over `directory`, waiting until it accepts connections.
    public init(serving directory: URL) throws(HTTPTestServerError) {
        do {
            credentials = try TemporaryDirectory(prefix: "nuke-nghttpd")
        } catch {
            throw .helperFailed("no temporary directory: \(error)")
        }
        certificatePath = credentials.appending("cert.pem").path
        let keyPath = credentials.appending("key.pem").path
        try TLSTestServer.openssl(
            in: credentials,
            [
                "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", keyPath, "-out", certificatePath, "-days",
                "2", "-subj", "/CN=127.0.0.1", "-addext", "subjectAltName=IP:127.0.0.1",
            ]
        )
        let (certificatePath, credentials) = (certificatePath, credentials)
        (process, port) = try ChildProcess.server("nghttpd") { port in
            try ChildProcess(
                URL(fileURLWithPath: Self.executablePath),
                ["--address=127.0.0.1", "-d", directory.path, "\(port)", keyPath, certificatePath],
                in: credentials
            )
        }
    }

    deinit {
        stop()
    }

    /// Stops the server (SIGKILL: nghttpd ignores SIGTERM) and reaps it.
    public func stop() {
        process.stop()
    }

    /// The URL of `path` on this server.
    public func url(_ path: String) -> URL {
        URL(string: "https://127.0.0.1:\(port)\(path)")!
    }
}
