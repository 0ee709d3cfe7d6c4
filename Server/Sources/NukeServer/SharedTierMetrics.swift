// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

import Nuke
import NukeRedis

/// The shared tiers' statistics in Prometheus's text format, appended to `/metrics`: whether
/// each store is being asked, lookups and writes by outcome, failures and the circuit breaker's
/// openings — `nuke_redis_…` for Redis, `nuke_object_storage_…{tier}` for each bucket tier.
enum SharedTierMetrics {
    /// One tier's counts.
    struct Counts {
        var isAvailable: Bool
        var hits, misses, invalidValues, writes, droppedWrites, failures, breakerOpenings, skipped: Int
        /// Bytes of writes waiting, when the store says.
        var queuedBytes: Int?
    }

    /// The text for `redis` and the bucket tiers (`results`, `originals`).
    static func text(redis: RedisDataCache?, buckets: [(tier: String, cache: ObjectStorageDataCache)]) -> String {
        var text = ""
        if let redis {
            let s = redis.statistics
            let counts = Counts(
                isAvailable: redis.isAvailable,
                hits: s.hits,
                misses: s.misses,
                invalidValues: s.invalidValues,
                writes: s.writes,
                droppedWrites: s.droppedWrites + s.oversizeValues,
                failures: s.failures,
                breakerOpenings: s.breakerOpenings,
                skipped: s.skippedWhileUnavailable
            )
            text += self.text(prefix: "nuke_redis", store: "Redis", series: [("", counts)])
        }
        let series = buckets.map { tier, cache in
            let s = cache.statistics
            return (
                "tier=\"\(tier)\"",
                Counts(
                    isAvailable: cache.isAvailable,
                    hits: s.hits,
                    misses: s.misses,
                    invalidValues: s.invalidValues,
                    writes: s.writes,
                    droppedWrites: s.droppedWrites + s.oversizeValues,
                    failures: s.failures,
                    breakerOpenings: s.breakerOpenings,
                    skipped: s.skippedWhileUnavailable,
                    queuedBytes: cache.queuedBytes
                )
            )
        }
        if !series.isEmpty { text += self.text(prefix: "nuke_object_storage", store: "the bucket", series: series) }
        return text
    }

    /// Rows for one kind of store, a sample per series (its labels, without braces).
    private static func text(prefix: String, store: String, series: [(labels: String, counts: Counts)]) -> String {
        let rows: [(name: String, type: String, help: String, samples: (String, Counts) -> [(String, Int)])] = [
            (
                "available", "gauge", "1 while \(store) is asked, 0 while the breaker waits out a back-off",
                { labels, c in [(labels, c.isAvailable ? 1 : 0)] }
            ),
            (
                "lookups_total", "counter", "Lookups in \(store) by outcome",
                { labels, c in
                    [
                        (join(labels, "outcome=\"hit\""), c.hits),
                        (join(labels, "outcome=\"miss\""), c.misses - c.invalidValues),
                        (join(labels, "outcome=\"invalid\""), c.invalidValues),
                    ]
                }
            ),
            (
                "writes_total", "counter", "Writes to \(store) by outcome",
                { labels, c in
                    [
                        (join(labels, "outcome=\"stored\""), c.writes),
                        (join(labels, "outcome=\"dropped\""), c.droppedWrites),
                    ]
                }
            ),
            (
                "failures_total", "counter", "Refused connections, I/O errors, time-outs and refusals",
                { labels, c in [(labels, c.failures)] }
            ),
            (
                "breaker_openings_total", "counter", "Times \(store) was left alone after failures",
                { labels, c in [(labels, c.breakerOpenings)] }
            ),
            (
                "skipped_total", "counter", "Operations not sent while the breaker was open",
                { labels, c in [(labels, c.skipped)] }
            ),
            (
                "queued_bytes", "gauge", "Bytes of writes waiting for \(store)",
                { labels, c in c.queuedBytes.map { [(labels, $0)] } ?? [] }
            ),
        ]
        return rows.compactMap { row in
            let name = "\(prefix)_\(row.name)"
            let samples = series.flatMap { row.samples($0.labels, $0.counts) }
            guard !samples.isEmpty else { return nil }
            return "# HELP \(name) \(row.help)\n# TYPE \(name) \(row.type)\n"
                + samples.map { "\(name)\($0.0.isEmpty ? "" : "{\($0.0)}") \($0.1)\n" }.joined()
        }.joined()
    }

    private static func join(_ labels: String, _ label: String) -> String {
        labels.isEmpty ? label : "\(labels),\(label)"
    }
}
