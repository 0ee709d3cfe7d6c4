// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

import ArgumentParser
import Foundation

/// Byte counts as people read them.
enum ByteCount {
    static func format(_ bytes: Int64) -> String {
        switch bytes {
        case ..<1024: "\(bytes) B"
        case ..<(1024 * 1024): String(format: "%.1f KB", Double(bytes) / 1024)
        case ..<(1024 * 1024 * 1024): String(format: "%.1f MB", Double(bytes) / 1024 / 1024)
        default: String(format: "%.2f GB", Double(bytes) / 1024 / 1024 / 1024)
        }
    }
}

/// `count` and `noun`, the noun in the plural unless `count` is 1: "1 request", "2 requests".
func counted(_ count: Int, _ noun: String, plural: String? = nil) -> String {
    "\(count) \(count == 1 ? noun : plural ?? noun + "s")"
}

/// A size given on the command line: a whole number of bytes, optionally followed by K, M or G
/// (powers of 1024), such as `64M`.
struct ByteSize: ExpressibleByArgument, Sendable {
    let bytes: Int

    init?(argument: String) {
        let units: [Character: Int] = ["K": 1 << 10, "M": 1 << 20, "G": 1 << 30]
        var digits = Substring(argument)
        var unit = 1
        if let last = digits.last?.uppercased().first, let multiplier = units[last] {
            unit = multiplier
            digits = digits.dropLast()
        }
        guard let value = Int(digits), value >= 0 else { return nil }
        let (bytes, overflow) = value.multipliedReportingOverflow(by: unit)
        guard !overflow else { return nil }
        self.bytes = bytes
    }
}
