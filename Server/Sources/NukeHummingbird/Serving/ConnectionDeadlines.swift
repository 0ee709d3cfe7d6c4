// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

/// When one HTTP/1.1 connection is closed for taking too long: a client has
/// ``ConnectionLimits/readRequestTimeout`` to send a request's head once the connection opens or
/// it starts sending one, and ``ConnectionLimits/keepAliveTimeout`` to start the next request
/// after a response. While a request is being answered nothing times out here (the proxy's own
/// request time-out bounds that).
///
/// It only decides; ``ConnectionGuard`` performs the actions on the channel's event loop.
struct ConnectionDeadlines {
    enum State: Equatable {
        /// Opened: the first request's head is due.
        case awaitingFirstRequest
        /// Between requests, nothing of the next one received yet.
        case idle
        /// Bytes of a request arrived; its head is not complete.
        case readingHead
        /// `count` requests read and not yet answered (more than one when pipelined).
        case answering(count: Int)
        /// Closed: nothing more happens.
        case closed
    }

    /// What the owner does.
    enum Action: Equatable {
        /// Cancels any deadline and arms one this far from now.
        case startDeadline(Duration)
        /// Cancels the deadline.
        case cancelDeadline
        /// Closes the connection.
        case close
        case none
    }

    private(set) var state = State.awaitingFirstRequest
    let limits: ConnectionLimits

    init(limits: ConnectionLimits) {
        self.limits = limits
    }

    /// The connection is open: the first request is due within the read time-out.
    mutating func opened() -> Action {
        state = .awaitingFirstRequest
        return .startDeadline(limits.readRequestTimeout)
    }

    /// Bytes arrived from the client.
    mutating func bytesReceived() -> Action {
        switch state {
        case .idle:
            // A new request begins: it gets the read time-out, however long the wait was.
            state = .readingHead
            return .startDeadline(limits.readRequestTimeout)
        case .awaitingFirstRequest:
            // Its deadline has run since the connection opened: no more time for trickling.
            state = .readingHead
            return .none
        case .readingHead, .answering, .closed:
            return .none
        }
    }

    /// A request's head was read whole.
    mutating func requestHeadReceived() -> Action {
        switch state {
        case .awaitingFirstRequest, .idle, .readingHead:
            state = .answering(count: 1)
            return .cancelDeadline
        case .answering(let count):
            state = .answering(count: count + 1)
            return .none
        case .closed:
            return .none
        }
    }

    /// A response was written to its end.
    mutating func responseEnded() -> Action {
        guard case .answering(let count) = state else { return .none }
        if count > 1 {
            state = .answering(count: count - 1)
            return .none
        }
        state = .idle
        return .startDeadline(limits.keepAliveTimeout)
    }

    /// The deadline passed.
    mutating func deadlinePassed() -> Action {
        switch state {
        case .awaitingFirstRequest, .idle, .readingHead:
            state = .closed
            return .close
        case .answering, .closed:
            return .none
        }
    }

    /// The connection closed, for whatever reason.
    mutating func connectionClosed() -> Action {
        let wasClosed = state == .closed
        state = .closed
        return wasClosed ? .none : .cancelDeadline
    }
}
