// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

public import Hummingbird

/// Counts the requests of the routes it is added to and times them, by status
/// (`nuke_server_requests_total{status}`, `nuke_server_request_duration_seconds{status}`; see
/// ``ProxyMetrics``).
public struct ProxyMetricsMiddleware<Context: RequestContext>: RouterMiddleware {
    private let metrics: ProxyMetrics

    /// Records into `proxy`'s metrics.
    public init(proxy: ImageProxy) {
        self.metrics = proxy.metrics
    }

    /// Runs the request and records its status and how long it took to answer; a request that
    /// throws is recorded with the status its error carries (500 when it carries none).
    public func handle(
        _ request: Request,
        context: Context,
        next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        let start = ContinuousClock.now
        do {
            let response = try await next(request, context)
            metrics.requestFinished(status: response.status.code, duration: ContinuousClock.now - start)
            return response
        } catch {
            let status = (error as? any HTTPResponseError)?.status.code ?? 500
            metrics.requestFinished(status: status, duration: ContinuousClock.now - start)
            throw error
        }
    }
}
