// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

import Nuke
import NukeRedis
import ServiceLifecycle

/// The disk caches as a service: from the moment the server stops (gracefully, or because
/// another service failed) it writes their staged entries to disk. Placed before the HTTP
/// server in the service group, it stops after it, once requests in flight have finished.
struct CacheFlushService: Service {
    let caches: [any DataCaching]

    func run() async {
        try? await gracefulShutdown()
        for cache in caches { await cache.flush() }
    }
}

/// The shared tiers (Redis, buckets) as a service: their writes are carried out and their
/// threads end when the server stops, after the caches in front of them have written what they
/// hold.
struct SharedTierService: Service {
    let shutdowns: [@Sendable () async -> Void]

    func run() async {
        try? await gracefulShutdown()
        for shutdown in shutdowns { await shutdown() }
    }
}
