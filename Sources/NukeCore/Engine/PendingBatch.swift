// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

/// Work handed to the pipeline actor from any thread, in batches: the list and the "a drain is
/// scheduled" flag that together allow at most one hop to the actor at a time. Keep it inside a
/// lock; the owner schedules the drain when ``append(_:)`` says so.
struct PendingBatch<Element> {
    private var elements: [Element] = []
    private var isDrainPending: Bool

    /// - Parameter isDrainPending: `true` if the owner will drain without being asked (it is
    ///   about to drain anyway), so the first appends schedule nothing.
    init(isDrainPending: Bool) {
        self.isDrainPending = isDrainPending
    }

    /// Appends; returns `true` if the caller must schedule a drain (none is pending yet).
    mutating func append(_ element: Element) -> Bool {
        elements.append(element)
        guard !isDrainPending else { return false }
        isDrainPending = true
        return true
    }

    /// Takes every element; when there are none, the pending drain is over.
    mutating func takeAll() -> [Element] {
        if elements.isEmpty { isDrainPending = false }
        let batch = elements
        elements = []
        return batch
    }

    /// Drops every element.
    mutating func removeAll() {
        elements = []
    }
}
