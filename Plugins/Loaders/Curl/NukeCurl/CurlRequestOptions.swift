// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

internal import CNukeCurl
internal import NukeCore

#if canImport(FoundationEssentials)
    internal import FoundationEssentials
#else
    internal import Foundation
#endif

/// Translates a `DataRequest` and the loader's configuration into easy-handle options.
struct CurlRequestOptions {
    let configuration: CurlDataLoader.Configuration

    /// Sets the handle's options for `request`.
    ///
    /// - Throws: `NetworkError.secureConnectionFailed` when libcurl cannot apply a client
    ///   certificate or public-key pins (a TLS backend without them): the transfer must not run
    ///   without them.
    func apply(to handle: CurlEasyHandle, for request: DataRequest) throws {
        handle.set(CURLOPT_URL, request.url.absoluteString)
        handle.set(CURLOPT_NOSIGNAL, 1)
        handle.set(CURLOPT_PROTOCOLS_STR, "http,https")
        applyMethodAndBody(to: handle, request)
        applyRedirects(to: handle)
        applyTimeouts(to: handle, request)
        applyHTTPVersion(to: handle)
        try applyTLS(to: handle)
        applyProxy(to: handle, scheme: request.url.scheme ?? "http")
        if let limit = request.maximumResponseSize(withLoaderLimit: configuration.maximumResponseSize) {
            handle.set(CURLOPT_MAXFILESIZE_LARGE, size: Int64(limit))
        }
        // The user agent as libcurl's own, not a header line: a signature covers every header
        // line, and S3 servers built on botocore leave `User-Agent` out of theirs.
        handle.set(CURLOPT_USERAGENT, request.headers["User-Agent"] ?? configuration.userAgent)
        var lines = request.headers.compactMap {
            $0.name.lowercased() == "user-agent" ? nil : "\($0.name): \($0.value)"
        }
        if let signature = configuration.awsSignature { lines += try applySignature(signature, to: handle) }
        // libcurl sends `Expect: 100-continue` before large bodies and waits up to a second for
        // servers that never answer it; an empty value turns that off. libcurl 7.88 signs the
        // empty header it then does not send (the store's signature differs), so signed requests
        // keep the expectation and wait a tenth of a second at most.
        if request.httpBody != nil, request.headers["Expect"] == nil {
            if configuration.awsSignature == nil {
                lines.append("Expect:")
            } else {
                handle.set(CURLOPT_EXPECT_100_TIMEOUT_MS, 100)
            }
        }
        handle.setHeaders(lines)
    }

    /// The method, and the body (copied by libcurl) when the request has one: a body makes
    /// libcurl `POST` unless the method says otherwise.
    private func applyMethodAndBody(to handle: CurlEasyHandle, _ request: DataRequest) {
        let method = request.httpMethod.uppercased()
        if let body = request.httpBody {
            handle.setBody(body)
            if method != "POST" { handle.set(CURLOPT_CUSTOMREQUEST, request.httpMethod) }
            return
        }
        switch method {
        case "GET": break
        case "HEAD": handle.set(CURLOPT_NOBODY, 1)
        case "POST": handle.setBody(Data())
        default: handle.set(CURLOPT_CUSTOMREQUEST, request.httpMethod)
        }
    }

    private func applyRedirects(to handle: CurlEasyHandle) {
        handle.set(CURLOPT_FOLLOWLOCATION, configuration.maximumRedirects > 0 ? 1 : 0)
        handle.set(CURLOPT_MAXREDIRS, configuration.maximumRedirects)
        handle.set(CURLOPT_REDIR_PROTOCOLS_STR, "http,https")
    }

    /// Connect and total limits from the configuration; the request's `timeoutInterval` as the
    /// longest time without a byte (libcurl's low-speed limit of 1 byte per second).
    private func applyTimeouts(to handle: CurlEasyHandle, _ request: DataRequest) {
        handle.set(CURLOPT_CONNECTTIMEOUT_MS, milliseconds(configuration.connectTimeout))
        if let total = configuration.totalTimeout {
            handle.set(CURLOPT_TIMEOUT_MS, milliseconds(total))
        }
        handle.set(CURLOPT_LOW_SPEED_LIMIT, 1)
        handle.set(CURLOPT_LOW_SPEED_TIME, max(1, Int(request.timeoutInterval.rounded(.up))))
        let idleAge = configuration.maximumIdleConnectionAge.rounded(.up).clamped(to: 1...Double(Int32.max))
        handle.set(CURLOPT_MAXAGE_CONN, Int(idleAge))
    }

