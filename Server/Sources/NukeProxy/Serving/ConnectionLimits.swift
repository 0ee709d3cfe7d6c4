// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// How long an HTTP connection may take to send a request or to start the next one, and how many
/// may be open at once: the defence against clients that hold connections open (slowloris), with
/// imgproxy's defaults.
public struct ConnectionLimits: Hashable, Sendable {
    /// The longest a client may take to send a request's head, from when the connection opens or
    /// the client starts sending the next request; then the connection is closed (imgproxy's
    /// `IMGPROXY_READ_REQUEST_TIMEOUT`, 10 s).
    public var readRequestTimeout: Duration
    /// The longest a connection may wait for the next request after a response; then it is
    /// closed (imgproxy's `IMGPROXY_KEEP_ALIVE_TIMEOUT`, 10 s).
    public var keepAliveTimeout: Duration
    /// The most connections open at once; one accepted past it is closed at once, before anything
    /// is read (``defaultMaximumConnections`` by default).
    public var maximumConnections: Int

    /// Creates limits; the defaults are imgproxy's time-outs and ``defaultMaximumConnections``.
    public init(
        readRequestTimeout: Duration = .seconds(10),
        keepAliveTimeout: Duration = .seconds(10),
        maximumConnections: Int = ConnectionLimits.defaultMaximumConnections
    ) {
        self.readRequestTimeout = readRequestTimeout
        self.keepAliveTimeout = keepAliveTimeout
        self.maximumConnections = maximumConnections
    }

    /// Descriptors kept back from connections, for the caches, the origins' connections and logs.
    public static let reservedDescriptors = 256

    /// The process's descriptor limit (`ulimit -n`, its soft limit) less
    /// ``reservedDescriptors`` — half the limit when it is that small — at most 10,000: so that
    /// clients can never take every descriptor.
    public static var defaultMaximumConnections: Int {
        let limit = descriptorLimit
        let available = limit > 2 * reservedDescriptors ? limit - reservedDescriptors : limit / 2
        return max(1, min(10_000, available))
    }

    /// The process's soft limit on open descriptors.
    public static var descriptorLimit: Int {
        var limit = rlimit()
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0 else { return 1024 }
        return Int(clamping: min(limit.rlim_cur, rlim_t(Int32.max)))
    }

    /// Raises the process's soft descriptor limit to its hard limit, as Go's runtime does for
    /// imgproxy; returns the limit now in force.
    @discardableResult
    public static func raiseDescriptorLimit() -> Int {
        var limit = rlimit()
        if getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0, limit.rlim_cur < limit.rlim_max {
            limit.rlim_cur = limit.rlim_max
            _ = setrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
        }
        return descriptorLimit
    }
}

/// The connections open now, shared by every connection of one server.
package final class ConnectionCount: Sendable {
    private let count = Atomic<Int>(0)

    /// The number open.
    package var current: Int { count.load(ordering: .relaxed) }

    /// Counts one more if fewer than `limit` are open; `false` if the limit is reached.
    package func open(limit: Int) -> Bool {
        var current = count.load(ordering: .relaxed)
        while current < limit {
            let (exchanged, original) = count.compareExchange(
                expected: current,
                desired: current + 1,
                ordering: .acquiringAndReleasing
            )
            if exchanged { return true }
            current = original
        }
        return false
    }

    /// Counts one fewer.
    package func close() {
        count.subtract(1, ordering: .acquiringAndReleasing)
    }
}
