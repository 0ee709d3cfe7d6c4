// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

public import Hummingbird
public import NIOCore

/// A request context that knows its connection, so that ``ImageProxyResponder`` can cancel a
/// request's work when its client disconnects.
public protocol ConnectionRequestContext: RequestContext {
    /// The connection the request came on.
    var channel: any Channel { get }
}

/// The request context `nuke-server` uses: Hummingbird's basics and the connection.
public struct ProxyRequestContext: ConnectionRequestContext {
    /// Hummingbird's per-request storage.
    public var coreContext: CoreRequestContextStorage
    /// The connection the request came on.
    public let channel: any Channel

    /// A context for a request from `source`.
    public init(source: ApplicationRequestContextSource) {
        self.coreContext = .init(source: source)
        self.channel = source.channel
    }
}
