// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

import HTTPTypes
public import Hummingbird
import Tracing

/// Opens a server span for each request of the routes it is added to, current while the request
/// runs — so that the pipeline's spans (`NukeObservability`'s `PipelineTracing`) go under it —
/// and ended when the response is ready (as ``ProxyRequestLogMiddleware`` times it).
///
/// The span is named `<method> <route>` and carries OpenTelemetry's HTTP attributes:
/// `http.request.method`, `http.route`, `url.path` as ``ProxyPath/loggable(_:pathPrefix:)`` has
/// it (never the signature, a source's credentials or its query), `http.response.status_code`,
/// `http.response.body.size` when known, and the request's id (`nuke.request_id`) and source host
/// (`nuke.source_host`). A 5xx answer marks the span as failed.
///
/// A request's own trace context (W3C `traceparent`, or what the tracer's propagators read) is
/// continued only when `continuesIncomingTraces` is set: a public client could otherwise choose
/// trace ids and sampling for the server's spans.
public struct ProxyTracingMiddleware<Context: RequestContext>: RouterMiddleware {
    private let tracer: any Tracer
    private let route: String
    private let pathPrefix: String
    private let continuesIncomingTraces: Bool

    /// Spans made by `proxy`'s tracer, continuing incoming traces when its configuration's
    /// ``ProxyConfiguration/continuesIncomingTraces`` says so.
    public init(proxy: ImageProxy) {
        self.tracer = proxy.tracer
        self.pathPrefix = proxy.configuration.pathPrefix
        self.route = pathPrefix + "/**"
        self.continuesIncomingTraces = proxy.configuration.continuesIncomingTraces
    }

    /// Runs the request under its span and records how it was answered.
    public func handle(
        _ request: Request,
        context: Context,
        next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        var parent = ServiceContext.current ?? .topLevel
        if continuesIncomingTraces {
            tracer.extract(request.headers, into: &parent, using: HeaderExtractor())
        }
        let span: any Span = tracer.startSpan("\(request.method) \(route)", context: parent, ofKind: .server)
        if span.isRecording {
            let (path, sourceHost) = ProxyPath.loggable(request.uri.path, pathPrefix: pathPrefix)
            span.updateAttributes { attributes in
                attributes["http.request.method"] = "\(request.method)"
                attributes["http.route"] = route
                attributes["url.path"] = path
                attributes["nuke.request_id"] = ProxyRequestIDMiddleware.id(of: request, context: context)
                if let sourceHost, !sourceHost.isEmpty { attributes["nuke.source_host"] = sourceHost }
            }
        }
        do {
            let response = try await ServiceContext.$current.withValue(span.context) {
                try await next(request, context)
            }
            record(status: response.status.code, bytes: response.body.contentLength, on: span)
            span.end()
            return response
        } catch {
            record(status: (error as? any HTTPResponseError)?.status.code ?? 500, bytes: nil, on: span)
            span.end()
            throw error
        }
    }

    private func record(status: Int, bytes: Int?, on span: any Span) {
        span.updateAttributes { attributes in
            attributes["http.response.status_code"] = status
            if let bytes { attributes["http.response.body.size"] = bytes }
        }
        if status >= 500 { span.setStatus(SpanStatus(code: .error)) }
    }
}

/// Reads trace context from request headers.
private struct HeaderExtractor: Extractor {
    func extract(key: String, from headers: HTTPFields) -> String? {
        HTTPField.Name(key).flatMap { headers[$0] }
    }
}
