// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

#if canImport(FoundationEssentials)
    internal import FoundationEssentials
#else
    internal import Foundation
#endif

extension ObjectStorageDataCache {
    /// Where a cache keeps its values, how long it waits, and when it leaves the store alone.
    public struct Configuration: Sendable {
        /// The store.
        public var endpoint: ObjectStorageEndpoint
        /// The keys requests are signed with (`nil`: unsigned, for a bucket open to anyone).
        public var credentials: AWSCredentials?
        /// The bucket.
        public let bucket: String
        /// What every object name starts with, such as `nuke/results/`.
        public let keyPrefix: String
        /// The longest a lookup waits for the store before it counts as a miss (and a failure).
        public var operationTimeout: Duration = .milliseconds(500)
        /// The longest a write or a removal may take.
        public var writeTimeout: Duration = .seconds(30)
        /// Values larger than this (with their 24-byte frame and key) are not stored.
        public var maximumValueSize: Int = 64 << 20
        /// Bytes of writes that may wait for the store; past it, a write is dropped (and its key
        /// removed instead, so that an older value is not served).
        public var maximumQueuedBytes: Int = 256 << 20
        /// Writes carried out at once (of different keys).
        public var concurrentWrites: Int = 8
        /// Failures in a row (time-outs, refused connections, 5xx, 403) after which the store
        /// is left alone for a back-off.
        public var failureThreshold: Int = 3
        /// The first back-off.
        public var initialBackoff: Duration = .seconds(1)
        /// The longest back-off; each failed probe doubles it up to this.
        public var maximumBackoff: Duration = .seconds(30)

        /// Values in `bucket` of the store at `endpoint`, named `keyPrefix` and a digest of their
        /// key.
        ///
        /// - Throws: ``ObjectStorageError/invalidBucket(_:)`` for a bucket the store cannot
        ///   name, or a prefix that makes no valid object name (over 900 bytes, or with a `.`
        ///   or `..` segment).
        public init(
            endpoint: ObjectStorageEndpoint,
            credentials: AWSCredentials?,
            bucket: String,
            keyPrefix: String = ""
        ) throws(ObjectStorageError) {
            guard keyPrefix.utf8.count <= 900, ObjectLocation(bucket: bucket, key: keyPrefix + "0") != nil,
                endpoint.addressing == .path || ObjectLocation.isHostLabel(bucket)
            else { throw .invalidBucket("s3://\(bucket)/\(keyPrefix)") }
            self.endpoint = endpoint
            self.credentials = credentials
            self.bucket = bucket
            self.keyPrefix = keyPrefix
        }

        /// Values under `s3://bucket/prefix/` at `endpoint`.
        ///
        /// - Throws: ``ObjectStorageError/invalidBucket(_:)`` for anything but such a URL.
        public init(url text: String, endpoint: ObjectStorageEndpoint, credentials: AWSCredentials?)
            throws(ObjectStorageError)
        {
            guard let components = URLComponents(string: text), components.scheme?.lowercased() == "s3",
                let bucket = components.host, !bucket.isEmpty, components.user == nil, components.port == nil,
                components.query == nil, components.fragment == nil
            else { throw .invalidBucket(text) }
            var prefix = String(components.path.drop { $0 == "/" })
            if !prefix.isEmpty, !prefix.hasSuffix("/") { prefix += "/" }
            try self.init(endpoint: endpoint, credentials: credentials, bucket: bucket, keyPrefix: prefix)
        }
    }

    /// Counts of what a cache has done since it was made, for metrics and diagnostics.
    public struct Statistics: Sendable, Equatable {
        /// Lookups that returned a value.
        public var hits = 0
        /// Lookups that returned `nil` (absent, invalid, or the store not asked or not answering).
        public var misses = 0
        /// Values that failed their checks (truncated, corrupted, foreign, another key's) and
        /// were removed.
        public var invalidValues = 0
        /// Writes the store carried out.
        public var writes = 0
        /// Writes dropped: the store refused them or could not be reached, or the queue was full.
        public var droppedWrites = 0
        /// Values not stored for being over ``Configuration/maximumValueSize``.
        public var oversizeValues = 0
        /// Failed requests: time-outs, refused connections, 5xx and 403 answers.
        public var failures = 0
        /// Times the circuit breaker opened.
        public var breakerOpenings = 0
        /// Times it closed again because the store answered.
        public var recoveries = 0
        /// Requests not sent because the breaker was open.
        public var skippedWhileUnavailable = 0
        /// The last failure, in words.
        public var lastError: String?

        /// Empty statistics.
        public init() {}
    }
}
