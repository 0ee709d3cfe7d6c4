// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

import NIOCore

/// Tells a ``DisconnectCancellation`` when a connection's client goes away: the end of its
/// input, or the connection closing. It sits first in the channel pipeline, because NIO's HTTP
/// pipelining handler holds a half-close back until the response in flight is written.
final class ClientDisconnectHandler: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = NIOAny

    private let cancellation: DisconnectCancellation

    init(cancellation: DisconnectCancellation) {
        self.cancellation = cancellation
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if let event = event as? ChannelEvent, event == .inputClosed {
            cancellation.clientWentAway(ObjectIdentifier(context.channel))
        }
        context.fireUserInboundEventTriggered(event)
    }

    func channelInactive(context: ChannelHandlerContext) {
        cancellation.clientWentAway(ObjectIdentifier(context.channel))
        context.fireChannelInactive()
    }
}

/// Added after Hummingbird's HTTP handlers (where it lets extra handlers go), it puts a
/// ``ClientDisconnectHandler`` first in the pipeline.
final class ClientDisconnectInstaller: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = NIOAny

    private let cancellation: DisconnectCancellation

    init(cancellation: DisconnectCancellation) {
        self.cancellation = cancellation
    }

    func handlerAdded(context: ChannelHandlerContext) {
        try? context.pipeline.syncOperations.addHandler(
            ClientDisconnectHandler(cancellation: cancellation),
            position: .first
        )
    }
}
