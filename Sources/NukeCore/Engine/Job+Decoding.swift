// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

extension Job {
    /// Runs a decoder's `work` and hands its result to `completion` on the pipeline actor.
    ///
    /// A synchronous decoder (``ImageDecoding/isAsynchronous`` is `false`) runs inline, before
    /// this returns. Any other runs on `workers` in a slot of the decoding queue, off the actor;
    /// `completion` is then skipped if the job was cancelled or disposed meanwhile.
    func runDecoding<Output: Sendable>(
        with decoder: any ImageDecoding,
        on queue: TaskQueue,
        workers: PipelineWorkers,
        _ work: @escaping @Sendable () -> Output,
        completion: @escaping (Output) -> Void
    ) {
        guard decoder.isAsynchronous else {
            completion(work())
            return
        }
        operation = queue.addWork(on: workers, priority: priority, work) { output in
            guard !self.isDisposed else { return }
            self.operation = nil
            completion(output)
        }
    }
}
