// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

internal import Synchronization

/// A running image load: observe it, await it, re-prioritise or cancel it.
///
/// Created by ``ImagePipeline/imageTask(with:)-(ImageRequest)``; it starts at once. The pipeline
/// keeps it alive until it finishes, so you need not.
///
/// ```swift
/// let task = pipeline.imageTask(with: request)
/// for await progress in task.progress { print(progress.fraction) }
/// let image = try await task.image
/// ```
public final class ImageTask: Hashable, Identifiable, Sendable, CustomStringConvertible {
    /// A number unique among the tasks of one pipeline.
    public let taskId: UInt64

    /// The request the task loads.
    public let request: ImageRequest

    /// Whether the task loads an image or only data.
    let kind: Kind

    let pipeline: ImagePipeline

    private let state: Mutex<State>
    private let onEvent: (@Sendable (ImageTask, Event) -> Void)?

    /// The task's subscription to its root job; touched only on the pipeline actor.
    @ImagePipelineActor var subscription: JobSubscription?

    package enum Kind: Sendable {
        case image
        case data
    }

    init(
        taskId: UInt64,
        request: ImageRequest,
        kind: Kind,
        pipeline: ImagePipeline,
        onEvent: (@Sendable (ImageTask, Event) -> Void)? = nil
    ) {
        self.taskId = taskId
        self.request = request
        self.kind = kind
        self.pipeline = pipeline
        self.onEvent = onEvent
        self.state = Mutex(State(status: Status(priority: request.priority)))
    }

    // MARK: State

    /// The identity of the task object.
    public var id: ObjectIdentifier { ObjectIdentifier(self) }

    /// A consistent snapshot of the task's result, cancellation, priority and progress.
    public var status: Status {
        state.withLock { $0.status }
    }

    /// `true` once ``cancel()`` was called; never reset.
    public var isCancelled: Bool {
        state.withLock { $0.status.isCancelled }
    }

    /// The task's priority; changing it re-prioritises all the work the task waits for
    /// (queued downloads, decodes, processing), unless other tasks need it more.
    public var priority: ImageRequest.Priority {
        get { state.withLock { $0.status.priority } }
        set {
            let changed = state.withLock { state -> Bool in
                guard state.status.priority != newValue, state.status.result == nil else { return false }
                state.status.priority = newValue
                return true
            }
            guard changed else { return }
            Task { @ImagePipelineActor in self.pipeline.updatePriority(of: self) }
        }
    }

    /// Cancels the task: it finishes with ``ImagePipeline/Error/cancelled``. Work shared with other
    /// tasks goes on for them. Idempotent. After the task finished, it only records the
    /// cancellation (``isCancelled`` becomes `true`, as in Nuke 14); the result stays.
    public func cancel() {
        let shouldCancel = state.withLock { state -> Bool in
            guard !state.status.isCancelled else { return false }
            state.status.isCancelled = true
            return state.status.result == nil
        }
        guard shouldCancel else { return }
        Task { @ImagePipelineActor in self.pipeline.cancel(self) }
    }

    // MARK: Results

    /// The final image. Can be awaited any number of times, before or after the task finishes;
    /// cancelling the awaiting Swift task cancels the image task.
    public var image: Bitmap {
        get async throws(ImagePipeline.Error) {
            try await response.image
        }
    }

    /// The final response; see ``image``.
    public var response: ImageResponse {
        get async throws(ImagePipeline.Error) {
            try await result.get()
        }
    }

    /// The final response or error, as a value; see ``image``.
    public var result: Result<ImageResponse, ImagePipeline.Error> {
        get async {
            await withTaskCancellationHandler {
                // Unsafe: resumed exactly once, either here or by `finish(with:)`, under the lock.
                await withUnsafeContinuation { continuation in
                    let finished = state.withLock { state -> Result<ImageResponse, ImagePipeline.Error>? in
                        if state.status.result == nil { state.waiters.append(continuation) }
                        return state.status.result
                    }
                    if let finished { continuation.resume(returning: finished) }
                }
            } onCancel: {
                self.cancel()
            }
        }
    }

    /// Every event of the task as a new stream, ending with ``Event/finished(_:)``.
    ///
    /// A stream made after the task finished yields just the `finished` event; one made during a
    /// download first yields the progress so far.
    public var events: AsyncStream<Event> {
        makeStream { $0 }
    }

