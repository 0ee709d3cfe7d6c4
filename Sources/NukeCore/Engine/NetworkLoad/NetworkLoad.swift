// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

#if canImport(FoundationEssentials)
    internal import FoundationEssentials
#else
    internal import Foundation
#endif

/// One download through a loader: waits for the rate limiter and a data-loading slot, lets the
/// delegate adjust the request, then streams the loader's callbacks to its owner on the actor.
///
/// ``NetworkLoadState`` decides; this class performs its actions and holds what they start (the
/// slot, the `willLoadData` task, the inbox and the loader's transfer), so a single ``cancel()``
/// stops whichever stage is running. Callbacks stop once the load ended or was cancelled.
@ImagePipelineActor
final class NetworkLoad {
    enum Event {
        /// A chunk of the body with the response it belongs to.
        case chunk(Data, DataResponse)
        /// The load ended: `nil` on success.
        case completed((any Error)?)
    }

    /// Where the load waits and how it is prepared.
    struct Route {
        /// The limiter to take a token from, if any.
        var rateLimiter: RateLimiter?
        /// The queue to take a slot in, if any.
        var queue: TaskQueue?
        /// Counts a running `willLoadData`, so that ``ImagePipeline/flush()`` waits for it.
        var inFlight: WorkInFlight
        /// The delegate's `willLoadData`, if the pipeline has a custom delegate.
        var prepare: (@Sendable (DataRequest) async throws -> DataRequest)?
        /// Called as the loader is called, after the limiter, the slot and `willLoadData`.
        var onTransferStart: (() -> Void)? = nil
        /// The delegate's redirect decision, passed to the loader.
        var redirectDecision: RedirectDecision? = nil
    }

    private var state: NetworkLoadState
    private var request: DataRequest
    private let loader: any DataLoading
    private let route: Route
    private var onEvent: ((Event) -> Void)?
    private var slot: TaskQueue.Operation?
    private var preparation: Task<Void, Never>?
    private var inbox: LoaderInbox?
    private var transfer: (any Cancellable)?
    private var failure: (any Error)?

    /// The priority of the slot request.
    var priority: ImageRequest.Priority {
        didSet { slot?.priority = priority }
    }

    init(
        request: DataRequest,
        loader: any DataLoading,
        route: Route,
        priority: ImageRequest.Priority,
        onEvent: @escaping (Event) -> Void
    ) {
        self.state = NetworkLoadState(
            needsToken: route.rateLimiter != nil,
            needsSlot: route.queue != nil,
            needsPreparation: route.prepare != nil
        )
        self.request = request
        self.loader = loader
        self.route = route
        self.priority = priority
        self.onEvent = onEvent
    }

    /// Starts the load. Events may arrive before this returns (a loader that answers at once).
    func start() {
        perform(state.start())
    }

    /// Stops whatever stage runs; no event follows.
    func cancel() {
        onEvent = nil
        perform(state.cancel())
    }

    private func perform(_ action: NetworkLoadState.Action) {
        switch action {
        case .takeToken:
            route.rateLimiter?.execute { [self] in
                let action = state.tokenGranted()
                guard action != .returnToken else { return false }
                perform(action)
                return true
            }
        case .returnToken, .none:
            return
        case .requestSlot:
            let operation = route.queue?.addCallbackOperation(priority: priority) { [self] operation in
                slot = operation  // Before going on: the loader may answer, and end the load, at once.
                perform(state.slotGranted())
            }
            if state.stage == .waitingForSlot { slot = operation }  // Not granted at once.
        case .prepare:
            startPreparation()
        case .startTransfer:
            startTransfer()
        case .finish:
            release(endingSlot: true)
            let onEvent = self.onEvent
            self.onEvent = nil
            onEvent?(.completed(failure))
        case .cancelSlotRequest:
            release(endingSlot: false)
        case .cancelPreparation:
            preparation?.cancel()
            release(endingSlot: false)
        case .cancelTransfer:
            transfer?.cancel()
            release(endingSlot: false)
        }
    }

    /// Frees the slot (ends it after a completed load, cancels it otherwise) and drops the inbox,
    /// the transfer and the preparation task.
    private func release(endingSlot: Bool) {
        if endingSlot { slot?.end() } else { slot?.cancel() }
        slot = nil
        inbox?.close()
        inbox = nil
        transfer = nil
        preparation = nil
    }

    private func startPreparation() {
        guard let prepare = route.prepare else { return }
        let request = self.request
        let inFlight = route.inFlight
        inFlight.begin()
        preparation = Task { @ImagePipelineActor [self] in
            defer { inFlight.end() }
            do {
                self.request = try await prepare(request)
                perform(state.prepared())
            } catch {
                failure = error
                perform(state.preparationFailed())
            }
        }
    }

    /// Calls the loader; its callbacks reach the load through a ``LoaderInbox``, drained at once
    /// for whatever the loader delivered synchronously.
    private func startTransfer() {
        // Strong: the inbox is closed whenever the load ends, which breaks the cycle.
        let inbox = LoaderInbox { event in self.receive(event) }
        self.inbox = inbox
        route.onTransferStart?()
        transfer = loader.loadData(
            with: request,
            redirectDecision: route.redirectDecision,
            didReceiveData: { data, response in inbox.post(.chunk(data, response)) },
            completion: { error in inbox.post(.completed(error)) }
        )
        inbox.drain()
    }

    private func receive(_ event: LoaderInbox.Event) {
        switch event {
        case let .chunk(data, response):
            onEvent?(.chunk(data, response))
        case .completed(let error):
            failure = error
            perform(state.transferEnded())
        }
    }
}
