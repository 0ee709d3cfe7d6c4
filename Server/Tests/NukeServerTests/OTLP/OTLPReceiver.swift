// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

import Foundation
import NukeTestSupport

/// An OpenTelemetry collector for the tests: `otlp-receiver.py` beside this file, which decodes
/// OTLP/HTTP protobuf bodies with PyPI's `opentelemetry-proto` and writes each span and metric it
/// received as a JSON line. Killed when released.
final class OTLPReceiver: Sendable {
    /// A span as the collector received it.
    struct Span: Sendable {
        let service: String?
        let name: String
        let traceID: String
        let spanID: String
        /// Empty for a root span.
        let parentSpanID: String
        /// OTLP's `SpanKind`: 2 is server, 1 internal.
        let kind: Int
        /// OTLP's `StatusCode`: 2 is error.
        let status: Int
        let attributes: [String: String]
    }

    /// The Python with `opentelemetry-proto`: the README's virtual environment, else `python3`.
    static let python: String? = {
        let home = ProcessInfo.processInfo.environment["HOME"] ?? ""
        return [home + "/.cache/nuke-moto/bin/python", "/usr/bin/python3"].first {
            FileManager.default.isExecutableFile(atPath: $0)
        }
    }()

    let child: ChildProcess
    /// `http://127.0.0.1:<port>`, for `--otel-endpoint`.
    let endpoint: String
    private let directory: TemporaryDirectory

    init() async throws {
        guard let python = Self.python else { throw TestError("no python3 for the OTLP receiver") }
        directory = try TemporaryDirectory(prefix: "nuke-otlp")
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
            "otlp-receiver.py"
        )
        let child = try ChildProcess(URL(fileURLWithPath: python), [script.path], in: directory)
        self.child = child
        // Polls: the receiver says which port it took only on its output.
        _ = await waitUntil { !child.isRunning || Self.port(in: child.output) != nil }
        guard let port = Self.port(in: child.output) else {
            child.signal(SIGKILL)
            throw TestError("the OTLP receiver did not start (is opentelemetry-proto installed?): \(child.errors)")
        }
        endpoint = "http://127.0.0.1:\(port)"
    }

    deinit {
        if child.isRunning { child.signal(SIGKILL) }
    }

    /// The spans received so far.
    var spans: [Span] {
        lines(of: "span").map { object in
            Span(
                service: object["service"] as? String,
                name: object["name"] as? String ?? "",
                traceID: object["trace_id"] as? String ?? "",
                spanID: object["span_id"] as? String ?? "",
                parentSpanID: object["parent_span_id"] as? String ?? "",
                kind: object["kind"] as? Int ?? 0,
                status: object["status"] as? Int ?? 0,
                attributes: (object["attributes"] as? [String: Any] ?? [:]).mapValues { "\($0)" }
            )
        }
    }

    /// The names of the metrics received so far.
    var metricNames: Set<String> {
        Set(lines(of: "metric").compactMap { $0["name"] as? String })
    }

    private func lines(of signal: String) -> [[String: Any]] {
        child.output.split(separator: "\n").dropFirst().compactMap { line in
            let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
            return object?["signal"] as? String == signal ? object : nil
        }
    }

    private static func port(in output: String) -> Int? {
        guard let line = output.split(separator: "\n").first, line.hasPrefix("listening on "),
            output.contains("\n")
        else { return nil }
        return Int(line.dropFirst("listening on ".count))
    }
}
