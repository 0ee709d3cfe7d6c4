// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

/// The states of one network load, as a value: rate limiter → data-loading slot → the
/// delegate's `willLoadData` → transfer. Each stage holds what it started — the slot, the
/// preparation task, the transfer — and each transition returns the action its owner,
/// ``NetworkLoad``, performs with them; the value itself never calls anything.
///
/// Generic over what it holds, so that tests walk it with plain values.
///
/// Every stage may be skipped (no rate limiter, `.skipDataLoadingQueue`, no custom delegate).
/// Events that arrive after the load ended (a token granted to a cancelled load, a delegate that
/// answers after cancellation) produce actions that undo or ignore them.
struct NetworkLoadState<Slot, Preparation, Transfer> {
    enum Stage {
        case idle
        case waitingForToken
        /// Waiting for a data-loading slot; the request once the queue returned it.
        case waitingForSlot(Slot?)
        /// The delegate's `willLoadData` runs; its task once started.
        case preparing(slot: Slot?, Preparation?)
        /// The loader transfers; its transfer once the loader returned it.
        case transferring(slot: Slot?, Transfer?)
        case ended
    }

    enum Action {
        /// Ask the rate limiter for a token.
        case takeToken
        /// Give back a token granted after the load ended.
        case returnToken
        /// Ask the data-loading queue for a slot.
        case requestSlot
        /// Run the delegate's `willLoadData`.
        case prepare
        /// Call the loader.
        case startTransfer
        /// End the slot and the transfer, and report the outcome.
        case finish(slot: Slot?, Transfer?)
        /// Cancellation while waiting for a slot: withdraw the request.
        case cancelSlotRequest(Slot?)
        /// Cancellation during `willLoadData`: cancel its task, free the slot.
        case cancelPreparation(Preparation?, slot: Slot?)
        /// Cancellation during the transfer (or a transfer that started after the load ended):
        /// cancel it, free the slot.
        case cancelTransfer(Transfer?, slot: Slot?)
        case none
    }

    private(set) var stage = Stage.idle
    private let needsToken: Bool
    private let needsSlot: Bool
    private let needsPreparation: Bool

    /// - Parameters:
    ///   - needsToken: whether the load waits for the rate limiter.
    ///   - needsSlot: whether it runs in a data-loading queue slot.
    ///   - needsPreparation: whether the delegate's `willLoadData` runs first.
    init(needsToken: Bool, needsSlot: Bool, needsPreparation: Bool) {
        self.needsToken = needsToken
        self.needsSlot = needsSlot
        self.needsPreparation = needsPreparation
    }

    /// The slot the load holds or waits for, if any.
    var slot: Slot? {
        switch stage {
        case .waitingForSlot(let slot), .preparing(let slot, _), .transferring(let slot, _): slot
        case .idle, .waitingForToken, .ended: nil
        }
    }

    mutating func start() -> Action {
        guard case .idle = stage else { return .none }
        guard needsToken else { return enterSlotStage() }
        stage = .waitingForToken
        return .takeToken
    }

    mutating func tokenGranted() -> Action {
        guard case .waitingForToken = stage else { return .returnToken }
        return enterSlotStage()
    }

    /// The queue returned the slot request before granting it: kept, to withdraw on cancel.
    mutating func slotRequested(_ slot: Slot) {
        if case .waitingForSlot(nil) = stage { stage = .waitingForSlot(slot) }
    }

    mutating func slotGranted(_ slot: Slot) -> Action {
        guard case .waitingForSlot = stage else { return .none }
        return enterPreparationStage(slot: slot)
    }

    /// The `willLoadData` task started.
    mutating func preparationStarted(_ preparation: Preparation) {
        if case .preparing(let slot, nil) = stage { stage = .preparing(slot: slot, preparation) }
    }

    mutating func prepared() -> Action {
        guard case .preparing(let slot, _) = stage else { return .none }
        stage = .transferring(slot: slot, nil)
        return .startTransfer
    }

    mutating func preparationFailed() -> Action {
        guard case .preparing(let slot, _) = stage else { return .none }
        stage = .ended
        return .finish(slot: slot, nil)
    }

    /// The loader returned its transfer (its events are held until this returns).
    mutating func transferStarted(_ transfer: Transfer) -> Action {
        guard case .transferring(let slot, nil) = stage else { return .cancelTransfer(transfer, slot: nil) }
        stage = .transferring(slot: slot, transfer)
        return .none
    }

    mutating func transferEnded() -> Action {
        guard case .transferring(let slot, let transfer) = stage else { return .none }
        stage = .ended
        return .finish(slot: slot, transfer)
    }

    mutating func cancel() -> Action {
        let previous = stage
        stage = .ended
        switch previous {
        case .idle, .waitingForToken, .ended: return .none  // A later token is returned.
        case .waitingForSlot(let slot): return .cancelSlotRequest(slot)
        case .preparing(let slot, let preparation): return .cancelPreparation(preparation, slot: slot)
        case .transferring(let slot, let transfer): return .cancelTransfer(transfer, slot: slot)
        }
    }

    private mutating func enterSlotStage() -> Action {
        guard needsSlot else { return enterPreparationStage(slot: nil) }
        stage = .waitingForSlot(nil)
        return .requestSlot
    }

    private mutating func enterPreparationStage(slot: Slot?) -> Action {
        guard needsPreparation else {
            stage = .transferring(slot: slot, nil)
            return .startTransfer
        }
        stage = .preparing(slot: slot, nil)
        return .prepare
    }
}

extension NetworkLoadState.Stage: Equatable where Slot: Equatable, Preparation: Equatable, Transfer: Equatable {}
extension NetworkLoadState.Action: Equatable where Slot: Equatable, Preparation: Equatable, Transfer: Equatable {}
