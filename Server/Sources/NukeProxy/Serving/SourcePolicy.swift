// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

public import Foundation

/// Which source URLs the proxy fetches: `http` and `https` URLs matching an allowed source (any,
/// when none is configured), `s3://bucket/key` objects likewise when object storage is on, and
/// `local:///<path>` under a local folder when one is configured.
///
/// The loader's address policy is a second, independent check on where connections go.
public struct SourcePolicy: Sendable {
    /// A scheme, a host (`*.example.com` matches its subdomains) and a path prefix; for object
    /// storage, `s3`, a bucket and a key prefix.
    public struct AllowedSource: Hashable, Sendable, CustomStringConvertible {
        /// `http`, `https` or `s3`.
        public var scheme: String
        /// The host, or `*.` and a domain; the bucket of an `s3` source.
        public var host: String
        /// The port, or `nil` for the scheme's default.
        public var port: Int?
        /// The path every source must start with (`/` for any).
        public var pathPrefix: String

        /// An allowed source from a URL such as `https://images.example.com/public/` or
        /// `s3://bucket/public/`.
        ///
        /// - Throws: ``SourcePolicyError`` for anything but an `http`, `https` or `s3` URL with a
        ///   host (a bucket).
        public init(parsing text: String) throws(SourcePolicyError) {
            guard let components = URLComponents(string: text.replacingOccurrences(of: "://*.", with: "://wildcard.")),
                let scheme = components.scheme?.lowercased(), ["http", "https", "s3"].contains(scheme),
                var host = components.host?.lowercased(), !host.isEmpty
            else { throw .invalidAllowedSource(text) }
            if text.contains("://*.") { host = "*." + host.dropFirst("wildcard.".count) }
            self.scheme = scheme
            self.host = host
            self.port = components.port
            self.pathPrefix = components.path.isEmpty ? "/" : components.path
        }

        /// Whether `url` (already checked to have no `..` segments) is under this source.
        func matches(_ url: URLComponents) -> Bool {
            guard url.scheme?.lowercased() == scheme, let urlHost = url.host?.lowercased() else { return false }
            let hostMatches =
                host.hasPrefix("*.")
                ? urlHost.hasSuffix(host.dropFirst(1)) && urlHost.count > host.count - 1 : urlHost == host
            let defaultPort = scheme == "https" ? 443 : 80
            return hostMatches && (url.port ?? defaultPort) == (port ?? defaultPort) && url.path.hasPrefix(pathPrefix)
        }

        /// The source as a URL prefix.
        public var description: String {
            "\(scheme)://\(host)\(port.map { ":\($0)" } ?? "")\(pathPrefix)"
        }
    }

    /// The allowed remote sources; empty allows every `http` and `https` URL.
    public var allowedSources: [AllowedSource]
    /// The folder `local:///` sources are read from, or `nil` to refuse them.
    public var localRoot: URL?
    /// Whether `s3://bucket/key` sources are read (imgproxy's `IMGPROXY_USE_S3`); the loader
    /// for them is registered for the `s3` scheme.
    public var allowsObjectStorage: Bool
    /// A prefix for sources that do not start with it (imgproxy's `IMGPROXY_BASE_URL`), joined
    /// with one `/`, so URLs can name `images/a.jpg` for `https://cdn.example.com/images/a.jpg`.
    /// The joined URL is checked like any other.
    public var baseURL: String?

    /// A policy allowing `allowedSources` (every remote source when empty), `s3` objects when
    /// `allowsObjectStorage` and, if given, local files under `localRoot`; sources without the
    /// `baseURL` prefix get it.
    public init(
        allowedSources: [AllowedSource] = [],
        localRoot: URL? = nil,
        baseURL: String? = nil,
        allowsObjectStorage: Bool = false
    ) {
        self.allowedSources = allowedSources
        self.allowsObjectStorage = allowsObjectStorage
        self.localRoot = localRoot?.standardizedFileURL.resolvingSymlinksInPath()
        self.baseURL = baseURL
    }

    /// The URL to load for `source`.
    ///
    /// - Throws: ``ProxyRequestError/sourceNotAllowed(_:)`` for any other scheme, a path with
    ///   `..` segments, a URL outside the allowed sources, or a local file outside the folder.
    public func url(for source: String) throws(ProxyRequestError) -> URL {
        var source = source
        if let baseURL, !source.hasPrefix(baseURL) {
            // A slash between them, so a source cannot extend the base's host (`.evil.com/…`).
            source = (baseURL.hasSuffix("/") ? baseURL : baseURL + "/") + source.drop { $0 == "/" }
        }
        guard let components = URLComponents(string: source), let scheme = components.scheme?.lowercased() else {
            throw .sourceNotAllowed(source)
        }
        guard !components.path.split(separator: "/").contains(where: { $0 == ".." || $0 == "." }) else {
            throw .sourceNotAllowed(source)
        }
        if scheme == "local" {
            guard let localRoot, components.host?.isEmpty ?? true else { throw .sourceNotAllowed(source) }
            let file = localRoot.appendingPathComponent(components.path).standardizedFileURL.resolvingSymlinksInPath()
            guard file.path.hasPrefix(localRoot.path + "/") else { throw .sourceNotAllowed(source) }
            return file
        }
        let remote = ["http", "https"] + (allowsObjectStorage ? ["s3"] : [])
        guard remote.contains(scheme), components.host?.isEmpty == false, components.user == nil,
            let url = components.url
        else { throw .sourceNotAllowed(source) }
        guard allowedSources.isEmpty || allowedSources.contains(where: { $0.matches(components) }) else {
            throw .sourceNotAllowed(source)
        }
        return url
    }

    /// Whether a redirect to `url` may be followed: an `http` or `https` URL this policy allows as
    /// a source. Give it to the loader (`CurlDataLoader.Configuration.isRedirectAllowed`) so that
    /// every hop is checked, not only the URL a request names.
    public func allowsRedirect(to url: URL) -> Bool {
        guard ["http", "https"].contains(url.scheme?.lowercased() ?? "") else { return false }
        return (try? self.url(for: url.absoluteString)) != nil
    }
}

/// A source policy setting that cannot be read.
public enum SourcePolicyError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Not an `http`, `https` or `s3` URL with a host.
    case invalidAllowedSource(String)

    /// A sentence for the operator.
    public var description: String {
        switch self {
        case .invalidAllowedSource(let text): "'\(text)' is not an http, https or s3 URL with a host"
        }
    }
}
