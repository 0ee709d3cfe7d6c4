// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

public import Hummingbird
public import Logging

/// Logs ``ProxyRequestLog``'s line for each request of the routes it is added to, once it is
/// answered.
///
/// The request runs with the proxy pipeline's worker threads as its preferred executor (where
/// ``ImageProxyResponder`` runs it anyway), so that writing the line — a log handler may block on
/// its output — happens there, not on the cooperative pool.
public struct ProxyRequestLogMiddleware<Context: RequestContext>: RouterMiddleware {
    private let log: ProxyRequestLog
    private let workers: any TaskExecutor

    /// Logs to `proxy`'s logger at `level`.
    public init(proxy: ImageProxy, level: Logger.Level = .info) {
        self.log = ProxyRequestLog(proxy: proxy, level: level)
        self.workers = proxy.pipeline.configuration.workerPool
    }

    /// Runs the request and logs how it was answered; a request that throws is logged with the
    /// status its error carries (500 when it carries none).
    public func handle(
        _ request: Request,
        context: Context,
        next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        try await withTaskExecutorPreference(workers) {
            let start = ContinuousClock.now
            do {
                let response = try await next(request, context)
                record(
                    request,
                    context: context,
                    status: response.status.code,
                    bytes: response.body.contentLength,
                    contentType: response.headers[.contentType],
                    since: start
                )
                return response
            } catch {
                let status = (error as? any HTTPResponseError)?.status.code ?? 500
                record(request, context: context, status: status, bytes: nil, contentType: nil, since: start)
                throw error
            }
        }
    }

    private func record(
        _ request: Request,
        context: Context,
        status: Int,
        bytes: Int?,
        contentType: String?,
        since start: ContinuousClock.Instant
    ) {
        log.record(
            method: "\(request.method)",
            path: request.uri.path,
            requestID: ProxyRequestIDMiddleware.id(of: request, context: context),
            status: status,
            bytes: bytes,
            contentType: contentType,
            duration: ContinuousClock.now - start
        )
    }
}
