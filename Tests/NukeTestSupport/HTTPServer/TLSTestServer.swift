// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

public import Foundation

#if canImport(Glibc)
    internal import Glibc
#endif

/// `openssl s_server` over a directory of files (`-WWW`), over TLS on loopback with a CA made for
/// the test: a server certificate for `127.0.0.1` and a client certificate, both signed by it.
/// It can require the client certificate (mutual TLS), and it gives the pin of its public key.
public final class TLSTestServer: Sendable {
    /// Whether openssl is installed.
    public static var isAvailable: Bool { FileManager.default.isExecutableFile(atPath: "/usr/bin/openssl") }

    /// The CA certificate (PEM) that signed both certificates: trust it as a CA bundle.
    public let caPath: String
    /// The client certificate (PEM) signed by the CA.
    public let clientCertificatePath: String
    /// The client certificate's key (PEM, unencrypted).
    public let clientKeyPath: String
    /// The server's public-key pin: `sha256//` and the base64 SHA-256 of its `SubjectPublicKeyInfo`.
    public let publicKeyPin: String
    /// The port it listens on, at `127.0.0.1`.
    public let port: UInt16
    private let credentials: TemporaryDirectory
    private let process: ChildProcess

    /// Makes the CA and certificates, then starts the server over `directory`, waiting until it
    /// accepts connections; with `requiresClientCertificate`, handshakes without a client
    /// certificate signed by the CA fail.
    public init(serving directory: URL, requiresClientCertificate: Bool = false) throws {
        let credentials = try TemporaryDirectory(prefix: "nuke-tls")
        self.credentials = credentials
        let path = { (name: String) in credentials.appending(name).path }
        caPath = path("ca.pem")
        clientCertificatePath = path("client.pem")
        clientKeyPath = path("client.key")
        try Self.openssl(
            in: credentials,
            [
                "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", path("ca.key"), "-out", caPath, "-days",
                "2",
                "-subj", "/CN=Nuke Test CA",
            ]
        )
        try Data("subjectAltName=IP:127.0.0.1\n".utf8).write(to: credentials.appending("server.ext"))
        try Data("extendedKeyUsage=clientAuth\n".utf8).write(to: credentials.appending("client.ext"))
        for (name, subject) in [("server", "/CN=127.0.0.1"), ("client", "/CN=nuke-client")] {
            try Self.openssl(
                in: credentials,
                [
                    "req", "-newkey", "rsa:2048", "-nodes", "-keyout", path("\(name).key"), "-out", path("\(name).csr"),
                    "-subj", subject,
                ]
            )
            try Self.openssl(
                in: credentials,
                [
                    "x509", "-req", "-in", path("\(name).csr"), "-CA", caPath, "-CAkey", path("ca.key"),
                    "-CAcreateserial", "-out", path("\(name).pem"), "-days", "2", "-extfile", path("\(name).ext"),
                ]
            )
        }
        try Self.openssl(
            in: credentials,
            ["x509", "-in", path("server.pem"), "-pubkey", "-noout", "-out", path("server.pub")]
        )
        try Self.openssl(
            in: credentials,
            ["pkey", "-pubin", "-in", path("server.pub"), "-outform", "der", "-out", path("server.der")]
        )
        try Self.openssl(
            in: credentials,
            ["dgst", "-sha256", "-binary", "-out", path("server.sha256"), path("server.der")]
        )
        publicKeyPin = "sha256//" + (try Data(contentsOf: credentials.appending("server.sha256"))).base64EncodedString()

        let caPath = caPath
        (process, port) = try ChildProcess.server("openssl s_server") { port in
            try ChildProcess(
                URL(fileURLWithPath: "/usr/bin/openssl"),
                [
                    "s_server", "-accept", "127.0.0.1:\(port)", "-cert", path("server.pem"), "-key", path("server.key"),
                    "-CAfile", caPath, "-WWW", "-quiet",
                ] + (requiresClientCertificate ? ["-Verify", "1"] : []),
                workingDirectory: directory.path,
                in: credentials
            )
        }
    }

    deinit {
        stop()
    }

    /// The URL of `path` on this server.
    public func url(_ path: String) -> URL {
        URL(string: "https://127.0.0.1:\(port)\(path)")!
    }

    /// Stops the server (SIGKILL) and reaps it.
    public func stop() {
        process.stop()
    }

    /// Runs `openssl arguments…` in `directory` to completion.
    static func openssl(in directory: TemporaryDirectory, _ arguments: [String]) throws(HTTPTestServerError) {
        let status: Int32
        let errors: String
        do {
            let process = try ChildProcess(URL(fileURLWithPath: "/usr/bin/openssl"), arguments, in: directory)
            (status, errors) = (process.waitForExit(), process.errors)
        } catch {
            throw .helperFailed("openssl did not start: \(error)")
        }
        guard status == 0 else {
            throw .helperFailed("openssl \(arguments.first ?? "") exited with \(status): \(errors)")
        }
    }
}
