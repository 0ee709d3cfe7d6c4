// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

public import HTTPTypes
public import Tracing

/// The server span of each image request, whichever server answers it, made by the proxy's
/// tracer: to be current while the request runs — so that the pipeline's spans
/// (`NukeObservability`'s `PipelineTracing`) go under it — and ended when the response is ready.
///
/// The span is named `<method> <route>` and carries OpenTelemetry's HTTP attributes:
/// `http.request.method`, `http.route`, `url.path` as ``ProxyPath/loggable(_:pathPrefix:)`` has
/// it (never the signature, a source's credentials or its query), `http.response.status_code`,
/// `http.response.body.size` when known, and the request's id (`nuke.request_id`) and source host
/// (`nuke.source_host`). A 5xx answer marks the span as failed.
///
/// A request's own trace context (W3C `traceparent`, or what the tracer's propagators read) is
/// continued only when ``ProxyConfiguration/continuesIncomingTraces`` is set: a public client
/// could otherwise choose trace ids and sampling for the server's spans.
public struct ProxyRequestTracing: Sendable {
    private let tracer: any Tracer
    private let pathPrefix: String
    private let continuesIncomingTraces: Bool

    /// The route every image request is traced under: the path prefix and `/**`.
    public let route: String

    /// Spans made by `proxy`'s tracer.
    public init(proxy: ImageProxy) {
        self.tracer = proxy.tracer
        self.pathPrefix = proxy.configuration.pathPrefix
        self.route = pathPrefix + "/**"
        self.continuesIncomingTraces = proxy.configuration.continuesIncomingTraces
    }

    /// Starts the span of a request for `path` (as sent, without the query) under the current
    /// service context, or under the trace context `headers` carry when that is allowed.
    public func startSpan(method: String, path: String, headers: HTTPFields, requestID: String) -> any Span {
        var parent = ServiceContext.current ?? .topLevel
        if continuesIncomingTraces {
            tracer.extract(headers, into: &parent, using: HeaderExtractor())
        }
        let span: any Span = tracer.startSpan("\(method) \(route)", context: parent, ofKind: .server)
        // Without a tracer that records, nothing is worked out for it.
        guard span.isRecording else { return span }
        let (path, sourceHost) = ProxyPath.loggable(path, pathPrefix: pathPrefix)
        span.updateAttributes { attributes in
            attributes["http.request.method"] = method
            attributes["http.route"] = route
            attributes["url.path"] = path
            attributes["nuke.request_id"] = requestID
            if let sourceHost, !sourceHost.isEmpty { attributes["nuke.source_host"] = sourceHost }
        }
        return span
    }

    /// Records how the request was answered on `span` and ends it.
    public func end(_ span: any Span, status: Int, bytes: Int?) {
        span.updateAttributes { attributes in
            attributes["http.response.status_code"] = status
            if let bytes { attributes["http.response.body.size"] = bytes }
        }
        if status >= 500 { span.setStatus(SpanStatus(code: .error)) }
        span.end()
    }
}

/// Reads trace context from request headers.
private struct HeaderExtractor: Extractor {
    func extract(key: String, from headers: HTTPFields) -> String? {
        HTTPField.Name(key).flatMap { headers[$0] }
    }
}
