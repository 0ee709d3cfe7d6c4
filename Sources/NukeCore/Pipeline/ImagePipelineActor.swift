/// The global actor that coordinates every pipeline's task graph.
///
/// Starting, cancelling and re-prioritising work, coalescing, and queue bookkeeping all run here,
/// so the graph needs no locks. Decoding, processing, encoding and disk I/O never run on it.
/// Delegates may isolate methods to it to avoid hops.
@globalActor
public actor ImagePipelineActor {
    /// The shared instance.
    public static let shared = ImagePipelineActor()
}

/// Runs `work` off the pipeline actor, on the cooperative thread pool.
///
/// A `nonisolated` async function in the Swift 6 language mode runs on the global concurrent
/// executor, which is exactly the hop the pipeline needs for CPU-bound work.
nonisolated func performInBackground<T: Sendable>(_ work: @Sendable () throws -> T) async -> Result<T, any Error> {
    Result { try work() }
}

/// Runs non-throwing `work` off the pipeline actor, on the cooperative thread pool.
nonisolated func computeInBackground<T: Sendable>(_ work: @Sendable () -> T) async -> T {
    work()
}
