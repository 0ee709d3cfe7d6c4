// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

#if canImport(FoundationEssentials)
    internal import FoundationEssentials
#else
    internal import Foundation
#endif

extension RedisDataCache {
    /// Where Redis listens.
    public enum Endpoint: Hashable, Sendable, CustomStringConvertible {
        /// A host name or address and a port.
        case tcp(host: String, port: Int)
        /// A unix socket's path.
        case unixSocket(path: String)

        /// `host:port` or the socket's path.
        public var description: String {
            switch self {
            case .tcp(let host, let port): host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)"
            case .unixSocket(let path): path
            }
        }
    }

    /// How to reach Redis and how to use it.
    public struct Configuration: Sendable {
        /// Where Redis listens.
        public var endpoint: Endpoint
        /// The ACL user of `AUTH user password`; `nil` for `AUTH password` (the `default` user).
        public var username: String?
        /// The password; `nil` sends no `AUTH`.
        public var password: String?
        /// The database number (`SELECT`); 0 by default.
        public var database: Int = 0
        /// Put before every key, so that several caches (and other programs) share one Redis;
        /// `removeAll()` removes the keys with this prefix only. `nuke:` by default.
        public var keyPrefix: String = "nuke:"
        /// How long an entry lives (Redis expires it); `nil` keeps it until Redis evicts it.
        /// Seven days by default.
        public var timeToLive: Duration? = .seconds(7 * 24 * 3600)
        /// The longest a connection attempt may take. 250 ms by default.
        public var connectTimeout: Duration = .milliseconds(250)
        /// The longest any read from or write to Redis may block: the most a cache lookup can
        /// add to an image request. 100 ms by default.
        public var operationTimeout: Duration = .milliseconds(100)
        /// Larger values are not stored (a store of one removes the old value). 16 MiB by default.
        public var maximumValueSize: Int = 16 << 20
        /// The most connections open at once; a lookup that finds none free is a miss.
        /// 16 by default.
        public var maximumConnections: Int = 16
        /// The most bytes of writes waiting for Redis; past it, stores become removals.
        /// 64 MiB by default.
        public var maximumQueuedBytes: Int = 64 << 20
        /// Failures in a row (errors, time-outs, refused connections) after which Redis is left
        /// alone for a back-off: lookups miss and writes are dropped at once. 3 by default.
        public var failureThreshold: Int = 3
        /// The first back-off; each failed retry doubles it. 500 ms by default.
        public var initialBackoff: Duration = .milliseconds(500)
        /// The longest back-off. 30 s by default.
        public var maximumBackoff: Duration = .seconds(30)

        /// A configuration for `endpoint` with the defaults.
        public init(endpoint: Endpoint) {
            self.endpoint = endpoint
        }

        /// A configuration from a URL: `redis://[[user]:password@]host[:port][/database]` or
        /// `unix:///path/to/redis.sock[?db=N&user=U&password=P]`, percent-encoded where needed.
        ///
        /// - Throws: ``RedisConfigurationError`` for another scheme, a missing host or path, or a
        ///   database or port that is not a number in range.
        public init(url text: String) throws(RedisConfigurationError) {
            guard let components = URLComponents(string: text), let scheme = components.scheme?.lowercased() else {
                throw .invalidURL(text, reason: "not a URL")
            }
            let query = Dictionary(
                (components.queryItems ?? []).map { ($0.name, $0.value ?? "") },
                uniquingKeysWith: { $1 }
            )
            switch scheme {
            case "redis":
                guard let host = components.host, !host.isEmpty else { throw .invalidURL(text, reason: "no host") }
                let port = components.port ?? 6379
                guard (1...65535).contains(port) else { throw .invalidURL(text, reason: "port \(port)") }
                endpoint = .tcp(host: String(host.filter { $0 != "[" && $0 != "]" }), port: port)
                let path = String(components.path.drop { $0 == "/" })
                if !path.isEmpty {
                    guard let number = Int(path), number >= 0 else {
                        throw .invalidURL(text, reason: "database '\(path)' is not a number")
                    }
                    database = number
                }
                username = components.user.flatMap { $0.isEmpty ? nil : $0 }
                password = components.password
            case "unix":
                guard !components.path.isEmpty else { throw .invalidURL(text, reason: "no socket path") }
                endpoint = .unixSocket(path: components.path)
                username = query["user"]
                password = query["password"]
            default:
                throw .invalidURL(text, reason: "the scheme is redis:// or unix://, not \(scheme)://")
            }
            if let db = query["db"] {
                guard let number = Int(db), number >= 0 else {
                    throw .invalidURL(text, reason: "database '\(db)' is not a number")
                }
                database = number
            }
        }
    }
}

/// Why a Redis configuration cannot be used.
public enum RedisConfigurationError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The URL cannot be read; the reason says why.
    case invalidURL(String, reason: String)

    /// A sentence naming the URL (without its password) and the reason.
    public var description: String {
        switch self {
        case .invalidURL(let url, let reason):
            let shown =
                URLComponents(string: url).map { components -> String in
                    var components = components
                    if components.password != nil { components.password = "***" }
                    return components.string ?? url
                } ?? url
            return "'\(shown)' is not a Redis URL: \(reason)"
        }
    }
}
