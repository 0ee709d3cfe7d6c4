// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

internal import NukeCore
public import NukeHTTP

#if canImport(FoundationEssentials)
    public import FoundationEssentials
#else
    public import Foundation
#endif

extension CurlDataLoader {
    /// How a ``CurlDataLoader`` connects, validates, retries and limits its transfers.
    public struct Configuration: Sendable {
        /// Which HTTP version to speak.
        ///
        /// There is no h2c (HTTP/2 over plain TCP with prior knowledge): libcurl 7.88 fails the
        /// second and later streams on such a connection.
        public enum HTTPVersion: Hashable, Sendable {
            /// HTTP/2 over TLS when the server offers it (ALPN), HTTP/1.1 otherwise.
            case automatic
            /// HTTP/1.1 only.
            case http1_1
        }

        /// How server certificates are checked.
        public enum TLSVerification: Hashable, Sendable {
            /// Verify the certificate chain and the host name against the system's CA bundle,
            /// or against the bundle at `caBundlePath`.
            case verify(caBundlePath: String? = nil)
            /// Accept any certificate. Only for development servers you control.
            case insecureSkipVerification
        }

        /// A certificate the loader presents to servers that ask for one (mutual TLS).
        public struct ClientCertificate: Hashable, Sendable {
            /// The certificate, a PEM file (it may hold the chain after it).
            public var certificatePath: String
            /// Its private key, a PEM file.
            public var privateKeyPath: String
            /// The key's passphrase, if it is encrypted.
            public var privateKeyPassphrase: String?

            /// Creates a client certificate from PEM files.
            public init(certificatePath: String, privateKeyPath: String, privateKeyPassphrase: String? = nil) {
                self.certificatePath = certificatePath
                self.privateKeyPath = privateKeyPath
                self.privateKeyPassphrase = privateKeyPassphrase
            }
        }

        /// Whether a status code is a success; 2xx by default. Others fail with
        /// `DataLoadingError.statusCodeUnacceptable(_:)` before any body is delivered.
        public var isAcceptableStatusCode: @Sendable (Int) -> Bool = { (200..<300).contains($0) }
        /// Longest wait for a connection, in seconds.
        public var connectTimeout: Double = 30
        /// Longest time for a whole transfer, in seconds; `nil` for no limit. The request's
        /// `timeoutInterval` limits the time without any data (a stalled transfer).
        public var totalTimeout: Double?
        /// Most redirects followed (10). Only `http` and `https` targets are followed.
        public var maximumRedirects = 10
        /// Asked, before each redirect is followed, whether its target (resolved against the URL
        /// that redirected) may be fetched; `false` stops the transfer with
        /// `NetworkError.redirectNotAllowed(url:)`. `nil` (the default) follows every redirect
        /// within ``maximumRedirects``. It runs on the loader's thread: keep it quick, and never
        /// block in it. An image proxy checks its allowed sources here.
        public var isRedirectAllowed: (@Sendable (URL) -> Bool)?
        /// The HTTP version.
        public var httpVersion = HTTPVersion.automatic
        /// Certificate checking; on by default.
        public var tlsVerification = TLSVerification.verify()
        /// The certificate presented to servers that ask for one; `nil` (the default) presents
        /// none.
        public var clientCertificate: ClientCertificate?
        /// Public keys the server's certificate must carry (`CURLOPT_PINNEDPUBLICKEY`): each a
        /// `sha256//` followed by the base64 SHA-256 of the key's DER `SubjectPublicKeyInfo`
        /// (`openssl x509 -pubkey -noout | openssl pkey -pubin -outform der | openssl dgst
        /// -sha256 -binary | base64`). Any one matching will do; a server with none of them fails
        /// with `NetworkError.secureConnectionFailed` before a byte of the request is sent. Empty
        /// (the default) pins nothing. Checked on top of certificate verification.
        public var pinnedPublicKeys: [String] = []
        /// Which addresses connections may go to, checked on the address of every connection
        /// (each redirect's included) after resolving; `AddressPolicy.allowAll` by default.
        /// A server fetching URLs from strangers wants `AddressPolicy.publicInternetOnly`.
        /// Through a proxy, the address checked is the proxy's.
        public var addressPolicy = AddressPolicy.allowAll
        /// Proxies; the standard environment variables by default.
        public var proxy = ProxySettings.fromEnvironment
        /// When failed requests are tried again.
        public var retryPolicy = RetryPolicy.default
        /// The clock that times the back-off between attempts (tests inject a manual one).
        public var clock: any Clock<Duration> = ContinuousClock()
        /// Transfers stop with `NetworkError.responseTooLarge(limit:)` as soon as
        /// they are known to exceed this (from `Content-Length`, or while streaming).
        public var maximumResponseSize: Int? = ImagePipeline.Configuration.defaultMaximumResponseDataSize
        /// Most connections to one host (6, as browsers do for HTTP/1.1).
        public var maximumConnectionsPerHost = 6
        /// Most idle connections kept for reuse.
        public var connectionCacheSize = 32
        /// Seconds a connection may stay idle and still be reused (libcurl's `CURLOPT_MAXAGE_CONN`,
        /// whose default, 118, this is); an older one is closed and a new one opened.
        public var maximumIdleConnectionAge: Double = 118
        /// Signs every request with AWS Signature V4 (S3 and stores speaking its API); `nil` (the
        /// default) signs nothing. A libcurl without SigV4 fails such transfers with
        /// `NetworkError.secureConnectionFailed` rather than send them unsigned. Credentials are
        /// never sent to another host: set ``maximumRedirects`` to 0 for stores, which do not
        /// redirect reads.
        public var awsSignature: AWSSignature?
        /// The `User-Agent` header, unless the request sets one.
        public var userAgent = "NukeCurl"

        /// Creates the default configuration.
        public init() {}
    }
}
