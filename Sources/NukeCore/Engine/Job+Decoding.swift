// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

extension Job {
    /// Runs a decoder's `work` and hands its result to `completion` on the pipeline actor.
    ///
    /// A synchronous decoder (``ImageDecoding/isAsynchronous`` is `false`) runs inline, before
    /// this returns. Any other runs on `workers` in a slot of the decoding queue, off the actor;
    /// `completion` is then skipped if the job was cancelled or disposed meanwhile. With a
    /// `timer`, the decode is reported, as succeeded when `isSuccess` says so of its output.
    func runDecoding<Output: Sendable>(
        with decoder: any ImageDecoding,
        on queue: TaskQueue,
        workers: PipelineWorkers,
        timer: StageTimer? = nil,
        isSuccess: @escaping (Output) -> Bool = { _ in true },
        _ work: @escaping @Sendable () -> Output,
        completion: @escaping (Output) -> Void
    ) {
        let finish = { (output: Output, span: StageTimer.Span?) in
            timer.report(span, isSuccess: isSuccess(output))
            completion(output)
        }
        guard decoder.isAsynchronous else {
            let (output, span) = timer.timed(work)
            finish(output, span)
            return
        }
        operation = queue.addWork(on: workers, priority: priority, { timer.timed(work) }) { output, span in
            guard !self.isDisposed else { return }
            self.operation = nil
            finish(output, span)
        }
    }
}
