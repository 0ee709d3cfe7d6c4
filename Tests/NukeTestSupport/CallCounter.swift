// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

internal import Synchronization

/// Numbers calls from any thread: the first call gets 0, the next 1, … — for route handlers that
/// answer differently on each attempt.
public final class CallCounter: Sendable {
    private let count = Mutex(0)

    /// Creates a counter at 0.
    public init() {}

    /// This call's number.
    public func next() -> Int {
        count.withLock { count in
            defer { count += 1 }
            return count
        }
    }
}
