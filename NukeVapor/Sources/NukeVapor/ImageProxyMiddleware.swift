// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

public import NukeProxy
public import Vapor

/// Serves `proxy` in front of an application's routes: a `GET`, `HEAD` or `OPTIONS` request below
/// the proxy's `pathPrefix` (`<prefix>/health` included) is the proxy's to answer, every other
/// request goes on to the application. With no prefix, every `GET`, `HEAD` and `OPTIONS` request
/// is the proxy's: give it a prefix in an application that serves anything else.
///
/// ```swift
/// var configuration = ProxyConfiguration(signature: signature)
/// configuration.pathPrefix = "/images"
/// app.middleware.use(ImageProxyMiddleware(proxy: ImageProxy(configuration: configuration)))
/// ```
public struct ImageProxyMiddleware: AsyncMiddleware {
    private let responder: ImageProxyVaporResponder
    private let prefix: String

    /// Serves `proxy` below its configuration's `pathPrefix`.
    public init(proxy: ImageProxy) {
        self.responder = ImageProxyVaporResponder(proxy: proxy)
        self.prefix = proxy.configuration.pathPrefix
    }

    /// Answers the proxy's requests; passes every other one on.
    public func respond(to request: Request, chainingTo next: any AsyncResponder) async throws -> Response {
        let path = request.url.path
        guard [.GET, .HEAD, .OPTIONS].contains(request.method), path.hasPrefix(prefix + "/") else {
            return try await next.respond(to: request)
        }
        if path == prefix + "/health", request.method != .OPTIONS { return await responder.health() }
        return await responder.respond(to: request)
    }
}
