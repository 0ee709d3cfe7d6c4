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

extension Job {
    /// Runs `decode` once the pipeline's decode admission (if any) admits decoding `context`'s
    /// data with `decoder`, with what holds the memory; `refused` gets the admission's error.
    /// Keep the returned task to cancel the wait (`nil`: no admission, `decode` already ran).
    func admittingDecode(
        of context: ImageDecodingContext,
        with decoder: any ImageDecoding,
        services: JobServices,
        refused: @escaping (any Error) -> Void,
        decode: @escaping (DecodeReservation?) -> Void
    ) -> Task<Void, Never>? {
        guard let admission = services.decodeAdmission else {
            decode(nil)
            return nil
        }
        let estimate = decoder.estimatedMemory(for: context.data) ?? context.memoryBudget
        return Task { @ImagePipelineActor in
            let outcome: Result<DecodeReservation, any Error>
            do {
                outcome = .success(try await admission.admit(context, estimatedBytes: estimate))
            } catch {
                outcome = .failure(error)
            }
            guard !self.isDisposed else { return }  // A reservation dropped here is given back.
            switch outcome {
            case .success(let reservation): decode(reservation)
            case .failure(let error): refused(error)
            }
        }
    }
}
