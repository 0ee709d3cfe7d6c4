// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

public import NukeCore
internal import Synchronization

#if canImport(FoundationEssentials)
    public import FoundationEssentials
#else
    public import Foundation
#endif

/// Loads images ahead of need (the next page of a feed, the rest of a gallery) so later requests
/// are served from cache.
///
/// Prefetches run through the pipeline at ``priority`` (`.low` by default), at most
/// `maxConcurrentRequestCount` at a time. A user request for the same image shares the work and
/// raises its priority. Requests are de-duplicated by the pipeline's task key; images already in
/// the memory cache are skipped; start and stop calls need not balance. Releasing the prefetcher
/// cancels everything it started.
public final class ImagePrefetcher: Sendable {
    /// Where prefetched images end up.
    public enum Destination: Hashable, Sendable {
        /// Loaded, decoded and processed into the memory cache (and the disk cache as the
        /// pipeline's `ImagePipeline.DataCachePolicy` says).
        case memoryCache
        /// Downloaded into the disk cache only; nothing is decoded. Needs a policy that stores
        /// original data (`.storeOriginalData`, `.storeAll`, or `.automatic` without processors).
        case diskCache
    }

    private struct Entry {
        var id: UInt64
        var priority: ImageRequest.Priority
        var operation: TaskQueue.Operation?
        var task: ImageTask?
    }

    private struct State {
        var entries: [LoadImageKey: Entry] = [:]
        var nextID: UInt64 = 0
        var priority = ImageRequest.Priority.low
        var didComplete: (@Sendable () -> Void)?
    }

    /// The pipeline prefetches go through.
    public let pipeline: ImagePipeline
    /// Where prefetched images end up.
    public let destination: Destination

    let queue: TaskQueue
    /// Shared with queued work, which must not keep the prefetcher alive (releasing it cancels).
    private let shared: Shared
    private let pausedFlag = Mutex(false)
    /// Carries every change to the actor in the order it was made, so the last one wins.
    let inbox = ActorInbox()

    private final class Shared: Sendable {
        let state = Mutex(State())
    }

    /// Creates a prefetcher.
    ///
    /// - Parameters:
    ///   - pipeline: the pipeline to load through.
    ///   - destination: the memory cache (decode and process) or the disk cache (download only).
    ///   - maxConcurrentRequestCount: the most prefetches running at once (default 2).
    public init(
        pipeline: ImagePipeline,
        destination: Destination = .memoryCache,
        maxConcurrentRequestCount: Int = 2
    ) {
        self.pipeline = pipeline
        self.destination = destination
        self.queue = TaskQueue(maxConcurrentOperationCount: maxConcurrentRequestCount)
        self.shared = Shared()
    }

    /// Creates a prefetcher that loads through `ImagePipeline.shared`.
    ///
    /// - Parameters:
    ///   - destination: the memory cache (decode and process) or the disk cache (download only).
    ///   - maxConcurrentRequestCount: the most prefetches running at once (default 2).
    public convenience init(destination: Destination = .memoryCache, maxConcurrentRequestCount: Int = 2) {
        self.init(
            pipeline: .shared,
            destination: destination,
            maxConcurrentRequestCount: maxConcurrentRequestCount
        )
    }

    deinit {
        let entries = shared.state.withLock { $0.entries.values }
        for entry in entries { entry.task?.cancel() }
        let operations = entries.compactMap(\.operation)
        if !operations.isEmpty {
            inbox.post { operations.forEach { $0.cancel() } }
        }
    }

    // MARK: Settings

    /// The priority of every outstanding and future prefetch (default `.low`).
    public var priority: ImageRequest.Priority {
        get { shared.state.withLock { $0.priority } }
        set {
            let entries = shared.state.withLock { state in
                state.priority = newValue
                for key in state.entries.keys { state.entries[key]?.priority = newValue }
                return Array(state.entries.values)
            }
            for entry in entries { entry.task?.priority = newValue }
            // Read on the actor, after every change and prefetch posted before this one: the
            // operations queued by then, at the priority their entries have then.
            let shared = self.shared
            inbox.post {
                let queued = shared.state.withLock { state in
                    state.entries.values.compactMap { entry in entry.operation.map { ($0, entry.priority) } }
                }
                for (operation, priority) in queued { operation.priority = priority }
            }
        }
    }

