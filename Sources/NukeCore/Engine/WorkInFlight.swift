// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

internal import Synchronization

/// Counts unfinished work and lets callers wait until there is none: a pipeline's work on its
/// worker pool (decodes, processing, encodes, disk-cache reads and stores) for
/// ``ImagePipeline/flush()``, and its unfinished tasks for
/// ``ImagePipeline/shutdown(cancellingTasks:)``.
final class WorkInFlight: Sendable {
    private struct State {
        var count = 0
        var waiters: [CheckedContinuation<Void, Never>] = []
    }

    private let state = Mutex(State())

    func begin() {
        state.withLock { $0.count += 1 }
    }

    func end() {
        let waiters = state.withLock { state -> [CheckedContinuation<Void, Never>] in
            state.count -= 1
            guard state.count == 0 else { return [] }
            defer { state.waiters.removeAll() }
            return state.waiters
        }
        for waiter in waiters { waiter.resume() }
    }

    /// Returns when nothing is in flight (at once if nothing is).
    func waitUntilIdle() async {
        await withCheckedContinuation { continuation in
            let isIdle = state.withLock { state in
                if state.count > 0 { state.waiters.append(continuation) }
                return state.count == 0
            }
            if isIdle { continuation.resume() }
        }
    }
}

/// Where a pipeline runs work off its actor: its worker pool, counting what is in flight, and the
/// way results come back.
struct PipelineWorkers: Sendable {
    let pool: ImagePipeline.WorkerPool
    let inFlight = WorkInFlight()
    /// Completions of worker-thread work, on their way to the actor.
    let completions = ActorInbox()

    /// Submits `work`, counted until it has run or was cancelled before running.
    @discardableResult
    func submit(_ work: @escaping @Sendable () -> Void) -> WorkerPoolItem {
        inFlight.begin()
        let item = pool.submit {
            work()
            inFlight.end()
        }
        item.onCancel = { inFlight.end() }
        return item
    }

    /// Runs `work` on a worker thread, then `completion` on the actor with its output.
    @discardableResult
    func run<Output: Sendable>(
        _ work: @escaping @Sendable () -> Output,
        then completion: @escaping @ImagePipelineActor @Sendable (Output) -> Void
    ) -> WorkerPoolItem {
        submit {
            let output = work()
            completions.post { completion(output) }
        }
    }
}
