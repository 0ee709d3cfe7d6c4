// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

import CoreMetrics
import Foundation
import Logging
import OTel
import ServiceLifecycle
import Tracing

/// Traces and metrics exported to an OpenTelemetry collector over OTLP/HTTP with protobuf
/// (swift-otel): the tracer request and pipeline spans are made by, the metrics factory beside
/// Prometheus's, and the services that batch and send them, run beside the server by
/// ``running(_:)``.
struct TelemetryExport {
    /// How long, after the server has stopped, what is held may take to be sent: a collector that
    /// is down neither holds up a stop nor turns it into a failure.
    static let flushTimeout = Duration.seconds(5)

    let tracer: any Tracer
    let metricsFactory: any MetricsFactory
    /// Where the export goes: `--otel-endpoint`'s URL, or `OTEL_EXPORTER_OTLP_ENDPOINT`'s.
    let endpoint: String
    private let services: [any Service]
    private let logger: Logger

    /// The export `endpoint` (`--otel-endpoint`) asks for, or `OTEL_EXPORTER_OTLP_ENDPOINT` in
    /// `environment` when it is not given; `nil` when neither is, or `OTEL_SDK_DISABLED` is true.
    /// OpenTelemetry's other `OTEL_…` variables in the process's environment tune it (swift-otel
    /// reads them, and they win over `endpoint`).
    init?(endpoint: String?, environment: [String: String], logger: Logger) throws(SettingsError) {
        guard environment["OTEL_SDK_DISABLED"]?.lowercased() != "true",
            let resolved = endpoint ?? environment["OTEL_EXPORTER_OTLP_ENDPOINT"]
        else { return nil }
        self.endpoint = resolved
        try Self.checkProtocols(in: environment)
        var configuration = OTel.Configuration.default
        configuration.serviceName = "nuke-server"
        configuration.diagnosticLogger = .custom(logger)
        configuration.logs.enabled = false
        self.logger = logger
        if let endpoint {
            let base = endpoint.hasSuffix("/") ? String(endpoint.dropLast()) : endpoint
            configuration.traces.otlpExporter.endpoint = base + "/v1/traces"
            configuration.metrics.otlpExporter.endpoint = base + "/v1/metrics"
        }
        do {
            let traces = try OTel.makeTracingBackend(configuration: configuration)
            let metrics = try OTel.makeMetricsBackend(configuration: configuration)
            tracer = traces.factory
            metricsFactory = metrics.factory
            services = [traces.service, metrics.service]
        } catch {
            throw SettingsError("OpenTelemetry export cannot start: \(error)")
        }
    }

    /// Runs `server` with the exporters beside it; once it has returned or thrown, sends the last
    /// spans and a last reading of the metrics, for at most ``flushTimeout``, and returns or
    /// throws as it did.
    func running(_ server: () async throws -> Void) async throws {
        let exporters = ServiceGroup(
            configuration: .init(services: services.map { .init(service: $0) }, logger: logger)
        )
        try await withThrowingTaskGroup(of: Void.self) { tasks in
            tasks.addTask { try await exporters.run() }
            var failure: (any Error)?
            do {
                try await server()
            } catch {
                failure = error
            }
            await exporters.triggerGracefulShutdown()
            tasks.addTask {
                try await Task.sleep(for: Self.flushTimeout)
                throw FlushTimedOut()
            }
            do {
                try await tasks.next()
            } catch {
                logger.warning("traces and metrics: \(error)")
            }
            tasks.cancelAll()
            if let failure { throw failure }
        }
    }

    /// Refuses an `OTEL_EXPORTER_OTLP_…PROTOCOL` other than those built in (`http/protobuf`,
    /// `http/json`): swift-otel stops the process on `grpc` without its gRPC trait.
    static func checkProtocols(in environment: [String: String]) throws(SettingsError) {
        for signal in ["", "TRACES_", "METRICS_"] {
            let name = "OTEL_EXPORTER_OTLP_\(signal)PROTOCOL"
            if let value = environment[name], !["http/protobuf", "http/json"].contains(value) {
                throw SettingsError("\(name) is http/protobuf or http/json (the protocols built in), not '\(value)'")
            }
        }
    }

    /// Whether `text` is an endpoint `--otel-endpoint` takes: an `http` or `https` URL with a host.
    static func isEndpoint(_ text: String) -> Bool {
        guard let components = URLComponents(string: text), let scheme = components.scheme?.lowercased() else {
            return false
        }
        return ["http", "https"].contains(scheme) && !(components.host ?? "").isEmpty
            && components.query == nil && components.fragment == nil
    }
}

/// What was held was not all sent within ``TelemetryExport/flushTimeout`` of stopping.
private struct FlushTimedOut: Error, CustomStringConvertible {
    var description: String { "not all sent within \(TelemetryExport.flushTimeout) of stopping" }
}
