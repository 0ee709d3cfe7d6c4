// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

/// A faster way to make the resampler's RGBA output on this machine, from a plugin: NukeProcessors
/// registers one that uses AVX2 where the CPU has it.
///
/// Registered under ``Capabilities/Resampling``; the pipeline hands the newest one to processors
/// (``ImageProcessingContext/resamplingKernel``) and decoders
/// (``ImageDecodingContext/resamplingKernel``), and NukeImaging's
/// `Bitmap.resized(width:height:filter:kernel:)` uses it.
///
/// A kernel makes **the same bytes** as the portable resampler in NukeImaging: the same products
/// and the same sums, each added in the same order, in single precision with no fused
/// multiply-add; it may only do more of them at once. Whether a kernel is used never changes an
/// output, only how long it takes.
public protocol ResamplingKernel: Sendable {
    /// Makes output rows `rows` of `job` and returns `true`, or returns `false` having written
    /// nothing (a job it does not take, a CPU it cannot run on): the portable code makes them.
    func resampleRGBA(_ job: RGBAResamplingJob, rows: Range<Int>) -> Bool
}

/// One RGBA resize as a ``ResamplingKernel`` sees it. Its buffers are valid only during the call
/// it is passed to.
///
/// The output row `y` is made from source rows `vertical.starts[y]` and on, each first filtered
/// horizontally: output pixel `x` of a filtered row sums source pixels `horizontal.starts[x]` and
/// on, `horizontal.counts[x]` of them, times the weights `horizontal.weights[x * horizontal.taps]`
/// and on, in that order from zero; the vertical pass sums filtered rows the same way.
public struct RGBAResamplingJob {
    /// The source's pixels: RGBA, 8 bits a channel, rows ``sourceBytesPerRow`` apart.
    public let source: UnsafeRawBufferPointer
    /// The source's width in pixels.
    public let sourceWidth: Int
    /// The source's height in pixels.
    public let sourceHeight: Int
    /// The distance between the starts of two source rows, in bytes.
    public let sourceBytesPerRow: Int
    /// Whether colour is filtered premultiplied by alpha (`false`: the source is opaque, and
    /// every output alpha is 255).
    public let isPremultiplied: Bool
    /// The output's pixels: RGBA, `width × height`, rows `width × 4` bytes apart.
    public let output: UnsafeMutableRawBufferPointer
    /// The output's width in pixels.
    public let width: Int
    /// The output's height in pixels.
    public let height: Int
    /// The filter across: one entry per output column.
    public let horizontal: ResamplingTable
    /// The filter down: one entry per output row.
    public let vertical: ResamplingTable

    /// A job over the given buffers and tables (made by the resampler, which owns the buffers).
    public init(
        source: UnsafeRawBufferPointer,
        sourceWidth: Int,
        sourceHeight: Int,
        sourceBytesPerRow: Int,
        isPremultiplied: Bool,
        output: UnsafeMutableRawBufferPointer,
        width: Int,
        height: Int,
        horizontal: ResamplingTable,
        vertical: ResamplingTable
    ) {
        self.source = source
        self.sourceWidth = sourceWidth
        self.sourceHeight = sourceHeight
        self.sourceBytesPerRow = sourceBytesPerRow
        self.isPremultiplied = isPremultiplied
        self.output = output
        self.width = width
        self.height = height
        self.horizontal = horizontal
        self.vertical = vertical
    }
}

/// A filter's weights along one axis: for each output position, the first input position, how
/// many inputs it takes, and its weights (``taps`` a position, zero past its count).
public struct ResamplingTable {
    /// The first input position of each output position.
    public let starts: UnsafeBufferPointer<Int>
    /// How many inputs each output position takes (at most ``taps``).
    public let counts: UnsafeBufferPointer<Int>
    /// The weights per output position.
    public let taps: Int
    /// ``taps`` weights per output position, one position after another.
    public let weights: UnsafeBufferPointer<Float>

    /// A table over the given buffers (owned by the resampler for the length of one job).
    public init(
        starts: UnsafeBufferPointer<Int>,
        counts: UnsafeBufferPointer<Int>,
        taps: Int,
        weights: UnsafeBufferPointer<Float>
    ) {
        self.starts = starts
        self.counts = counts
        self.taps = taps
        self.weights = weights
    }
}
