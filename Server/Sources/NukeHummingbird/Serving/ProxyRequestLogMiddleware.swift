// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

public import Hummingbird
public import Logging

/// Logs one line for each request of the routes it is added to, once it is answered: method, path
/// as ``ProxyPath/loggable(_:pathPrefix:)`` has it (no signature, no credentials, no query),
/// status, time taken and the body's size when known, also as metadata (`request_id`, `method`,
/// `path`, `source_host`, `status`, `duration_ms`, `bytes`) for structured log handlers. Why a
/// request failed is logged by the proxy itself, where the cause is known.
///
/// The request runs with the proxy pipeline's worker threads as its preferred executor (where
/// ``ImageProxyResponder`` runs it anyway), so that writing the line — a log handler may block on
/// its output — happens there, not on the cooperative pool.
public struct ProxyRequestLogMiddleware<Context: RequestContext>: RouterMiddleware {
    private let logger: Logger
    private let level: Logger.Level
    private let workers: any TaskExecutor
    private let pathPrefix: String

    /// Logs to `proxy`'s logger at `level`.
    public init(proxy: ImageProxy, level: Logger.Level = .info) {
        self.logger = proxy.logger
        self.level = level
        self.workers = proxy.pipeline.configuration.workerPool
        self.pathPrefix = proxy.configuration.pathPrefix
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
                let bytes = response.body.contentLength
                log(request, context: context, status: response.status.code, bytes: bytes, since: start)
                return response
            } catch {
                let status = (error as? any HTTPResponseError)?.status.code ?? 500
                log(request, context: context, status: status, bytes: nil, since: start)
                throw error
            }
        }
    }

    private func log(
        _ request: Request,
        context: Context,
        status: Int,
        bytes: Int?,
        since start: ContinuousClock.Instant
    ) {
        guard logger.logLevel <= level else { return }
        let elapsed = ContinuousClock.now - start
        let milliseconds = Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15
        let duration = (milliseconds * 10).rounded() / 10
        let (path, sourceHost) = ProxyPath.loggable(request.uri.path, pathPrefix: pathPrefix)
        var metadata: Logger.Metadata = [
            "request_id": "\(ProxyRequestIDMiddleware.id(of: request, context: context))",
            "method": "\(request.method)",
            "path": "\(path)",
            "status": .stringConvertible(status),
            "duration_ms": .stringConvertible(duration),
        ]
        if let sourceHost, !sourceHost.isEmpty { metadata["source_host"] = "\(sourceHost)" }
        if let bytes { metadata["bytes"] = .stringConvertible(bytes) }
        let size = bytes.map { " \($0) B" } ?? ""
        logger.log(level: level, "\(request.method) \(path) \(status) \(duration) ms\(size)", metadata: metadata)
    }
}
