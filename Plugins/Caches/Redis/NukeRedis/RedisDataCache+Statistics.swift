// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

extension RedisDataCache {
    /// Counts of what a cache has done since it was made, for metrics and diagnostics.
    public struct Statistics: Sendable, Equatable {
        /// Lookups that returned a value.
        public var hits = 0
        /// Lookups that returned `nil` (absent, invalid, or Redis not asked or not answering).
        public var misses = 0
        /// Values that failed their checks (truncated, corrupted, foreign, another key's) and
        /// were deleted.
        public var invalidValues = 0
        /// Writes Redis carried out.
        public var writes = 0
        /// Writes dropped: Redis refused them (`OOM`, `READONLY`) or could not be reached, or
        /// the queue of writes was full (then the key is removed instead).
        public var droppedWrites = 0
        /// Values not stored for being over ``Configuration/maximumValueSize``.
        public var oversizeValues = 0
        /// Failed operations: refused connections, I/O errors, time-outs, a server unable to serve.
        public var failures = 0
        /// Times the circuit breaker opened.
        public var breakerOpenings = 0
        /// Times it closed again because Redis answered.
        public var recoveries = 0
        /// Operations not sent because the breaker was open.
        public var skippedWhileUnavailable = 0
        /// Lookups that found every connection in use (misses).
        public var poolExhausted = 0
        /// Connections made.
        public var connectionsOpened = 0
        /// The last error Redis or the connection reported.
        public var lastError: String?

        /// Empty statistics.
        public init() {}
    }
}
