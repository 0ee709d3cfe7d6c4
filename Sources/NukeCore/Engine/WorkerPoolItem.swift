// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

internal import Synchronization

/// One piece of work submitted to a ``ImagePipeline/WorkerPool``: it runs at most once, and
/// cancelling it before a thread claims it means it never runs.
///
/// The work is dropped as soon as it has run or was cancelled: its owner usually keeps the item
/// (to cancel it) while the work's completion refers back to the owner, and holding the work
/// longer would keep both alive for good.
final class WorkerPoolItem: Sendable {
    private enum State: UInt8 {
        case pending
        case claimed
        case cancelled
    }

    private let work: Mutex<(@Sendable () -> Void)?>
    private let state = Atomic<UInt8>(State.pending.rawValue)
    private let cancellationHandler = Mutex<(@Sendable () -> Void)?>(nil)

    init(work: @escaping @Sendable () -> Void) {
        self.work = Mutex(work)
    }

    /// Called once if the item is cancelled before it runs; set it before anything can cancel.
    var onCancel: (@Sendable () -> Void)? {
        get { cancellationHandler.withLock { $0 } }
        set { cancellationHandler.withLock { $0 = newValue } }
    }

    /// Cancels the item unless a thread already claimed it; returns `true` if it will not run.
    @discardableResult
    func cancel() -> Bool {
        let isCancelled = state.compareExchange(
            expected: State.pending.rawValue,
            desired: State.cancelled.rawValue,
            ordering: .acquiringAndReleasing
        ).exchanged
        if isCancelled {
            _ = work.withLock { $0.take() }
            cancellationHandler.withLock { $0.take() }?()
        }
        return isCancelled
    }

    /// Claims the item for a thread; `false` if it was cancelled.
    func claim() -> Bool {
        state.compareExchange(
            expected: State.pending.rawValue,
            desired: State.claimed.rawValue,
            ordering: .acquiringAndReleasing
        ).exchanged
    }

    /// Runs the work and drops it; call once, after a successful ``claim()``.
    func run() {
        work.withLock { $0.take() }?()
    }
}