    private func applyHTTPVersion(to handle: CurlEasyHandle) {
        let version =
            switch configuration.httpVersion {
            case .automatic: CURL_HTTP_VERSION_2TLS
            case .http1_1: CURL_HTTP_VERSION_1_1
            }
        handle.set(CURLOPT_HTTP_VERSION, Int(version))
        handle.set(CURLOPT_PIPEWAIT, 1)  // Wait to multiplex on a connection being set up.
    }

    private func applyTLS(to handle: CurlEasyHandle) throws {
        switch configuration.tlsVerification {
        case .verify(let caBundlePath):
            handle.set(CURLOPT_SSL_VERIFYPEER, 1)
            handle.set(CURLOPT_SSL_VERIFYHOST, 2)
            if let caBundlePath { handle.set(CURLOPT_CAINFO, caBundlePath) }
        case .insecureSkipVerification:
            handle.set(CURLOPT_SSL_VERIFYPEER, 0)
            handle.set(CURLOPT_SSL_VERIFYHOST, 0)
        }
        if let certificate = configuration.clientCertificate {
            try require(handle, CURLOPT_SSLCERT, certificate.certificatePath, "a client certificate")
            try require(handle, CURLOPT_SSLCERTTYPE, "PEM", "a client certificate")
            try require(handle, CURLOPT_SSLKEY, certificate.privateKeyPath, "a client certificate")
            try require(handle, CURLOPT_SSLKEYTYPE, "PEM", "a client certificate")
            if let passphrase = certificate.privateKeyPassphrase {
                try require(handle, CURLOPT_KEYPASSWD, passphrase, "a client key passphrase")
            }
        }
        if !configuration.pinnedPublicKeys.isEmpty {
            let pins = configuration.pinnedPublicKeys.joined(separator: ";")
            try require(handle, CURLOPT_PINNEDPUBLICKEY, pins, "public-key pinning")
        }
    }

    /// Has libcurl sign the request; returns the headers the signature covers besides its own
    /// (S3 requires the payload's hash, and temporary keys their token).
    private func applySignature(_ signature: AWSSignature, to handle: CurlEasyHandle) throws -> [String] {
        try require(handle, CURLOPT_AWS_SIGV4, signature.curlParameter, "AWS Signature V4")
        try require(handle, CURLOPT_USERNAME, signature.credentials.accessKeyID, "AWS Signature V4")
        try require(handle, CURLOPT_PASSWORD, signature.credentials.secretAccessKey, "AWS Signature V4")
        var lines = ["x-amz-content-sha256: UNSIGNED-PAYLOAD"]
        if let token = signature.credentials.sessionToken {
            // A header line, so nothing in it may start another.
            guard !token.contains(where: { $0.isNewline }) else {
                throw NetworkError.secureConnectionFailed(reason: "the AWS session token holds a line break")
            }
            lines.append("x-amz-security-token: \(token)")
        }
        return lines
    }

    /// Sets a string option that must take effect.
    private func require(_ handle: CurlEasyHandle, _ option: CURLoption, _ value: String, _ feature: String) throws {
        guard handle.setReporting(option, value) == CURLE_OK else {
            throw NetworkError.secureConnectionFailed(reason: "this libcurl cannot apply \(feature)")
        }
    }

    /// Always sets the proxy (an empty one for none), so libcurl's own environment lookup never
    /// disagrees with ``ProxySettings``.
    private func applyProxy(to handle: CurlEasyHandle, scheme: String) {
        let (proxy, bypass) = configuration.proxy.resolve(forScheme: scheme)
        handle.set(CURLOPT_PROXY, proxy)
        if let bypass { handle.set(CURLOPT_NOPROXY, bypass) }
    }

    private func milliseconds(_ seconds: Double) -> Int {
        Int((seconds * 1000).rounded(.up).clamped(to: 1...Double(Int32.max)))
    }
}

extension Double {
    fileprivate func clamped(to range: ClosedRange<Double>) -> Double {
        Swift.min(Swift.max(self, range.lowerBound), range.upperBound)
    }
}
