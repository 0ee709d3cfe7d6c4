// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

import HTTPTypes
import NIOHTTPTypesHTTP1
public import NukeProxy
import Tracing
public import Vapor

/// Serves an `ImageProxy` with Vapor: the same answers as NukeHummingbird's (signatures, options,
/// format negotiation, caches, limits, errors — all the proxy's own), with its request id, CORS,
/// metrics, request log and request span, each NukeProxy's shared piece.
///
/// The work runs on the pipeline's worker threads, never on Vapor's event loops: the proxy's
/// loads, decodes and encodes, and writing the log line.
public struct ImageProxyVaporResponder: Sendable {
    /// The proxy that answers.
    public let proxy: ImageProxy
    private let log: ProxyRequestLog?
    private let tracing: ProxyRequestTracing

    /// A responder for `proxy`, logging at its configuration's `requestLogLevel`.
    public init(proxy: ImageProxy) {
        self.proxy = proxy
        self.log = proxy.configuration.requestLogLevel.map { ProxyRequestLog(proxy: proxy, level: $0) }
        self.tracing = ProxyRequestTracing(proxy: proxy)
    }

    /// Answers an image request: `GET` and `HEAD` with the proxy's response (Vapor's server sends
    /// a `HEAD` answer's headers, its length included, without the body), a CORS preflight
    /// (`OPTIONS`) with 204 when the configuration allows an origin, anything else with 405.
    public func respond(to request: Request) async -> Response {
        let (method, path, headers, serverID) = (
            request.method.rawValue, request.url.path, HTTPFields(request.headers, splitCookie: false), request.id
        )
        let work = Task(executorPreference: proxy.pipeline.configuration.workerPool) {
            await self.answer(method: method, path: path, headers: headers, serverID: serverID)
        }
        let answered = await withTaskCancellationHandler {
            await work.value
        } onCancel: {
            work.cancel()
        }
        return Response(answered)
    }

    /// `GET <prefix>/health`: whether the proxy's pipeline still decodes and processes.
    public func health() async -> Response {
        Response(await proxy.health.response())
    }

    private func answer(method: String, path: String, headers: HTTPFields, serverID: String) async -> ProxyResponse {
        let start = ContinuousClock.now
        let requestID = ProxyRequestID.id(in: headers, otherwise: serverID)
        let span = tracing.startSpan(method: method, path: path, headers: headers, requestID: requestID)
        let allowedOrigin = proxy.configuration.allowedOrigin
        var answer: ProxyResponse
        if method == "GET" || method == "HEAD" {
            answer = await ServiceContext.$current.withValue(span.context) {
                await proxy.respond(to: path, headers: headers)
            }
        } else if method == "OPTIONS", let allowedOrigin {
            answer = ProxyResponse(status: 204, headers: ProxyCORS.preflightHeaders(allowing: allowedOrigin))
        } else {
            answer = ProxyResponse(status: 405, headers: [.allow: "GET, HEAD"])
        }
        if let allowedOrigin { answer.headers[.accessControlAllowOrigin] = allowedOrigin }
        answer.headers[ProxyRequestID.headerName] = requestID
        let bytes = method == "HEAD" ? 0 : answer.body.count
        tracing.end(span, status: answer.status, bytes: bytes)
        let duration = ContinuousClock.now - start
        proxy.metrics.requestFinished(status: answer.status, duration: duration)
        log?.record(
            method: method,
            path: path,
            requestID: requestID,
            status: answer.status,
            bytes: bytes,
            contentType: answer.headers[.contentType],
            duration: duration
        )
        return answer
    }
}

extension Response {
    /// `answer` as a Vapor response.
    convenience init(_ answer: ProxyResponse) {
        self.init(
            status: HTTPResponseStatus(statusCode: answer.status),
            headers: HTTPHeaders(answer.headers),
            body: .init(data: answer.body)
        )
    }
}
