// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

public import Nuke
import Synchronization

/// Admits work by the bytes it will hold, not by its count: a proxy's decodes wait here
/// (as the pipeline's `decodeAdmission`) until their pixels fit in the budget, and downloads count
/// against it as they buffer (``MeteredOriginLoader``). Nothing is admitted that would take the
/// bytes in use past the budget.
///
/// Work that does not fit waits, first in, first out within each priority; past
/// ``queueTimeout``, or when ``maximumQueueLength`` requests already wait, it is refused (the proxy
/// answers 503 with `Retry-After`). Work larger than the whole budget is refused at once (422).
///
/// A decode's bytes are its decoder's estimate from the header (the image at the decode scale and
/// the decoder's working buffers) twice — the processed image and the processing between are at
/// most that large again — plus the compressed source it reads; they are given back when the
/// last image made from the decode is freed.
public final class MemoryBudget: DecodeAdmitting {
    /// Why work was not admitted.
    public enum Refusal: Error, Hashable, Sendable, CustomStringConvertible {
        /// The work needs more than the whole budget.
        case exceedsBudget(bytes: Int, budget: Int)
        /// As many requests as allowed already wait.
        case queueFull(length: Int)
        /// The work waited the whole queue time-out.
        case timedOut(after: Duration)
        /// The waiting request was cancelled.
        case cancelled

        /// The detail, for the log.
        public var description: String {
            switch self {
            case .exceedsBudget(let bytes, let budget): "needs \(bytes) bytes, more than the memory budget of \(budget)"
            case .queueFull(let length): "\(length) requests already wait for memory"
            case .timedOut(let duration): "waited \(duration) for memory"
            case .cancelled: "cancelled while waiting for memory"
            }
        }
    }

    /// The most bytes admitted at once.
    public let budget: Int
    /// The longest work waits for bytes before it is refused.
    public let queueTimeout: Duration
    /// The most requests that may wait at once.
    public let maximumQueueLength: Int

    private let clock: any Clock<Duration>
    private let metrics: ProxyMetrics
    private let evictedUnderPressure: [any ImageCaching]
    private let state: Mutex<Waiting>

    /// The state machine and what its owner keeps for the waiters it names.
    private struct Waiting: ~Copyable {
        var machine: MemoryBudgetState
        var nextID = 0
        var entries: [Int: Entry] = [:]
    }

    /// A waiter's side, resumed by the machine's actions; its deadline starts once it waits.
    private struct Entry {
        var continuation: CheckedContinuation<Void, any Error>
        var deadline: Task<Void, Never>?
    }

    /// A budget of `budget` bytes.
    ///
    /// - Parameters:
    ///   - budget: the most bytes admitted at once (see ``defaultBudget(reserving:)``).
    ///   - queueTimeout: the longest work waits for bytes.
    ///   - maximumQueueLength: the most requests that wait at once.
    ///   - clock: what times the waits (tests drive their own).
    ///   - metrics: where the budget, bytes in use, queue length, waits and refusals go.
    ///   - caches: caches emptied whenever work has to wait (kept decoded sources, whose
    ///     reservations count in the budget): what they hold goes first.
    public init(
        budget: Int,
        queueTimeout: Duration = .seconds(10),
        maximumQueueLength: Int = 1024,
        clock: any Clock<Duration> = ContinuousClock(),
        metrics: ProxyMetrics = ProxyMetrics(),
        evictingUnderPressure caches: [any ImageCaching] = []
    ) {
        let machine = MemoryBudgetState(budget: budget, maximumQueueLength: maximumQueueLength)
        self.budget = machine.budget
        self.queueTimeout = queueTimeout
        self.maximumQueueLength = machine.maximumQueueLength
        self.clock = clock
        self.metrics = metrics
        self.evictedUnderPressure = caches
        self.state = Mutex(Waiting(machine: machine))
        metrics.memory(budget: machine.budget, inUse: 0, queued: 0)
    }

    /// Half the memory the process may use (its cgroup's limit in a container, else the
    /// machine's), less `reserved` bytes kept by caches, and at least 64 MiB.
    public static func defaultBudget(reserving reserved: Int = 0) -> Int {
        max(64 << 20, Int(SystemMemory.available / 2) - reserved)
    }

    /// The bytes admitted and not given back.
    public var bytesInUse: Int { state.withLock { $0.machine.bytesInUse } }
    /// How many requests wait for bytes.
    public var queueLength: Int { state.withLock { $0.machine.queue.count } }

