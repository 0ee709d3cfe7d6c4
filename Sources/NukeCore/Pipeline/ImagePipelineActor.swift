// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

/// The global actor that coordinates every pipeline's task graph.
///
/// Starting, cancelling and re-prioritising work, coalescing, and queue bookkeeping all run here,
/// so the graph needs no locks. Decoding, processing, encoding and disk I/O never run on it, nor on the
/// Swift cooperative pool: they run on the configuration's ``ImagePipeline/WorkerPool``.
/// Delegates may isolate methods to it to avoid hops.
@globalActor
public actor ImagePipelineActor {
    /// The shared instance.
    public static let shared = ImagePipelineActor()
}
