// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

extension ImageRequest {
    /// How urgently a request is served. Queued work runs highest priority first.
    public enum Priority: Int, Comparable, CaseIterable, Sendable, CustomStringConvertible {
        /// Lowest; for speculative work.
        case veryLow = 0
        /// Below normal; the prefetcher's default.
        case low
        /// The default.
        case normal
        /// Above normal.
        case high
        /// Highest.
        case veryHigh

        /// Compares by urgency.
        public static func < (lhs: Priority, rhs: Priority) -> Bool {
            lhs.rawValue < rhs.rawValue
        }

        /// The case name.
        public var description: String {
            switch self {
            case .veryLow: "veryLow"
            case .low: "low"
            case .normal: "normal"
            case .high: "high"
            case .veryHigh: "veryHigh"
            }
        }
    }
}
