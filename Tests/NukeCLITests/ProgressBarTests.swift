// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

import Testing

@testable import NukeCLI

@Suite struct ProgressBarRenderingTests {
    @Test("Percentage, files, bytes, rate and time left at the pace so far")
    func midway() {
        let bar = ProgressBar(completed: 3, total: 10, bytes: 3 << 20, elapsed: .seconds(6))
        #expect(bar.render(width: 10) == "[###-------]  30%  3/10 files  3.0 MB  512.0 KB/s  0:14 left")
    }

    @Test("Before anything finishes the time left is unknown")
    func start() {
        let bar = ProgressBar(completed: 0, total: 1, bytes: 0, elapsed: .zero)
        #expect(bar.render(width: 4) == "[----]   0%  0/1 file  0 B  -- B/s  --:-- left")
    }

    @Test("Done, and long runs in hours")
    func doneAndHours() {
        #expect(
            ProgressBar(completed: 2, total: 2, bytes: 10, elapsed: .seconds(1)).render(width: 2)
                == "[##] 100%  2/2 files  10 B  10 B/s  0:00 left"
        )
        #expect(
            ProgressBar(completed: 1, total: 3, bytes: 0, elapsed: .seconds(3600)).render(width: 3)
                .hasSuffix("2:00:00 left")
        )
    }
}

@Suite struct SummaryWordingTests {
    @Test("Counts take the singular for one")
    func plurals() {
        #expect(counted(1, "request") == "1 request")
        #expect(counted(0, "download") == "0 downloads")
        #expect(counted(2, "entry", plural: "entries") == "2 entries")
    }

    @Test("Local files say nothing of downloads; revalidations are not downloads")
    func summaryLine() {
        var statistics = RunStatistics.Snapshot()
        statistics.requests = 1
        let local = FetchSummary(files: [], statistics: statistics, elapsed: .seconds(1))
        #expect(!local.line.contains("download"))
        #expect(local.line.contains("1 request;") || local.line.contains("1 request."))

        statistics.requests = 19
        statistics.fetches = 19
        statistics.transfersStarted = 19
        statistics.transfers = 19
        statistics.notModified = 19
        let warm = FetchSummary(files: [], statistics: statistics, elapsed: .seconds(1))
        #expect(warm.line.contains("19 requests, 0 downloads (0 B), 19 not modified"), "\(warm.line)")
    }
}
