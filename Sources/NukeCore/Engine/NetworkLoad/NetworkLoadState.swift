// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

/// The states of one network load, as a value: rate limiter → data-loading slot → the
/// delegate's `willLoadData` → transfer. Each transition returns the action its owner,
/// ``NetworkLoad``, performs; the value itself never calls anything.
///
/// Every stage may be skipped (no rate limiter, `.skipDataLoadingQueue`, no custom delegate).
/// Events that arrive after the load ended (a token granted to a cancelled load, a delegate that
/// answers after cancellation) produce actions that undo or ignore them.
struct NetworkLoadState: Sendable {
    enum Stage: Equatable, Sendable {
        case idle
        case waitingForToken
        case waitingForSlot
        case preparing
        case transferring
        case ended
    }

    enum Action: Equatable, Sendable {
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
        /// Free the slot and report the outcome.
        case finish
        /// Cancellation while waiting for a slot: withdraw the request.
        case cancelSlotRequest
        /// Cancellation during `willLoadData`: cancel its task, free the slot.
        case cancelPreparation
        /// Cancellation during the transfer: cancel it, free the slot.
        case cancelTransfer
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

    mutating func start() -> Action {
        guard stage == .idle else { return .none }
        guard needsToken else { return enterSlotStage() }
        stage = .waitingForToken
        return .takeToken
    }

    mutating func tokenGranted() -> Action {
        guard stage == .waitingForToken else { return .returnToken }
        return enterSlotStage()
    }

    mutating func slotGranted() -> Action {
        guard stage == .waitingForSlot else { return .none }
        return enterPreparationStage()
    }

    mutating func prepared() -> Action {
        guard stage == .preparing else { return .none }
        stage = .transferring
        return .startTransfer
    }

    mutating func preparationFailed() -> Action {
        guard stage == .preparing else { return .none }
        stage = .ended
        return .finish
    }

    mutating func transferEnded() -> Action {
        guard stage == .transferring else { return .none }
        stage = .ended
        return .finish
    }

    mutating func cancel() -> Action {
        let previous = stage
        stage = .ended
        switch previous {
        case .idle, .waitingForToken, .ended: return .none  // A later token is returned.
        case .waitingForSlot: return .cancelSlotRequest
        case .preparing: return .cancelPreparation
        case .transferring: return .cancelTransfer
        }
    }

    private mutating func enterSlotStage() -> Action {
        guard needsSlot else { return enterPreparationStage() }
        stage = .waitingForSlot
        return .requestSlot
    }

    private mutating func enterPreparationStage() -> Action {
        guard needsPreparation else {
            stage = .transferring
            return .startTransfer
        }
        stage = .preparing
        return .prepare
    }
}
