// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

/// How an ``ImageProxy`` reads URLs and what it allows. The defaults are the safe ones: a
/// signature required (set ``signature``, or ``allowsUnsignedURLs`` knowingly), no `nuke:`
/// processors, limits on the path, the result and the chain.
public struct ProxyConfiguration: Sendable {
    /// The keys signatures are checked against; `nil` with ``allowsUnsignedURLs`` off refuses
    /// every request.
    public var signature: URLSignature?
    /// Accept any text in the signature segment. Only for development: `nuke-server` allows it
    /// only when bound to loopback.
    public var allowsUnsignedURLs = false
    /// Which sources are fetched.
    public var sources = SourcePolicy()
    /// Named option lists (`pr:name`); the one named `default` applies to every request first.
    public var presets: [String: [ProxyOption]] = [:]
    /// Refuse every option but `pr` (imgproxy's "only presets" mode).
    public var onlyPresets = false
    /// The processor names the `nuke:` option may use (empty: the option is refused).
    public var allowedProcessors: Set<String> = []
    /// The most processors one request may run.
    public var maximumChainLength = 8
    /// The longest path accepted, in bytes.
    public var maximumPathLength = 8192
    /// The largest result width or height, in pixels.
    public var maximumResultDimension = 8192
    /// The quality when the URL gives none.
    public var defaultQuality = 80
    /// Answer with WebP when no format is asked for and the client's `Accept` lists it.
    public var negotiatesWebP = true
    /// How small a decode resizes accept (``ShrinkOnLoadRule``): `.fast`, as thumbnailers do.
    public var shrinkOnLoad = ShrinkOnLoadRule.fast
    /// `Cache-Control: public, max-age=…` of successful responses, in seconds.
    public var cacheMaxAge = 31_536_000
    /// The most requests admitted at once (loading, decoding, processing or waiting for it);
    /// past it, 429.
    public var maximumConcurrentRequests = 256
    /// The longest a request may take; past it, 504.
    public var requestTimeout = Duration.seconds(30)

    /// The defaults, with `signature` (or `nil`).
    public init(signature: URLSignature? = nil) {
        self.signature = signature
    }

    /// Reads a preset as imgproxy writes one: `name=rs:fill:300:300/q:80`.
    ///
    /// - Throws: ``ProxyRequestError/invalidArgument(option:reason:)`` without a name or options.
    public static func preset(parsing text: String) throws(ProxyRequestError) -> (name: String, options: [ProxyOption])
    {
        guard let equals = text.firstIndex(of: "="), equals != text.startIndex else {
            throw .invalidArgument(option: "preset", reason: "name=option/option…, got '\(text)'")
        }
        let options = text[text.index(after: equals)...].split(separator: "/").map(ProxyOption.init(segment:))
        guard !options.isEmpty else { throw .invalidArgument(option: "preset", reason: "at least one option") }
        return (String(text[..<equals]), options)
    }
}
