// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

import Synchronization

/// Counts the requests being served and refuses new ones past a limit, so that overload ends
/// in 429 instead of an ever longer queue and ever more memory.
final class AdmissionGate: Sendable {
    private let limit: Int
    private let admitted = Mutex(0)

    init(limit: Int) {
        self.limit = max(1, limit)
    }

    /// Admits one request, or returns `false` when `limit` are already in.
    func enter() -> Bool {
        admitted.withLock { count in
            guard count < limit else { return false }
            count += 1
            return true
        }
    }

    /// Ends an admitted request.
    func leave() {
        admitted.withLock { $0 -= 1 }
    }

    /// The requests in at this moment.
    var count: Int { admitted.withLock { $0 } }
}
