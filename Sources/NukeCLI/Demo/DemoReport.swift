// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

import Foundation

/// Prints the demo's passes as a table.
enum DemoReport {
    static func printTable(_ passes: [(name: String, pass: DemoWorkload.Pass)]) {
        let header = [
            "pass", "requests", "server", "downloads", "bytes", "coalesced", "memory", "HTTP cache", "p50", "p95",
            "time",
        ]
        var rows = [header]
        for (name, pass) in passes {
            let statistics = pass.statistics
            rows.append([
                name,
                "\(statistics.requests)",
                "\(pass.serverRequests)",
                "\(statistics.transfers)",
                ByteCount.format(statistics.bytes),
                "\(statistics.coalescedRequests)",
                "\(statistics.memoryCacheHits)",
                "\(statistics.httpCacheHits)",
                milliseconds(statistics.latency(percentile: 0.5)),
                milliseconds(statistics.latency(percentile: 0.95)),
                milliseconds(pass.elapsed.seconds),
            ])
        }
        let widths = header.indices.map { column in rows.map { $0[column].count }.max() ?? 0 }
        for row in rows {
            let cells = row.enumerated().map { column, cell in
                column == 0
                    ? cell.padding(toLength: widths[column], withPad: " ", startingAt: 0)
                    : String(repeating: " ", count: widths[column] - cell.count) + cell
            }
            Standard.output(cells.joined(separator: "  "))
        }
        Standard.output("")
        Standard.output("server: requests the loopback server received; downloads: transfers the loader completed;")
        Standard.output("coalesced: requests that shared another request's download; memory / HTTP cache: requests")
        Standard.output("answered by the memory cache, and downloads the HTTP cache answered without the network.")
    }

    private static func milliseconds(_ seconds: Double?) -> String {
        guard let seconds else { return "-" }
        return seconds < 0.01 ? String(format: "%.2f ms", seconds * 1000) : String(format: "%.0f ms", seconds * 1000)
    }
}