    /// Download progress as a new stream; ends when the task finishes.
    public var progress: AsyncStream<Progress> {
        makeStream { if case .progress(let progress) = $0 { progress } else { nil } }
    }

    /// Progressive previews as a new stream; ends when the task finishes.
    public var previews: AsyncStream<ImageResponse> {
        makeStream { if case .preview(let response) = $0 { response } else { nil } }
    }

    private func makeStream<T: Sendable>(_ transform: @escaping @Sendable (Event) -> T?) -> AsyncStream<T> {
        let (stream, continuation) = AsyncStream<T>.makeStream(bufferingPolicy: .unbounded)
        let id = state.withLock { state -> Int? in
            // Replay under the lock, so nothing dispatched concurrently can overtake it.
            if let result = state.status.result {
                if let value = transform(.finished(result)) { continuation.yield(value) }
                continuation.finish()
                return nil
            }
            let progress = state.status.progress
            if progress.completed > 0 || progress.total > 0, let value = transform(.progress(progress)) {
                continuation.yield(value)
            }
            let id = state.nextStreamID
            state.nextStreamID += 1
            state.streams[id] = StreamSubscriber(
                yield: { event in if let value = transform(event) { continuation.yield(value) } },
                finish: { continuation.finish() }
            )
            return id
        }
        if let id {
            continuation.onTermination = { [weak self] _ in
                _ = self?.state.withLock { $0.streams.removeValue(forKey: id) }
            }
        }
        return stream
    }

    // MARK: Delivery (pipeline actor)

    /// Records and dispatches a progress or preview event.
    func dispatch(_ event: Event) {
        state.withLock { state in
            guard state.status.result == nil else { return }
            if case .progress(let progress) = event { state.status.progress = progress }
            // AsyncStream's yield only buffers or resumes a waiting task: no caller code runs here.
            for stream in state.streams.values { stream.yield(event) }
        }
        onEvent?(self, event)
    }

    /// Records the result, calls `beforeDelivery` (the pipeline tells its delegate there), then
    /// dispatches the final event to streams, awaiting callers and the closure adapter; returns
    /// `false` if already finished.
    @discardableResult
    func finish(
        with result: Result<ImageResponse, ImagePipeline.Error>,
        beforeDelivery: () -> Void = {}
    ) -> Bool {
        typealias Waiter = UnsafeContinuation<Result<ImageResponse, ImagePipeline.Error>, Never>
        let finished = state.withLock { state -> ([StreamSubscriber], [Waiter])? in
            guard state.status.result == nil else { return nil }
            state.status.result = result
            defer {
                state.streams.removeAll()
                state.waiters.removeAll()
            }
            return (Array(state.streams.values), state.waiters)
        }
        guard let (streams, waiters) = finished else { return false }
        beforeDelivery()
        // Outside the lock: finishing a stream runs its termination handler, which takes the lock.
        // The streams are already unreachable, so nothing can be yielded to them out of order.
        for stream in streams {
            stream.yield(.finished(result))
            stream.finish()
        }
        for waiter in waiters { waiter.resume(returning: result) }
        onEvent?(self, .finished(result))
        return true
    }

    // MARK: Hashable

    /// Tasks are equal only to themselves.
    public static func == (lhs: ImageTask, rhs: ImageTask) -> Bool {
        lhs === rhs
    }

    /// Hashes the identity.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(self))
    }

    /// `ImageTask(id: …, priority: …, progress: c / t, state: …)`, as Nuke prints it: the state is
    /// `running`, `cancelled`, `success` or `failure(…)`.
    public var description: String {
        let status = self.status
        let state =
            switch status.result {
            case .none: status.isCancelled ? "cancelled" : "running"
            case .success: "success"
            case .failure(let error): "failure(\(error))"
            }
        return
            "ImageTask(id: \(taskId), priority: \(status.priority), progress: \(status.progress.completed) / "
            + "\(status.progress.total), state: \(state))"
    }
}

extension ImageTask {
    private struct StreamSubscriber {
        let yield: @Sendable (Event) -> Void
        let finish: @Sendable () -> Void
    }

    private struct State {
        var status: Status
        var streams: [Int: StreamSubscriber] = [:]
        var nextStreamID = 0
        var waiters: [UnsafeContinuation<Result<ImageResponse, ImagePipeline.Error>, Never>] = []
    }
}
