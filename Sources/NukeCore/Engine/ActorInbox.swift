// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

internal import Synchronization

/// Carries completions from worker threads to the pipeline actor in batches: at most one hop to
/// the actor is pending however many completions arrive meanwhile.
package final class ActorInbox: Sendable {
    package typealias Work = @ImagePipelineActor @Sendable () -> Void

    private let pending = Mutex(PendingBatch<Work>(isDrainPending: false))

    /// An inbox with nothing posted.
    package init() {}

    /// Runs `work` on the actor, after the work posted before it.
    package func post(_ work: @escaping Work) {
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
