// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

import Testing

@testable import NukeHummingbird

/// The decisions of ``ConnectionDeadlines``, event by event (nuke-server's own tests hold real
/// connections to it).
@Suite struct ConnectionDeadlinesTests {
    private enum Event {
        case opened, bytes, head, responseEnd, deadline, closed
    }

    private static let limits = ConnectionLimits(
        readRequestTimeout: .seconds(3),
        keepAliveTimeout: .seconds(7),
        maximumConnections: 10
    )

    /// Runs `events` from a new connection and returns each action with the state after it.
    private static func run(_ events: [Event]) -> [(ConnectionDeadlines.Action, ConnectionDeadlines.State)] {
        var deadlines = ConnectionDeadlines(limits: limits)
        return events.map { event in
            let action =
                switch event {
                case .opened: deadlines.opened()
                case .bytes: deadlines.bytesReceived()
                case .head: deadlines.requestHeadReceived()
                case .responseEnd: deadlines.responseEnded()
                case .deadline: deadlines.deadlinePassed()
                case .closed: deadlines.connectionClosed()
                }
            return (action, deadlines.state)
        }
    }

    @Test("A request, its answer, then idle: read time-out, none while answering, keep-alive time-out, closed")
    func requestThenIdle() {
        let steps = Self.run([.opened, .bytes, .head, .deadline, .responseEnd, .deadline, .closed])
        #expect(
            steps.map(\.0) == [
                .startDeadline(.seconds(3)), .none, .cancelDeadline, .none, .startDeadline(.seconds(7)), .close, .none,
            ]
        )
        #expect(
            steps.map(\.1) == [
                .awaitingFirstRequest, .readingHead, .answering(count: 1), .answering(count: 1), .idle, .closed,
                .closed,
            ]
        )
    }

    @Test("Trickled bytes do not restart the first request's deadline; a half-sent head is closed")
    func trickledFirstRequest() {
        let steps = Self.run([.opened, .bytes, .bytes, .bytes, .deadline])
        #expect(steps.map(\.0) == [.startDeadline(.seconds(3)), .none, .none, .none, .close])
    }

    @Test("After a keep-alive wait, the next request gets the read time-out from its first byte")
    func nextRequest() {
        let steps = Self.run([.opened, .head, .responseEnd, .bytes, .bytes, .head, .responseEnd])
        #expect(
            steps.map(\.0) == [
                .startDeadline(.seconds(3)), .cancelDeadline, .startDeadline(.seconds(7)), .startDeadline(.seconds(3)),
                .none, .cancelDeadline, .startDeadline(.seconds(7)),
            ]
        )
    }

    @Test("Pipelined requests: the keep-alive wait starts when the last answer ends")
    func pipelined() {
        let steps = Self.run([.opened, .head, .head, .responseEnd, .deadline, .responseEnd])
        #expect(
            steps.map(\.0) == [
                .startDeadline(.seconds(3)), .cancelDeadline, .none, .none, .none, .startDeadline(.seconds(7)),
            ]
        )
        #expect(steps.map(\.1).last == .idle)
    }

    @Test("Closed by the client: the deadline is cancelled once and nothing follows")
    func closedByClient() {
        let steps = Self.run([.opened, .closed, .bytes, .head, .deadline, .closed])
        #expect(steps.map(\.0) == [.startDeadline(.seconds(3)), .cancelDeadline, .none, .none, .none, .none])
    }
}
