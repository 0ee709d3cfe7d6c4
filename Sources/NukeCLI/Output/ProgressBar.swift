// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

import Foundation

/// The progress line `nuke fetch` redraws on a terminal:
/// `[#######-----------------]  30%  3/10 files  1.2 MB  410.0 KB/s  0:07 left`.
struct ProgressBar {
    /// Files finished (saved or failed).
    var completed: Int
    /// Files in all.
    var total: Int
    /// Bytes received so far.
    var bytes: Int64
    /// Time since the run started.
    var elapsed: Duration

    /// The line, without a line ending; `width` is the bar's width in characters.
    func render(width: Int = 24) -> String {
        let fraction = total == 0 ? 1 : Double(completed) / Double(total)
        let filled = min(width, Int((Double(width) * fraction).rounded(.down)))
        let bar = String(repeating: "#", count: filled) + String(repeating: "-", count: width - filled)
        let percent = String(format: "%3d%%", Int((fraction * 100).rounded(.down)))
        let files = "\(completed)/\(total) \(total == 1 ? "file" : "files")"
        return "[\(bar)] \(percent)  \(files)  \(ByteCount.format(bytes))  \(rate)  \(timeLeft)"
    }

    /// Bytes per second since the start.
    private var rate: String {
        let seconds = elapsed.seconds
        guard seconds > 0 else { return "-- B/s" }
        return ByteCount.format(Int64(Double(bytes) / seconds)) + "/s"
    }

    /// The time left at the pace of the files finished so far.
    private var timeLeft: String {
        guard completed > 0 else { return "--:-- left" }
        guard completed < total else { return "0:00 left" }
        let seconds = Int((elapsed.seconds / Double(completed) * Double(total - completed)).rounded(.up))
        let clock =
            seconds >= 3600
            ? String(format: "%d:%02d:%02d", seconds / 3600, seconds / 60 % 60, seconds % 60)
            : String(format: "%d:%02d", seconds / 60, seconds % 60)
        return clock + " left"
    }
}
