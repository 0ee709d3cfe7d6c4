// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

/// Why a network transfer failed, in terms common to every loader.
///
/// Loaders map their own errors (libcurl's `CURLcode`, `URLError`) to these cases, so callers and
/// retry policies see the same error for the same failure whichever loader ran.
public enum NetworkError: Error, Hashable, Sendable, CustomStringConvertible {
    /// No connection could be made: refused, unreachable, or the host name did not resolve.
    case cannotConnect(reason: String)
    /// Nothing arrived in time: connecting, waiting for the response, or between body bytes.
    case timedOut(reason: String)
    /// The connection broke before the response was complete: a reset, or a body shorter than
    /// announced.
    case connectionLost(reason: String)
    /// The server redirected more than `limit` times (or in a loop).
    case tooManyRedirects(limit: Int)
    /// TLS failed: handshake, certificate verification, or a server that does not speak TLS.
    case secureConnectionFailed(reason: String)
    /// The server's response could not be understood.
    case badServerResponse(reason: String)
    /// The response is larger than the loader accepts; the transfer stopped early.
    case responseTooLarge(limit: Int)
    /// The loader's address policy (NukeHTTP's `AddressPolicy`) refused every address it could
    /// connect to; `address` is the last one refused (or the URL's host, for a loader that
    /// checks names only).
    case addressNotAllowed(address: String)
    /// The loader's redirect check refused the target of a redirect (`url`, as the server sent
    /// it); nothing was fetched from it.
    case redirectNotAllowed(url: String)
    /// Any other failure, with the loader's own description.
    case other(reason: String)

    /// `true` for failures before or while connecting, which a retry may cure.
    public var isConnectionFailure: Bool {
        switch self {
        case .cannotConnect, .connectionLost: true
        default: false
        }
    }

    /// A sentence describing the failure.
    public var description: String {
        switch self {
        case .cannotConnect(let reason): "Could not connect: \(reason)"
        case .timedOut(let reason): "Timed out: \(reason)"
        case .connectionLost(let reason): "Connection lost: \(reason)"
        case .tooManyRedirects(let limit): "Too many redirects (more than \(limit))"
        case .secureConnectionFailed(let reason): "Secure connection failed: \(reason)"
        case .badServerResponse(let reason): "Bad server response: \(reason)"
        case .responseTooLarge(let limit): "Response larger than the \(limit)-byte limit"
        case .addressNotAllowed(let address): "The address policy does not allow connecting to \(address)"
        case .redirectNotAllowed(let url): "A redirect to \(url) is not allowed"
        case .other(let reason): reason
        }
    }
}
