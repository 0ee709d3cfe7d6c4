// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

public import NukeProxy
public import Vapor

extension RoutesBuilder {
    /// Serves `proxy` under its configuration's `pathPrefix` (the routes' own path, such as
    /// `/images`, which the proxy removes before it checks the signature): `GET <prefix>/health`,
    /// and `GET`, `HEAD` and `OPTIONS` of every path below the prefix.
    ///
    /// ```swift
    /// import NukeVapor
    /// import Vapor
    ///
    /// let app = try await Application.make(.detect())
    /// app.serveImages(ImageProxy(configuration: .init(signature: .init(keys: [try .init(hexKey: "736563726574", hexSalt: "68656c6c6f")]))))
    /// ```
    @discardableResult
    public func serveImages(_ proxy: ImageProxy) -> ImageProxyVaporResponder {
        let responder = ImageProxyVaporResponder(proxy: proxy)
        let prefix = proxy.configuration.pathPrefix.split(separator: "/").map {
            PathComponent(stringLiteral: String($0))
        }
        get(prefix + ["health"]) { _ in await responder.health() }
        for method in [HTTPMethod.GET, .HEAD, .OPTIONS] {
            on(method, prefix + [.catchall]) { request in await responder.respond(to: request) }
        }
        return responder
    }
}
