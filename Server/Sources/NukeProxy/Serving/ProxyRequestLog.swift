// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

public import Logging

/// The line logged for each image request once answered, whichever server answered it: method,
/// path as ``ProxyPath/loggable(_:pathPrefix:)`` has it (no signature, no credentials, no query),
/// status, time taken, the body's size and its content type when known (the format negotiated),
/// also as metadata (`request_id`, `method`, `path`, `source_host`, `status`, `duration_ms`,
/// `bytes`, `content_type`) for structured log handlers. Why a
/// request failed is logged by the proxy itself, where the cause is known.
public struct ProxyRequestLog: Sendable {
    private let logger: Logger
    private let level: Logger.Level
    private let pathPrefix: String

    /// Lines to `proxy`'s logger at `level`.
    public init(proxy: ImageProxy, level: Logger.Level = .info) {
        self.logger = proxy.logger
        self.level = level
        self.pathPrefix = proxy.configuration.pathPrefix
    }

    /// Logs a request for `path` (as sent, without the query) answered with `status`, a body of
    /// `bytes` of `contentType`.
    public func record(
        method: String,
        path: String,
        requestID: String,
        status: Int,
        bytes: Int?,
        contentType: String? = nil,
        duration: Duration
    ) {
        guard logger.logLevel <= level else { return }
        let milliseconds =
            Double(duration.components.seconds) * 1000 + Double(duration.components.attoseconds) / 1e15
        let rounded = (milliseconds * 10).rounded() / 10
        let (path, sourceHost) = ProxyPath.loggable(path, pathPrefix: pathPrefix)
        var metadata: Logger.Metadata = [
            "request_id": "\(requestID)",
            "method": "\(method)",
            "path": "\(path)",
            "status": .stringConvertible(status),
            "duration_ms": .stringConvertible(rounded),
        ]
        if let sourceHost, !sourceHost.isEmpty { metadata["source_host"] = "\(sourceHost)" }
        if let bytes { metadata["bytes"] = .stringConvertible(bytes) }
        if let contentType { metadata["content_type"] = "\(contentType)" }
        let size = bytes.map { " \($0) B" } ?? ""
        let type = contentType.map { " " + $0 } ?? ""
        logger.log(level: level, "\(method) \(path) \(status) \(rounded) ms\(size)\(type)", metadata: metadata)
    }
}
