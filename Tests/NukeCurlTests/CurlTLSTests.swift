// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

import Foundation
import NukeCore
import NukeCurl
import NukeHTTP
import NukeTestSupport
import Testing

/// TLS options against `openssl s_server` on loopback with a CA made for the test: a custom CA
/// bundle, client certificates (mutual TLS) and public-key pinning.
@Suite(.enabled(if: TLSTestServer.isAvailable, "needs openssl (apt install openssl)"))
struct CurlTLSTests {
    private let directory: TemporaryDirectory
    private let body = sampleBody(5_000)

    init() throws {
        directory = try TemporaryDirectory(prefix: "nuke-tls-files")
        try body.write(to: directory.appending("photo.jpg"))
    }

    private func loader(_ configure: (inout CurlDataLoader.Configuration) -> Void) -> CurlDataLoader {
        var configuration = CurlDataLoader.Configuration()
        configuration.proxy = .none
        configuration.retryPolicy = .disabled
        configure(&configuration)
        return CurlDataLoader(configuration: configuration)
    }

    private func isSecureConnectionFailure(_ record: LoadRecord) -> Bool {
        if case .secureConnectionFailed = record.error as? NetworkError { true } else { false }
    }

    @Test("A custom CA bundle is trusted; without it the server's certificate is refused")
    func customCABundle() async throws {
        let server = try TLSTestServer(serving: directory.url)
        let request = DataRequest(url: server.url("/photo.jpg"))
        let trusted = try await load(
            request,
            with: loader { $0.tlsVerification = .verify(caBundlePath: server.caPath) }
        )
        #expect(trusted.succeeded && trusted.body == body, "\(String(describing: trusted.error))")
        let untrusted = try await load(request, with: loader { _ in })
        #expect(isSecureConnectionFailure(untrusted), "\(String(describing: untrusted.error))")
    }

    @Test("A server that requires a client certificate gets ours; without it the handshake fails")
    func clientCertificate() async throws {
        let server = try TLSTestServer(serving: directory.url, requiresClientCertificate: true)
        let request = DataRequest(url: server.url("/photo.jpg"))
        let withCertificate = try await load(
            request,
            with: loader {
                $0.tlsVerification = .verify(caBundlePath: server.caPath)
                $0.clientCertificate = .init(
                    certificatePath: server.clientCertificatePath,
                    privateKeyPath: server.clientKeyPath
                )
            }
        )
        #expect(
            withCertificate.succeeded && withCertificate.body == body,
            "\(String(describing: withCertificate.error))"
        )
        let without = try await load(
            request,
            with: loader { $0.tlsVerification = .verify(caBundlePath: server.caPath) }
        )
        #expect(!without.succeeded && without.chunks.isEmpty)
        #expect(without.error is NetworkError, "\(String(describing: without.error))")
        let missingFile = try await load(
            request,
            with: loader {
                $0.tlsVerification = .verify(caBundlePath: server.caPath)
                $0.clientCertificate = .init(certificatePath: "/nonexistent.pem", privateKeyPath: "/nonexistent.key")
            }
        )
        #expect(isSecureConnectionFailure(missingFile), "\(String(describing: missingFile.error))")
    }

    @Test("Public-key pinning: the server's pin passes, any other fails before a byte is delivered")
    func publicKeyPinning() async throws {
        let server = try TLSTestServer(serving: directory.url)
        let request = DataRequest(url: server.url("/photo.jpg"))
        let wrongPin = "sha256//" + Data(repeating: 7, count: 32).base64EncodedString()
        let pinned = try await load(
            request,
            with: loader {
                $0.tlsVerification = .verify(caBundlePath: server.caPath)
                $0.pinnedPublicKeys = [wrongPin, server.publicKeyPin]
            }
        )
        #expect(pinned.succeeded && pinned.body == body, "\(String(describing: pinned.error))")
        let mismatched = try await load(
            request,
            with: loader {
                $0.tlsVerification = .verify(caBundlePath: server.caPath)
                $0.pinnedPublicKeys = [wrongPin]
            }
        )
        #expect(isSecureConnectionFailure(mismatched) && mismatched.chunks.isEmpty)
        // Pins hold even when certificate checks are off.
        let unverifiedButPinned = try await load(
            request,
            with: loader {
                $0.tlsVerification = .insecureSkipVerification
                $0.pinnedPublicKeys = [wrongPin]
            }
        )
        #expect(isSecureConnectionFailure(unverifiedButPinned))
    }
}
