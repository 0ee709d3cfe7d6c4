// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

internal import Synchronization

/// Carries completions from worker threads to the pipeline actor in batches: at most one hop to
/// the actor is pending however many completions arrive meanwhile.
final class ActorInbox: Sendable {
    typealias Work = @ImagePipelineActor @Sendable () -> Void

    private let pending = Mutex(PendingBatch<Work>(isDrainPending: false))

    /// Runs `work` on the actor, after the work posted before it.
    func post(_ work: @escaping Work) {
        if pending.withLock({ $0.append(work) }) {
            Task { @ImagePipelineActor in self.drain() }
        }
    }

    @ImagePipelineActor
    private func drain() {
        while true {
            let batch = pending.withLock { $0.takeAll() }
            guard !batch.isEmpty else { return }
            for work in batch { work() }
        }
    }
}
