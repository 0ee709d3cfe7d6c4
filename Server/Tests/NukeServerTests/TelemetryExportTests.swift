// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

import Foundation
import NukeHummingbird
import NukeTestSupport
import Testing

@Suite("nuke-server exports traces and metrics to an OpenTelemetry collector (OTLP/HTTP)")
struct TelemetryExportTests {
    private static let key = "736563726574"
    private static let salt = "68656c6c6f"
    private static let traceID = "4bf92f3577b34da6a3ce929d0e0e4736"
    private static let callerSpanID = "00f067aa0ba902b7"

    @Test(
        "--otel-endpoint: a server span per image request, the pipeline's task and stage spans under it, the metrics; never the signature"
    )
    func spansAndMetricsReachTheCollector() async throws {
        let receiver = try await OTLPReceiver()
        let origin = try HTTPTestServer()
        defer { origin.stop() }
        origin.route("/photo.jpg") { _ in .ok(NukeServerExecutableTests.photo, contentType: "image/jpeg") }
        let server = try await RunningServer(
            [
                "--key", Self.key, "--salt", Self.salt, "--allow-private-addresses", "--otel-endpoint",
                receiver.endpoint, "--otel-propagate-external",
            ],
            environment: ["OTEL_SERVICE_NAME": "nuke-server-under-test"]
        )
        let signer = URLSignature(keys: [try URLSignature.Key(hexKey: Self.key, hexSalt: Self.salt)])
        let path = signer.sign("/w:64/plain/" + origin.url("/photo.jpg").absoluteString)
        let signature = String(path.dropFirst().prefix { $0 != "/" })
        let request = try server.startRequest(
            path,
            savingBodyTo: "out",
            headers: ["traceparent: 00-\(Self.traceID)-\(Self.callerSpanID)-01", "X-Request-ID: trace-me"]
        )
        #expect(try await request.exitStatus() == 0)
        #expect(request.output == "200")

        // Stopping the server sends what it still holds: the last spans, a last reading of metrics.
        server.child.signal(SIGTERM)
        #expect(try await server.child.exitStatus() == 0)

        let spans = receiver.spans
        #expect(spans.allSatisfy { $0.service == "nuke-server-under-test" && $0.traceID == Self.traceID })
        let serverSpan = try #require(spans.first { $0.kind == 2 }, "\(spans.map(\.name))")
        #expect(serverSpan.name == "GET /**")
        #expect(serverSpan.parentSpanID == Self.callerSpanID, "the caller's trace continued")
        #expect(serverSpan.attributes["http.response.status_code"] == "200")
        #expect(serverSpan.attributes["http.request.method"] == "GET")
        #expect(serverSpan.attributes["url.path"] == "/-/w:64/plain/" + origin.url("/photo.jpg").absoluteString)
        #expect(serverSpan.attributes["nuke.request_id"] == "trace-me")
        #expect(serverSpan.attributes["nuke.source_host"] == "127.0.0.1")
        let task = try #require(spans.first { $0.name == "nuke.image_task" })
        #expect(task.parentSpanID == serverSpan.spanID)
        #expect(task.attributes["nuke.url"] == origin.url("/photo.jpg").absoluteString)
        let stages = Set(spans.filter { $0.parentSpanID == task.spanID }.map(\.name))
        #expect(stages.isSuperset(of: ["nuke.load", "nuke.decode", "nuke.process"]), "\(stages)")
        for span in spans {
            #expect(!span.attributes.values.contains { $0.contains(signature) }, "\(span.name) holds the signature")
        }

        let metrics = receiver.metricNames
        #expect(metrics.contains("nuke_server_requests_total"), "\(metrics)")
        #expect(metrics.contains("nuke_pipeline_stage_duration_seconds"), "\(metrics)")
    }

    @Test("A request's traceparent starts no trace of the server's unless --otel-propagate-external")
    func incomingTraceContextIsNotTrustedByDefault() async throws {
        let receiver = try await OTLPReceiver()
        let server = try await RunningServer(["--allow-unsigned", "--otel-endpoint", receiver.endpoint + "/"])
        // A path that does not parse: answered at once, its span with the 400.
        let request = try server.startRequest(
            "/unsafe/nonsense",
            savingBodyTo: "out",
            headers: ["traceparent: 00-\(Self.traceID)-\(Self.callerSpanID)-01"]
        )
        #expect(try await request.exitStatus() == 0)
        #expect(request.output == "400")
        server.child.signal(SIGTERM)
        #expect(try await server.child.exitStatus() == 0)

        let serverSpan = try #require(receiver.spans.first { $0.kind == 2 })
        #expect(serverSpan.parentSpanID.isEmpty)
        #expect(serverSpan.traceID != Self.traceID)
        #expect(serverSpan.attributes["http.response.status_code"] == "400")
        #expect(serverSpan.service == "nuke-server")
    }

    @Test("A collector that is down: requests are answered, and SIGTERM still stops the server cleanly")
    func collectorDown() async throws {
        let nothingListens = try unusedLoopbackPort()
        let server = try await RunningServer([
            "--allow-unsigned", "--otel-endpoint", "http://127.0.0.1:\(nothingListens)",
        ])
        let request = try server.startRequest("/unsafe/nonsense", savingBodyTo: "out")
        #expect(try await request.exitStatus() == 0)
        #expect(request.output == "400")
        server.child.signal(SIGTERM)
        #expect(try await server.child.exitStatus() == 0)
        #expect(server.child.errors.contains("nuke-server stopped"))
    }

    @Test(
        "--otel-endpoint takes an http or https URL, OTEL_EXPORTER_OTLP_PROTOCOL a protocol built in; else a usage error"
    )
    func endpointIsChecked() async throws {
        let directory = try TemporaryDirectory(prefix: "nuke-server-otel")
        for endpoint in ["127.0.0.1:4318", "ftp://collector:4318", "http://"] {
            let child = try ChildProcess(
                RunningServer.executable,
                ["--allow-unsigned", "--otel-endpoint", endpoint, "--print-settings"],
                in: directory
            )
            #expect(try await child.exitStatus() == 64, "\(endpoint)")
            #expect(child.errors.contains("--otel-endpoint is an http or https URL"), "\(endpoint): \(child.errors)")
        }
        // gRPC is not built in: a usage error, not swift-otel stopping the process.
        let grpc = try ChildProcess(
            RunningServer.executable,
            ["--allow-unsigned", "--port", "0", "--otel-endpoint", "http://127.0.0.1:4317"],
            environment: ["OTEL_EXPORTER_OTLP_PROTOCOL": "grpc"],
            in: directory
        )
        #expect(try await grpc.exitStatus() == 64)
        #expect(grpc.errors.contains("OTEL_EXPORTER_OTLP_PROTOCOL is http/protobuf or http/json"), "\(grpc.errors)")
    }
}
