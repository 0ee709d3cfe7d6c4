// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

import Foundation
import HTTPTypes
public import Hummingbird

/// Serves an ``ImageProxy`` with Hummingbird: add it to your router for any path, or use it as a
/// whole application's responder.
///
/// ```swift
/// let router = Router()
/// router.get("/health") { _, _ in "ok" }
/// router.get("**", use: ImageProxyResponder(proxy: proxy).respond)
/// ```
///
/// Request metrics and CORS are middleware (``ProxyMetricsMiddleware``, ``ProxyCORSMiddleware``):
/// add them to the routes the responder serves, as ``ImageProxy/router(context:)`` does.
///
/// When the context is a ``ConnectionRequestContext`` (``ProxyRequestContext`` is one) and the
/// server comes from ``ImageProxy/httpServer(limits:)``, a client that disconnects cancels
/// its request's work: the pipeline cancels the download and decode unless other requests share
/// them.
public struct ImageProxyResponder<Context: RequestContext>: HTTPResponder {
    /// The proxy that answers.
    public let proxy: ImageProxy

    /// A responder for `proxy`.
    public init(proxy: ImageProxy) {
        self.proxy = proxy
    }

    /// Answers `GET` and `HEAD` requests with the proxy's response; other methods get 405 (a CORS
    /// preflight is ``ProxyCORSMiddleware``'s to answer).
    public func respond(to request: Request, context: Context) async throws -> Response {
        guard request.method == .get || request.method == .head else {
            return Response(status: .methodNotAllowed, headers: [.allow: "GET, HEAD"])
        }
        let (path, headers) = (request.uri.path, request.headers)
        let proxy = self.proxy
        // The work starts on the pipeline's workers, so it resumes there after the load and encodes
        // without a hop (under load, each hop waits for a free core).
        let work = Task(executorPreference: proxy.pipeline.configuration.workerPool) {
            await proxy.respond(to: path, headers: headers)
        }
        var watched: (connection: ObjectIdentifier, token: Int)?
        if let channel = (context as? any ConnectionRequestContext)?.channel {
            let connection = ObjectIdentifier(channel)
            // A client gone before this line is not seen: its request runs to the end, alone.
            watched = (connection, proxy.disconnects.start(connection: connection) { work.cancel() })
        }
        let answer = await withTaskCancellationHandler {
            await work.value
        } onCancel: {
            work.cancel()
        }
        if let watched { proxy.disconnects.finish(connection: watched.connection, token: watched.token) }
        return Self.response(answer, withBody: request.method != .head)
    }

    /// `answer` as a Hummingbird response; without its body (for `HEAD`), its length is still
    /// given.
    static func response(_ answer: ProxyResponse, withBody: Bool) -> Response {
        var headers = answer.headers
        let body = withBody ? ResponseBody(byteBuffer: ByteBuffer(bytes: answer.body)) : ResponseBody()
        if !withBody { headers[.contentLength] = String(answer.body.count) }
        return Response(status: HTTPResponse.Status(code: answer.status), headers: headers, body: body)
    }
}
