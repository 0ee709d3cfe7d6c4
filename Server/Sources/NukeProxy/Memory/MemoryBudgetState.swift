// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

/// The bookkeeping of a ``MemoryBudget``: the bytes in use and the work waiting for bytes, first
/// in, first out within each priority. Each transition returns what its owner must do.
///
/// Admission is head of the line: while work waits, nothing behind it is admitted, however small,
/// so a large decode is never starved by a stream of small ones.
struct MemoryBudgetState {
    /// The most bytes admitted at once.
    let budget: Int
    /// The most requests that may wait; past it, new work is refused at once.
    let maximumQueueLength: Int
    /// Bytes admitted and not yet given back (decodes, and downloads as they buffer).
    private(set) var bytesInUse = 0
    /// The work waiting, in the order it will be admitted.
    private(set) var queue: [Waiter] = []

    /// One piece of work waiting for bytes.
    struct Waiter: Equatable {
        var id: Int
        var bytes: Int
        var priority: Int
    }

    /// What a request for bytes comes to.
    enum Decision: Equatable {
        /// The bytes are the caller's now.
        case admitted
        /// The caller waits for ``Action/admit(_:)`` or ``Action/refuse(_:_:)`` naming its id.
        case queued
        /// Refused: more than the whole budget, or the queue is full.
        case refused(MemoryBudget.Refusal)
    }

    /// What the owner does after a transition.
    enum Action: Equatable {
        /// Resume the waiter: its bytes are admitted.
        case admit(Int)
        /// Resume the waiter with the refusal.
        case refuse(Int, MemoryBudget.Refusal)
    }

    init(budget: Int, maximumQueueLength: Int) {
        self.budget = max(1, budget)
        self.maximumQueueLength = max(0, maximumQueueLength)
    }

    /// Asks for `bytes` for the work `id`.
    mutating func request(id: Int, bytes: Int, priority: Int) -> Decision {
        guard bytes <= budget else { return .refused(.exceedsBudget(bytes: bytes, budget: budget)) }
        if queue.isEmpty, bytesInUse + bytes <= budget {
            bytesInUse += bytes
            return .admitted
        }
        guard queue.count < maximumQueueLength else { return .refused(.queueFull(length: queue.count)) }
        let position = queue.firstIndex { $0.priority < priority } ?? queue.endIndex
        queue.insert(Waiter(id: id, bytes: bytes, priority: priority), at: position)
        return .queued
    }

    /// Counts `bytes` a download buffered: taken at once, never waiting, so a download in
    /// progress is never stopped; waiting work is admitted only once they are given back.
    mutating func charge(_ bytes: Int) {
        bytesInUse += bytes
    }

    /// Gives `bytes` back; admits the waiters that now fit, in order.
    mutating func release(_ bytes: Int) -> [Action] {
        bytesInUse = max(0, bytesInUse - bytes)
        return admitWaiters()
    }

    /// Ends the wait of `id` (its deadline passed, or it was cancelled) with `refusal`; a waiter
    /// already admitted is not affected. Those behind it may fit now.
    mutating func withdraw(_ id: Int, refusal: MemoryBudget.Refusal) -> [Action] {
        guard let index = queue.firstIndex(where: { $0.id == id }) else { return [] }
        queue.remove(at: index)
        return [.refuse(id, refusal)] + admitWaiters()
    }

    private mutating func admitWaiters() -> [Action] {
        var actions: [Action] = []
        while let first = queue.first, bytesInUse + first.bytes <= budget {
            queue.removeFirst()
            bytesInUse += first.bytes
            actions.append(.admit(first.id))
        }
        return actions
    }
}