    /// While `true`, no new prefetch starts; running ones continue.
    public var isPaused: Bool {
        get { pausedFlag.withLock { $0 } }
        set {
            pausedFlag.withLock { $0 = newValue }
            let queue = self.queue
            inbox.post { queue.isSuspended = newValue }
        }
    }
    /// Called, on an arbitrary thread, each time the last outstanding prefetch finishes.
    public var didComplete: (@Sendable () -> Void)? {
        get { shared.state.withLock { $0.didComplete } }
        set { shared.state.withLock { $0.didComplete = newValue } }
    }

    /// The number of prefetches started and not yet finished or stopped.
    public var outstandingCount: Int { shared.state.withLock { $0.entries.count } }

    // MARK: Starting and stopping

    /// Starts prefetching the images at `urls`.
    public func startPrefetching(with urls: [URL]) {
        startPrefetching(with: urls.map { ImageRequest(url: $0) })
    }

    /// Starts prefetching the images of `requests`; ones already prefetching or already in the
    /// memory cache are skipped.
    public func startPrefetching(with requests: [ImageRequest]) {
        for request in requests { start(request) }
        // Everything was already in memory (or nothing was asked): done, as Nuke reports it.
        let didComplete = shared.state.withLock { $0.entries.isEmpty ? $0.didComplete : nil }
        didComplete?()
    }

    /// Stops prefetching the images at `urls`.
    public func stopPrefetching(with urls: [URL]) {
        stopPrefetching(with: urls.map { ImageRequest(url: $0) })
    }

    /// Stops prefetching the images of `requests`, cancelling their work unless a user request
    /// shares it.
    public func stopPrefetching(with requests: [ImageRequest]) {
        for request in requests {
            let key = LoadImageKey(request)
            if let entry = shared.state.withLock({ $0.entries.removeValue(forKey: key) }) { cancel(entry) }
        }
    }

    /// Stops every prefetch.
    public func stopPrefetching() {
        let entries = shared.state.withLock { state in
            defer { state.entries.removeAll() }
            return Array(state.entries.values)
        }
        entries.forEach(cancel)
    }

    // MARK: Private

    private func start(_ request: ImageRequest) {
        if destination == .memoryCache, pipeline.cache[request] != nil { return }
        let key = LoadImageKey(request)
        let started = shared.state.withLock { state -> (UInt64, ImageRequest.Priority)? in
            guard state.entries[key] == nil else { return nil }
            state.nextID += 1
            state.entries[key] = Entry(id: state.nextID, priority: state.priority)
            return (state.nextID, state.priority)
        }
        guard let (id, priority) = started else { return }
        inbox.post { self.enqueue(request, key: key, id: id, priority: priority) }
    }

    @ImagePipelineActor
    private func enqueue(_ request: ImageRequest, key: LoadImageKey, id: UInt64, priority: ImageRequest.Priority) {
        let (shared, pipeline, kind) = (shared, pipeline, destination == .diskCache ? ImageTask.Kind.data : .image)
        // The flag as it is now, which the latest `isPaused` set (its own hop comes later).
        queue.isSuspended = pausedFlag.withLock { $0 }
        let operation = queue.add(priority: priority) {
            await Self.run(request, kind: kind, key: key, id: id, pipeline: pipeline, shared: shared)
        }
        let isCurrent = shared.state.withLock { state -> Bool in
            guard state.entries[key]?.id == id else { return false }
            state.entries[key]?.operation = operation
            return true
        }
        if !isCurrent { operation.cancel() }  // Stopped before it was queued.
    }

    @ImagePipelineActor
    private static func run(
        _ request: ImageRequest,
        kind: ImageTask.Kind,
        key: LoadImageKey,
        id: UInt64,
        pipeline: ImagePipeline,
        shared: Shared
    ) async {
        guard let priority = shared.state.withLock({ $0.entries[key].flatMap { $0.id == id ? $0.priority : nil } })
        else {
            return
        }
        var request = request
        request.priority = priority
        let task = pipeline.makeTask(request: request, kind: kind)
        let isCurrent = shared.state.withLock { state -> Bool in
            guard state.entries[key]?.id == id else { return false }
            state.entries[key]?.task = task
            return true
        }
        guard isCurrent else {
            task.cancel()  // Stopped while the task was being made.
            return
        }
        _ = try? await task.response
        let didComplete = shared.state.withLock { state -> (@Sendable () -> Void)? in
            guard state.entries[key]?.id == id else { return nil }
            state.entries[key] = nil
            return state.entries.isEmpty ? state.didComplete : nil
        }
        didComplete?()
    }

    private func cancel(_ entry: Entry) {
        entry.task?.cancel()
        if let operation = entry.operation {
            inbox.post { operation.cancel() }
        }
    }
}
