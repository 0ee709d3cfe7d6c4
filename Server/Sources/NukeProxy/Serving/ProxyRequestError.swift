// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

/// Why the proxy did not serve an image. Each case has an HTTP status and a generic message for
/// the client; ``description`` has the detail, for the log only.
public enum ProxyRequestError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The path is not in the proxy's format.
    case malformedPath(String)
    /// The path is longer than the configured limit.
    case pathTooLong(length: Int, limit: Int)
    /// The signature does not match any key, or is missing where one is required.
    case invalidSignature
    /// The URL's `exp:` time has passed.
    case expired(at: Int64)
    /// An option the proxy does not know.
    case unknownOption(String)
    /// An option's arguments are wrong.
    case invalidArgument(option: String, reason: String)
    /// A preset that is not configured.
    case unknownPreset(String)
    /// Only presets are allowed, and the URL has other options.
    case onlyPresetsAllowed(option: String)
    /// The URL sets limits (`msr`, `msfs`, `maf`, `mrd`) and the server does not allow it.
    case securityOptionsNotAllowed
    /// The URL names an option outside the configured allow-list
    /// (``ProxyConfiguration/allowedOptionNames``).
    case optionNotAllowed(String)
    /// The request lacks the `Authorization: Bearer` token the proxy is configured with.
    case missingSecret
    /// The processor spec is not allowed, does not parse, or is too long a chain.
    case processorsNotAllowed(String)
    /// The requested result is larger than the configured limit.
    case resultTooLarge(width: Int, height: Int, limit: Int)
    /// The source URL is not an allowed source.
    case sourceNotAllowed(String)
    /// The origin answered 404 (or the local file does not exist).
    case sourceNotFound
    /// The origin could not be reached or failed.
    case upstreamFailed(String)
    /// The source is too large, not an image, or the image cannot be processed.
    case unprocessableSource(String)
    /// The result could not be encoded.
    case encodingFailed(String)
    /// Too many requests are waiting.
    case overloaded
    /// The work did not get the memory it needs in time, or too many requests wait for memory.
    case memoryBusy(String)
    /// The request took longer than the configured time-out.
    case timedOut
    /// The client went away (or the server is stopping) before the answer was ready.
    case cancelled

    /// Whether the source could not be had — missing, failing, too slow, or not an image that
    /// can be processed — rather than the request being wrong or refused: what a fallback image
    /// stands in for.
    public var isSourceFailure: Bool {
        switch self {
        case .sourceNotFound, .upstreamFailed, .unprocessableSource, .timedOut: true
        default: false
        }
    }

    /// The HTTP status for the client.
    public var status: Int {
        switch self {
        case .malformedPath, .unknownOption, .invalidArgument, .unknownPreset, .resultTooLarge: 400
        case .pathTooLong: 414
        case .invalidSignature, .onlyPresetsAllowed, .securityOptionsNotAllowed, .processorsNotAllowed,
            .sourceNotAllowed, .optionNotAllowed, .missingSecret:
            403
        case .sourceNotFound, .expired: 404
        case .unprocessableSource: 422
        case .overloaded: 429
        case .encodingFailed: 500
        case .memoryBusy: 503
        case .upstreamFailed: 502
        case .timedOut: 504
        case .cancelled: 499
        }
    }

    /// A body for the client that says what kind of failure it was and nothing about the
    /// server, the source or its contents.
    public var clientMessage: String {
        if case .expired = self { return "URL expired" }
        return switch status {
        case 400: "Invalid URL or options"
        case 403: "Forbidden"
        case 404: "Source image not found"
        case 414: "URL too long"
        case 422: "The source image cannot be processed"
        case 429: "Too many requests"
        case 502: "The source image could not be fetched"
        case 503: "Busy, try again"
        case 504: "Timed out"
        case 499: "Cancelled"
        default: "Internal error"
        }
    }

    /// The detail, for the log.
    public var description: String {
        switch self {
        case .malformedPath(let reason): "malformed path: \(reason)"
        case .pathTooLong(let length, let limit): "path of \(length) bytes exceeds the limit of \(limit)"
        case .invalidSignature: "invalid or missing signature"
        case .expired(let time): "the URL expired at \(time) (seconds since 1970)"
        case .unknownOption(let name): "unknown option '\(name)'"
        case .invalidArgument(let option, let reason): "option '\(option)' expects \(reason)"
        case .unknownPreset(let name): "unknown preset '\(name)'"
        case .onlyPresetsAllowed(let option): "only presets are allowed, found option '\(option)'"
        case .securityOptionsNotAllowed: "the URL sets limits (msr, msfs, maf, mrd); security options are not allowed"
        case .optionNotAllowed(let name): "option '\(name)' is not among the allowed processing options"
        case .missingSecret: "no Authorization: Bearer header with the configured secret"
        case .processorsNotAllowed(let reason): "processors: \(reason)"
        case .resultTooLarge(let width, let height, let limit):
            "result \(width)×\(height) exceeds the limit of \(limit) pixels on a side"
        case .sourceNotAllowed(let source): "source not allowed: \(ProxyPath.loggableSource(source).text)"
        case .sourceNotFound: "the origin answered 404"
        case .upstreamFailed(let reason): "origin failed: \(reason)"
        case .unprocessableSource(let reason): "source cannot be processed: \(reason)"
        case .encodingFailed(let reason): "encoding failed: \(reason)"
        case .overloaded: "the queue is full"
        case .memoryBusy(let reason): "memory: \(reason)"
        case .timedOut: "the request timed out"
        case .cancelled: "cancelled: the client went away"
        }
    }
}
