// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

public import NukeCore

extension ImageTask {
    /// Whether the download reaches `completed` bytes, read from the task's progress stream (which
    /// replays the progress so far, then every change): an awaited event, not a poll. `false` when
    /// the task finishes first.
    @discardableResult
    public func progress(reaching completed: Int64) async -> Bool {
        for await progress in self.progress where progress.completed >= completed { return true }
        return status.progress.completed >= completed
    }
}
