// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

import NukeRedis

/// The shared Redis tier's statistics in Prometheus's text format, appended to `/metrics`:
/// whether Redis is being asked, lookups by outcome, writes by outcome, failures and the
/// circuit breaker's openings.
enum RedisMetrics {
    static func text(for cache: RedisDataCache) -> String {
        let s = cache.statistics
        let rows: [(name: String, type: String, help: String, samples: [(labels: String, value: Int)])] = [
            (
                "nuke_redis_available", "gauge", "1 while Redis is asked, 0 while the breaker waits out a back-off",
                [("", cache.isAvailable ? 1 : 0)]
            ),
            (
                "nuke_redis_lookups_total", "counter", "Lookups in Redis by outcome",
                [
                    ("{outcome=\"hit\"}", s.hits), ("{outcome=\"miss\"}", s.misses - s.invalidValues),
                    ("{outcome=\"invalid\"}", s.invalidValues),
                ]
            ),
            (
                "nuke_redis_writes_total", "counter", "Writes to Redis by outcome",
                [("{outcome=\"stored\"}", s.writes), ("{outcome=\"dropped\"}", s.droppedWrites + s.oversizeValues)]
            ),
            (
                "nuke_redis_failures_total", "counter", "Refused connections, I/O errors and time-outs",
                [("", s.failures)]
            ),
            (
                "nuke_redis_breaker_openings_total", "counter", "Times Redis was left alone after failures",
                [("", s.breakerOpenings)]
            ),
            (
                "nuke_redis_skipped_total", "counter", "Operations not sent while the breaker was open",
                [("", s.skippedWhileUnavailable)]
            ),
        ]
        return rows.map { row in
            "# HELP \(row.name) \(row.help)\n# TYPE \(row.name) \(row.type)\n"
                + row.samples.map { "\(row.name)\($0.labels) \($0.value)\n" }.joined()
        }.joined()
    }
}
