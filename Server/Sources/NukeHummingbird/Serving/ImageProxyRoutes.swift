// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

public import Hummingbird

extension ImageProxy {
    /// A router that answers `GET /health` with `ok` and every other `GET` and `HEAD` path with
    /// the proxy.
    ///
    /// To add image routes to an application of your own, register an
    /// ``ImageProxyResponder`` on your router instead.
    public func router<Context: RequestContext>(context: Context.Type = BasicRequestContext.self) -> Router<Context> {
        let router = Router(context: Context.self)
        router.get("/health") { _, _ in "ok\n" }
        let responder = ImageProxyResponder<Context>(proxy: self)
        router.get("**", use: responder.respond)
        router.head("**", use: responder.respond)
        return router
    }
}
