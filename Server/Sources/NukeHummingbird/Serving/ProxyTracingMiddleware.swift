// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

public import Hummingbird
import Tracing

/// Opens ``ProxyRequestTracing``'s server span for each request of the routes it is added to,
/// current while the request runs, ended when the response is ready (as
/// ``ProxyRequestLogMiddleware`` times it).
public struct ProxyTracingMiddleware<Context: RequestContext>: RouterMiddleware {
    private let tracing: ProxyRequestTracing

    /// Spans made by `proxy`'s tracer, continuing incoming traces when its configuration's
    /// ``ProxyConfiguration/continuesIncomingTraces`` says so.
    public init(proxy: ImageProxy) {
        self.tracing = ProxyRequestTracing(proxy: proxy)
    }

    /// Runs the request under its span and records how it was answered.
    public func handle(
        _ request: Request,
        context: Context,
        next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        let span = tracing.startSpan(
            method: "\(request.method)",
            path: request.uri.path,
            headers: request.headers,
            requestID: ProxyRequestIDMiddleware.id(of: request, context: context)
        )
        do {
            let response = try await ServiceContext.$current.withValue(span.context) {
                try await next(request, context)
            }
            tracing.end(span, status: response.status.code, bytes: response.body.contentLength)
            return response
        } catch {
            tracing.end(span, status: (error as? any HTTPResponseError)?.status.code ?? 500, bytes: nil)
            throw error
        }
    }
}
