// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

/// Counts a pipeline's jobs that are still alive, for tests that check no job outlives its
/// requests (a job kept by a cycle keeps its download and images for good).
///
/// Off by default: pools record nothing until a test calls ``enable()``; the census then holds
/// each job made afterwards weakly.
@ImagePipelineActor
final class JobCensus {
    private struct Entry {
        weak var job: AnyObject?
    }

    private var entries: [Entry]?

    nonisolated init() {}

    /// Starts recording the jobs pools make.
    func enable() {
        if entries == nil { entries = [] }
    }

    /// Records `job` when enabled.
    func record(_ job: AnyObject) {
        entries?.append(Entry(job: job))
    }

    /// The recorded jobs still alive.
    var liveCount: Int {
        entries?.removeAll { $0.job == nil }
        return entries?.count ?? 0
    }
}
