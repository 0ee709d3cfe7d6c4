// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

public import Hummingbird
public import HummingbirdCore

extension ImageProxy {
    /// A router that answers `GET /health` (and under ``ProxyConfiguration/pathPrefix``) with `ok`
    /// when ``health`` finds the pipeline working (else 503 and why), and every other `GET`,
    /// `HEAD` and `OPTIONS` (CORS preflight) path with the proxy, its image routes counted by
    /// ``ProxyMetricsMiddleware``, traced by ``ProxyTracingMiddleware`` (a server span each, under
    /// which the pipeline's spans go), logged by ``ProxyRequestLogMiddleware`` at
    /// ``ProxyConfiguration/requestLogLevel``, answered with an `X-Request-ID` by
    /// ``ProxyRequestIDMiddleware`` and, when ``ProxyConfiguration/allowedOrigin`` is set,
    /// answered with ``ProxyCORSMiddleware``.
    ///
    /// To add image routes to an application of your own, register an
    /// ``ImageProxyResponder`` on your router instead, with the same middleware.
    public func router<Context: RequestContext>(context: Context.Type = ProxyRequestContext.self) -> Router<Context> {
        let router = Router(context: Context.self)
        let responder = ImageProxyResponder<Context>(proxy: self)
        // Under a prefix too: a route below it would otherwise hide the catch-all there.
        for prefix in Set(["", configuration.pathPrefix]) {
            router.get(RouterPath(prefix + "/health")) { [health] _, _ in
                ImageProxyResponder<Context>.response(await health.response(), withBody: true)
            }
        }
        let images = router.group()
        images.add(middleware: ProxyTracingMiddleware(proxy: self))
        if let origin = configuration.allowedOrigin {
            images.add(middleware: ProxyCORSMiddleware(allowedOrigin: origin))
        }
        images.add(middleware: ProxyMetricsMiddleware(proxy: self))
        if let level = configuration.requestLogLevel {
            images.add(middleware: ProxyRequestLogMiddleware(proxy: self, level: level))
        }
        images.add(middleware: ProxyRequestIDMiddleware())
        for prefix in Set(["", configuration.pathPrefix]) {
            images.get(RouterPath(prefix + "/**"), use: responder.respond)
            images.head(RouterPath(prefix + "/**"), use: responder.respond)
            images.on(RouterPath(prefix + "/**"), method: .options, use: responder.respond)
        }
        return router
    }

    /// An HTTP/1.1 server for Hummingbird's `Application(router:server:)` that holds connections
    /// to `limits` (closing slow and idle ones, refusing those past the maximum) and reports
    /// clients going away, so that ``ImageProxyResponder`` cancels their requests' work.
    public func httpServer(limits: ConnectionLimits = ConnectionLimits()) -> HTTPServerBuilder {
        let (disconnects, connections) = (self.disconnects, self.connections)
        return .http1(
            configuration: .init(
                additionalChannelHandlers: [
                    ClientDisconnectInstaller(cancellation: disconnects),
                    ConnectionGuard(limits: limits, connections: connections),
                ]
            )
        )
    }

    /// The connections open now to the servers from ``httpServer(limits:)``.
    public var openConnectionCount: Int { connections.current }
}
