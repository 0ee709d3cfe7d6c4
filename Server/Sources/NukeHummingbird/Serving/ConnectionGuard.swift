// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

import NIOCore
import NIOHTTPTypes

/// Holds one HTTP/1.1 connection to its ``ConnectionLimits``: counts it against the maximum
/// (closing it at once past it) and closes it when ``ConnectionDeadlines`` says it took too long.
/// It sits after the HTTP codec, where requests' heads and responses' ends pass, and puts a
/// ``ConnectionBytesWatcher`` first in the pipeline to hear of bytes before a head is whole.
final class ConnectionGuard: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPResponsePart

    private let connections: ConnectionCount
    private var deadlines: ConnectionDeadlines
    private var deadline: Scheduled<Void>?
    /// Whether the connection was seen active (and so counted, or refused).
    private var isStarted = false
    /// Whether this connection is among those counted (until it closes).
    private var isCounted = false

    init(limits: ConnectionLimits, connections: ConnectionCount) {
        self.connections = connections
        self.deadlines = ConnectionDeadlines(limits: limits)
    }

    func handlerAdded(context: ChannelHandlerContext) {
        if context.channel.isActive { start(context: context) }
    }

    func channelActive(context: ChannelHandlerContext) {
        start(context: context)
        context.fireChannelActive()
    }

    /// Counts the connection in, or closes it past the maximum, and arms its first deadline.
    private func start(context: ChannelHandlerContext) {
        guard !isStarted else { return }
        isStarted = true
        guard connections.open(limit: deadlines.limits.maximumConnections) else {
            context.close(promise: nil)
            return
        }
        isCounted = true
        let watcher = ConnectionBytesWatcher { [weak self, weak context] in
            guard let self, let context else { return }
            self.perform(self.deadlines.bytesReceived(), context: context)
        }
        try? context.pipeline.syncOperations.addHandler(watcher, position: .first)
        perform(deadlines.opened(), context: context)
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        perform(deadlines.connectionClosed(), context: context)
        releaseCount()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        if case .head = unwrapInboundIn(data) {
            perform(deadlines.requestHeadReceived(), context: context)
        }
        context.fireChannelRead(data)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        if case .end = unwrapOutboundIn(data) {
            perform(deadlines.responseEnded(), context: context)
        }
        context.write(data, promise: promise)
    }

    func channelInactive(context: ChannelHandlerContext) {
        perform(deadlines.connectionClosed(), context: context)
        releaseCount()
        context.fireChannelInactive()
    }

    func close(context: ChannelHandlerContext, mode: CloseMode, promise: EventLoopPromise<Void>?) {
        // Counted out before the socket closes, so that a client seeing the end of its
        // connection can count on its place being free.
        if mode == .all { releaseCount() }
        context.close(mode: mode, promise: promise)
    }

    private func releaseCount() {
        guard isCounted else { return }
        isCounted = false
        connections.close()
    }

    private func perform(_ action: ConnectionDeadlines.Action, context: ChannelHandlerContext) {
        switch action {
        case .startDeadline(let duration):
            deadline?.cancel()
            deadline = context.eventLoop.assumeIsolated().scheduleTask(in: .init(duration)) {
                [weak self, weak context] in
                guard let self, let context else { return }
                self.perform(self.deadlines.deadlinePassed(), context: context)
            }
        case .cancelDeadline:
            deadline?.cancel()
            deadline = nil
        case .close:
            deadline = nil
            context.close(promise: nil)
        case .none:
            break
        }
    }
}

/// First in a connection's pipeline, tells its ``ConnectionGuard`` that bytes arrived, which the
/// HTTP codec keeps to itself until a request's head is whole.
final class ConnectionBytesWatcher: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = NIOAny

    private let bytesReceived: () -> Void

    init(bytesReceived: @escaping () -> Void) {
        self.bytesReceived = bytesReceived
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        bytesReceived()
        context.fireChannelRead(data)
    }
}
