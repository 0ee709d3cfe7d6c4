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
/// ``NetworkLoadState`` decides and holds what each stage started (the slot, the `willLoadData`
/// task, the transfer with its inbox); this class performs its actions, so a single ``cancel()``
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

    /// A running transfer: the loader's handle, and the inbox its callbacks reach the load by.
    struct Transfer {
        let inbox: LoaderInbox
        let cancellable: any Cancellable
    }

    private typealias State = NetworkLoadState<TaskQueue.Operation, Task<Void, Never>, Transfer>

    private var state: State
    private var request: DataRequest
    private let loader: any DataLoading
    private let route: Route
    /// The owner's handler; dropped when the load ends, so no event follows.
    private var onEvent: ((Event) -> Void)?
    /// Why the load failed: the delegate's or the loader's error.
    private var failure: (any Error)?

    /// The priority of the slot request.
    var priority: ImageRequest.Priority {
        didSet { state.slot?.priority = priority }
    }

    init(
        request: DataRequest,
        loader: any DataLoading,
        route: Route,
        priority: ImageRequest.Priority,
        onEvent: @escaping (Event) -> Void
    ) {
        self.state = State(
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

    private func perform(_ action: State.Action) {
        switch action {
        case .takeToken:
            route.rateLimiter?.execute { [self] in
                let action = state.tokenGranted()
                if case .returnToken = action { return false }
                perform(action)
                return true
            }
        case .returnToken, .none:
            return
        case .requestSlot:
            guard let queue = route.queue else { return }
            let operation = queue.addCallbackOperation(priority: priority) { [self] operation in
                perform(state.slotGranted(operation))
            }
            state.slotRequested(operation)  // Unless granted at once, above.
        case .prepare:
            startPreparation()
        case .startTransfer:
            startTransfer()
        case .finish(let slot, let transfer):
            slot?.end()
            transfer?.inbox.close()
            let onEvent = self.onEvent
            self.onEvent = nil
            onEvent?(.completed(failure))
        case .cancelSlotRequest(let slot):
            slot?.cancel()
        case .cancelPreparation(let preparation, let slot):
            preparation?.cancel()
            slot?.cancel()
        case .cancelTransfer(let transfer, let slot):
            transfer?.cancellable.cancel()
            transfer?.inbox.close()
            slot?.cancel()
        }
    }

    private func startPreparation() {
        guard let prepare = route.prepare else { return }
        let request = self.request
        let inFlight = route.inFlight
        inFlight.begin()
        state.preparationStarted(
            Task { @ImagePipelineActor [self] in
                defer { inFlight.end() }
                do {
                    self.request = try await prepare(request)
                    perform(state.prepared())
                } catch {
                    failure = error
                    perform(state.preparationFailed())
                }
            }
        )
    }

    /// Calls the loader; its callbacks reach the load through a ``LoaderInbox``, drained once
    /// the state holds the transfer, for whatever the loader delivered synchronously.
    private func startTransfer() {
        // Strong: the inbox is closed whenever the load ends, which breaks the cycle.
        let inbox = LoaderInbox { event in self.receive(event) }
        route.onTransferStart?()
        let cancellable = loader.loadData(
            with: request,
            redirectDecision: route.redirectDecision,
            didReceiveData: { data, response in inbox.post(.chunk(data, response)) },
            completion: { error in inbox.post(.completed(error)) }
        )
        perform(state.transferStarted(Transfer(inbox: inbox, cancellable: cancellable)))
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