    /// Waits until a decode's bytes (see the type's description) fit, and returns what holds
    /// them.
    ///
    /// - Throws: ``Refusal``.
    public func admit(_ context: ImageDecodingContext, estimatedBytes: Int) async throws -> DecodeReservation {
        // Saturating: a sum past `Int.max` is more than any budget, refused as such.
        let (doubled, overflow) = max(0, estimatedBytes).multipliedReportingOverflow(by: 2)
        let (bytes, sumOverflow) = doubled.addingReportingOverflow(context.data.count)
        return try await reserve(bytes: overflow || sumOverflow ? .max : bytes, priority: context.request.priority)
    }

    /// Waits until `bytes` fit, and returns what holds them until released or freed.
    ///
    /// - Throws: ``Refusal``.
    public func reserve(bytes: Int, priority: ImageRequest.Priority = .normal) async throws(Refusal)
        -> DecodeReservation
    {
        let id = state.withLock { waiting in
            waiting.nextID += 1
            return waiting.nextID
        }
        do {
            try await withTaskCancellationHandler {
                try await withCheckedThrowingContinuation { continuation in
                    enqueue(id: id, bytes: bytes, priority: priority.rawValue, continuation: continuation)
                }
            } onCancel: {
                withdraw(id, refusal: .cancelled)
            }
        } catch {
            throw error as? Refusal ?? .cancelled
        }
        return DecodeReservation { [self] in release(bytes) }
    }

    /// Counts `bytes` a download buffered, at once: downloads in progress are never stopped, but
    /// work waits while they hold the budget. Give them back with ``release(_:)``.
    public func charge(_ bytes: Int) {
        let (inUse, queued) = state.withLock { waiting in
            waiting.machine.charge(bytes)
            return (waiting.machine.bytesInUse, waiting.machine.queue.count)
        }
        metrics.memory(budget: budget, inUse: inUse, queued: queued)
    }

    /// Gives `bytes` back, admitting what waits and now fits.
    public func release(_ bytes: Int) {
        perform { $0.release(bytes) }
    }

    private func enqueue(id: Int, bytes: Int, priority: Int, continuation: CheckedContinuation<Void, any Error>) {
        let decision = state.withLock { waiting -> MemoryBudgetState.Decision in
            // Cancelled before this lock: its handler found nothing to withdraw. After it, the
            // handler withdraws what is queued here.
            guard !Task.isCancelled else { return .refused(.cancelled) }
            let decision = waiting.machine.request(id: id, bytes: bytes, priority: priority)
            if decision == .queued { waiting.entries[id] = Entry(continuation: continuation) }
            return decision
        }
        switch decision {
        case .admitted: continuation.resume()
        case .queued:
            metrics.memoryWait()
            for cache in evictedUnderPressure { cache.removeAll() }  // Their reservations come back.
            startDeadline(of: id)
        case .refused(let refusal):
            metrics.memoryRefused(refusal)
            continuation.resume(throwing: refusal)
        }
        let (inUse, queued) = state.withLock { ($0.machine.bytesInUse, $0.machine.queue.count) }
        metrics.memory(budget: budget, inUse: inUse, queued: queued)
    }

    /// Starts the queue time-out of `id`, unless its wait already ended.
    private func startDeadline(of id: Int) {
        let deadline = Task { [self, clock, queueTimeout] in
            guard (try? await clock.sleep(for: queueTimeout)) != nil else { return }
            withdraw(id, refusal: .timedOut(after: queueTimeout))
        }
        let isWaiting = state.withLock { waiting in
            guard waiting.entries[id] != nil else { return false }
            waiting.entries[id]?.deadline = deadline
            return true
        }
        if !isWaiting { deadline.cancel() }
    }

    /// Ends `id`'s wait with `refusal`, if it waits.
    private func withdraw(_ id: Int, refusal: Refusal) {
        perform { $0.withdraw(id, refusal: refusal) }
    }

    /// Runs a transition and then its actions, outside the lock.
    private func perform(_ transition: (inout MemoryBudgetState) -> [MemoryBudgetState.Action]) {
        let (resumptions, inUse, queued) = state.withLock { waiting in
            let actions = transition(&waiting.machine)
            var resumptions: [(CheckedContinuation<Void, any Error>, Refusal?)] = []
            for action in actions {
                let (id, refusal): (Int, Refusal?) =
                    switch action {
                    case .admit(let id): (id, nil)
                    case .refuse(let id, let refusal): (id, refusal)
                    }
                guard let entry = waiting.entries.removeValue(forKey: id) else { continue }
                entry.deadline?.cancel()
                resumptions.append((entry.continuation, refusal))
            }
            return (resumptions, waiting.machine.bytesInUse, waiting.machine.queue.count)
        }
        for (continuation, refusal) in resumptions {
            if let refusal {
                metrics.memoryRefused(refusal)
                continuation.resume(throwing: refusal)
            } else {
                continuation.resume()
            }
        }
        metrics.memory(budget: budget, inUse: inUse, queued: queued)
    }
}
