// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

import Foundation
import InMemoryTracing
import Logging
import MetricsTestKit
import Nuke
import NukeObservability
import NukeTestSupport
import Synchronization
import Testing
import Tracing

@Suite("Logs, metrics and traces of a pipeline's work")
struct ObservingDelegateTests {
    let loader = MockDataLoader()
    let missing = URL(string: "http://test.com/missing")!

    init() {
        loader.setAnswer(.failure(URLError(.badServerResponse)), for: missing)
    }

    func pipeline(_ delegate: ObservingDelegate) -> ImagePipeline {
        ImagePipeline.makeTestPipeline(loader: loader, delegate: delegate) { $0.imageCache = ImageCache() }
    }

    @Test("Stage durations and waits, task outcomes by where the image came from, tasks in flight")
    func metrics() async throws {
        let factory = TestMetrics()
        let pipeline = pipeline(ObservingDelegate(logger: nil, metrics: PipelineMetrics(factory: factory)))
        let request = ImageRequest(url: .test, processors: [MockImageProcessor(id: "a")])
        _ = try await pipeline.image(for: request)
        _ = try await pipeline.image(for: request)  // From memory.
        _ = try? await pipeline.image(for: missing)

        for stage in ["load", "decode", "process"] {
            let timer = try factory.expectTimer(
                "nuke_pipeline_stage_duration_seconds",
                [("stage", stage), ("outcome", "success")]
            )
            #expect(timer.values.count == 1, "\(stage)")
            #expect(try factory.expectTimer("nuke_pipeline_queue_wait_seconds", [("stage", stage)]).values.count >= 1)
        }
        let failedLoad = try factory.expectTimer(
            "nuke_pipeline_stage_duration_seconds",
            [("stage", "load"), ("outcome", "failure")]
        )
        #expect(failedLoad.values.count == 1)
        for (outcome, count) in [("loaded", 1), ("memory", 1), ("failure", 1)] {
            #expect(try factory.expectCounter("nuke_pipeline_tasks_total", [("outcome", outcome)]).totalValue == count)
        }
        // Started three, ended three: the meter went up and down as many times and ends at 0.
        let inFlight = try factory.expectMeter("nuke_pipeline_tasks_in_flight")
        #expect(inFlight.lastValue == 0 && inFlight.values.count == 6)
    }

    @Test("A span per task under the caller's span, with its stages under it; failures marked")
    func traces() async throws {
        let tracer = InMemoryTracer()
        let pipeline = pipeline(ObservingDelegate(logger: nil, tracing: PipelineTracing(tracer: tracer)))
        try await tracer.withAnySpan("GET /image") { _ in
            _ = try await pipeline.image(for: ImageRequest(url: .test, processors: [MockImageProcessor(id: "a")]))
        }
        _ = try? await pipeline.image(for: missing)

        let spans = tracer.finishedSpans
        let request = try #require(spans.first { $0.operationName == "GET /image" })
        let tasks = spans.filter { $0.operationName == "nuke.image_task" }
        #expect(tasks.count == 2)
        let task = try #require(tasks.first { $0.parentSpanID == request.spanID })
        #expect(task.attributes["nuke.url"]?.toSpanAttribute() == .string(URL.test.absoluteString))
        let stages = spans.filter { $0.parentSpanID == task.spanID }.map(\.operationName)
        #expect(Set(stages) == ["nuke.load", "nuke.decode", "nuke.process"])
        let failed = try #require(tasks.first { $0.parentSpanID == nil })
        #expect(failed.status?.code == .error && failed.errors.count == 1)
    }

    @Test("Stage timings are logged at trace level; decisions and events still reach the wrapped delegate")
    func logsAndForwards() async throws {
        let lines = LogLines()
        var logger = Logger(label: "test") { _ in CapturingLogHandler(lines: lines) }
        logger.logLevel = .trace
        let wrapped = ImagePipelineObserver()
        let pipeline = pipeline(ObservingDelegate(wrapping: wrapped, logger: logger))
        let task = pipeline.imageTask(with: ImageRequest(url: .test))
        _ = try await task.response
        _ = try? await pipeline.image(for: missing)

        #expect(wrapped.events(for: task).last == .completed)
        let messages = lines.messages
        #expect(messages.contains { $0.hasPrefix("decode succeeded") && $0.contains("duration_ms") })
        #expect(messages.contains { $0.hasPrefix("load failed") && $0.contains(missing.absoluteString) })
        #expect(messages.contains { $0.hasPrefix("image task failed") })
    }
}

/// The messages a ``CapturingLogHandler`` kept, each with its metadata.
final class LogLines: Sendable {
    private let lines = Mutex<[String]>([])

    var messages: [String] { lines.withLock { $0 } }

    func append(_ line: String) { lines.withLock { $0.append(line) } }
}

/// A log handler that keeps every message in a ``LogLines``.
struct CapturingLogHandler: LogHandler {
    let lines: LogLines
    var metadata: Logger.Metadata = [:]
    var logLevel: Logger.Level = .trace

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        let metadata = (event.metadata ?? [:]).sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
        lines.append(([event.message.description] + metadata).joined(separator: " "))
    }
}
