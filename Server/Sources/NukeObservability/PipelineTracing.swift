// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

public import Nuke
internal import Synchronization
public import Tracing

/// A pipeline's work as swift-distributed-tracing spans: one `nuke.image_task` span per image
/// task, a child of the span current where the task was created (an HTTP request's, say), and
/// under it a `nuke.load`, `nuke.decode`, `nuke.process` or `nuke.encode` span for each stage's
/// work done for the task's image.
///
/// Work shared by coalesced tasks goes under one of them: the oldest task still running for the
/// same URL. Stage spans are placed on the wall clock by their duration, ending when reported.
public final class PipelineTracing: Sendable {
    private struct OpenTask {
        var span: any Span
        var key: String?
    }

    private let tracer: any Tracer
    private let openTasks = Mutex<[UInt64: OpenTask]>([:])

    /// Spans made by `tracer` (swift-distributed-tracing's bootstrapped one by default).
    public init(tracer: any Tracer = InstrumentationSystem.tracer) {
        self.tracer = tracer
    }

    /// Opens the task's span under the current service context.
    public func taskCreated(_ task: ImageTask) {
        let span: any Span = tracer.startSpan("nuke.image_task", context: ServiceContext.current ?? .topLevel)
        if let url = task.request.url { span.attributes["nuke.url"] = url.loggableDescription }
        let processors = task.request.processors.map(\.identifier)
        if !processors.isEmpty { span.attributes["nuke.processors"] = processors.joined(separator: "|") }
        openTasks.withLock { $0[task.taskId] = OpenTask(span: span, key: Self.key(task.request)) }
    }

    /// Closes the task's span with its outcome.
    public func taskFinished(_ task: ImageTask, result: Result<ImageResponse, ImagePipeline.Error>) {
        guard let open = openTasks.withLock({ $0.removeValue(forKey: task.taskId) }) else { return }
        switch result {
        case .success(let response):
            open.span.attributes["nuke.cache"] = response.cacheType.map { "\($0)" } ?? "none"
        case .failure(.cancelled):
            open.span.attributes["nuke.cancelled"] = true
        case .failure(let error):
            open.span.recordError(error)
            open.span.setStatus(SpanStatus(code: .error, message: error.description))
        }
        open.span.end()
    }

    /// Adds a span for a stage's work under the oldest open task for the same image.
    public func record(_ metrics: ImagePipeline.StageMetrics) {
        let key = Self.key(metrics.request)
        let parent = openTasks.withLock { tasks in
            tasks.filter { $0.value.key == key }.min { $0.key < $1.key }?.value.span.context
        }
        guard let parent else { return }
        let end = DefaultTracerClock.now.nanosecondsSinceEpoch
        let start = end - UInt64(max(0, metrics.duration.nanoseconds))
        let span: any Span = tracer.startSpan(
            "nuke.\(metrics.stage.rawValue)",
            context: parent,
            ofKind: .internal,
            at: EpochInstant(nanosecondsSinceEpoch: start)
        )
        span.attributes["nuke.queue_wait_ms"] = Double(metrics.queueWait.nanoseconds) / 1e6
        if !metrics.isSuccess { span.setStatus(SpanStatus(code: .error)) }
        span.end(at: EpochInstant(nanosecondsSinceEpoch: end))
    }

    private static func key(_ request: ImageRequest) -> String? {
        request.imageID ?? request.url?.absoluteString
    }
}

/// A point on the wall clock, for spans placed after the fact.
struct EpochInstant: TracerInstant {
    var nanosecondsSinceEpoch: UInt64

    static func < (lhs: EpochInstant, rhs: EpochInstant) -> Bool {
        lhs.nanosecondsSinceEpoch < rhs.nanosecondsSinceEpoch
    }
}
