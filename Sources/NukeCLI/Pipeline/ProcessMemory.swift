// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

import Foundation

/// The process's own memory, from `/proc/self/status`.
enum ProcessMemory {
    /// The peak resident set size (`VmHWM`) in bytes; `nil` where `/proc` is unavailable.
    static var peakResidentBytes: Int64? {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return nil }
        for line in status.split(separator: "\n") where line.hasPrefix("VmHWM:") {
            let kilobytes = line.dropFirst("VmHWM:".count).split(whereSeparator: \.isWhitespace).first.flatMap {
                Int64($0)
            }
            return kilobytes.map { $0 * 1024 }
        }
        return nil
    }
}
