// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

import Foundation

/// A request path in imgproxy's format, split into its parts:
///
/// - `/<signature>/<options>/plain/<source URL, percent-encoded>[@<extension>]`
/// - `/<signature>/<options>/<source URL in URL-safe base64, may be split by "/">[.<extension>]`
///
/// Options are `/`-separated, each `name:argument:argument…`. The signature covers everything
/// from the `/` after it (``signedPart``).
public struct ProxyPath: Hashable, Sendable {
    /// The first segment: the signature (or any text, such as `insecure`, when unsigned URLs are
    /// allowed).
    public var signature: String
    /// The part the signature covers: the path from the `/` after the signature.
    public var signedPart: String
    /// The processing options, in order.
    public var options: [ProxyOption]
    /// The source URL, decoded.
    public var source: String
    /// The extension that names the output format (`png`, `webp`, `jpg`), if any.
    public var outputExtension: String?

    /// Splits `path` (as sent, percent-encoded, without the query). With `presetsOnly`, the first
    /// segment after the signature is read as options however it looks (imgproxy's presets-only
    /// URLs put preset names there: `/<signature>/thumbnail/plain/…`).
    ///
    /// - Throws: ``ProxyRequestError/malformedPath(_:)`` for a path without a signature segment,
    ///   without a source, or whose source is not valid base64 or percent-encoding.
    public init(parsing path: String, presetsOnly: Bool = false) throws(ProxyRequestError) {
        guard path.hasPrefix("/") else { throw .malformedPath("the path does not start with /") }
        let afterSlash = path.dropFirst()
        guard let end = afterSlash.firstIndex(of: "/") else {
            throw .malformedPath("no options or source after the signature")
        }
        signature = String(afterSlash[..<end])
        signedPart = String(afterSlash[end...])
        var segments = signedPart.split(separator: "/", omittingEmptySubsequences: false).dropFirst()
        options = []
        if presetsOnly, let segment = segments.first, segment != "plain", !segment.isEmpty {
            options.append(ProxyOption(segment: segment))
            segments = segments.dropFirst()
        }
        while let segment = segments.first, segment != "plain", segment.contains(":") {
            options.append(ProxyOption(segment: segment))
            segments = segments.dropFirst()
        }
        if segments.first == "plain" {
            var plain = segments.dropFirst().joined(separator: "/")
            outputExtension = nil
            if let at = plain.lastIndex(of: "@") {
                outputExtension = String(plain[plain.index(after: at)...])
                plain = String(plain[..<at])
            }
            guard let decoded = plain.removingPercentEncoding, !decoded.isEmpty else {
                throw .malformedPath("the plain source URL is empty or wrongly percent-encoded")
            }
            source = decoded
        } else {
            var encoded = segments.joined()
            outputExtension = nil
            if let dot = encoded.lastIndex(of: ".") {
                outputExtension = String(encoded[encoded.index(after: dot)...])
                encoded = String(encoded[..<dot])
            }
            guard !encoded.isEmpty, let bytes = URLSignature.bytes(base64URL: encoded),
                let decoded = String(bytes: bytes, encoding: .utf8)
            else {
                throw .malformedPath("the source is neither plain/<URL> nor URL-safe base64")
            }
            source = decoded
        }
        if outputExtension?.isEmpty == true { outputExtension = nil }
    }
}

/// One processing option of a proxy path: `name:argument:argument…`.
public struct ProxyOption: Hashable, Sendable {
    /// The option's name as written (`rs`, `resize`, `w` …).
    public var name: String
    /// The arguments after the name, split at `:`.
    public var arguments: [String]
    /// Everything after the first `:`, for options whose argument may contain `:`.
    public var rawArguments: String

    /// An option from one path segment.
    public init<S: StringProtocol>(segment: S) {
        let text = String(segment)
        if let colon = text.firstIndex(of: ":") {
            name = String(text[..<colon])
            rawArguments = String(text[text.index(after: colon)...])
            arguments = rawArguments.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
        } else {
            name = text
            rawArguments = ""
            arguments = []
        }
    }
}
