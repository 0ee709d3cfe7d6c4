// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

internal import Synchronization

#if canImport(FoundationEssentials)
    internal import FoundationEssentials
#else
    internal import Foundation
#endif

/// Carries a loader's callbacks, from whatever thread makes them, to the pipeline actor, in order.
///
/// Events are queued under a lock and handed over in batches: at most one hop to the actor is
/// pending at a time, however many chunks arrive meanwhile. A loader that answers synchronously,
/// inside `loadData` (a cache, a `data:` URL, an in-memory loader), costs no hop at all: the
/// inbox starts out "drain pending", and the job drains it as soon as `loadData` returns.
final class LoaderInbox: Sendable {
    enum Event: Sendable {
        case chunk(Data, DataResponse)
        case completed((any Error)?)
    }

    typealias Consumer = @ImagePipelineActor @Sendable (Event) -> Void

    private struct State {
        var events = PendingBatch<Event>(isDrainPending: true)
        var consumer: Consumer?
    }

    private let state: Mutex<State>

    /// Creates an inbox that feeds `consumer` until ``close()``.
    init(consumer: @escaping Consumer) {
        state = Mutex(State(consumer: consumer))
    }

    /// Queues an event from the loader; schedules a drain on the actor if none is pending.
    func post(_ event: Event) {
        let mustSchedule = state.withLock { state -> Bool in
            guard state.consumer != nil else { return false }  // Closed: ignored.
            return state.events.append(event)
        }
        if mustSchedule {
            Task { @ImagePipelineActor in self.drain() }
        }
    }

    /// Hands every queued event to the consumer, including events posted meanwhile.
    @ImagePipelineActor
    func drain() {
        while true {
            let batch = state.withLock { state -> ([Event], Consumer)? in
                let events = state.events.takeAll()
                guard let consumer = state.consumer, !events.isEmpty else { return nil }
                return (events, consumer)
            }
            guard let (events, consumer) = batch else { return }
            for event in events { consumer(event) }
        }
    }

    /// Drops queued events and the consumer; later events are ignored.
    func close() {
        state.withLock { state in
            state.consumer = nil
            state.events.removeAll()
        }
    }
}
