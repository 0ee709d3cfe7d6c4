// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

internal import CNukeProcessors
public import NukeCore

/// NukeImaging's RGBA resampler with AVX2, eight floats at a time where the portable code has four:
/// the same bytes, about twice as fast (see `Docs/Performance.md`). ``ProcessorsPlugin`` registers
/// it on processors that have AVX2; elsewhere it declines every job and the portable code runs.
public struct AVX2ResamplingKernel: ResamplingKernel {
    /// Creates the kernel.
    public init() {}

    /// Whether this processor has AVX2 (an x86-64 processor from 2013 on, most of them).
    public static let isAvailable = nuke_resize_rgba_available() != 0

    /// The kernel on processors that have AVX2, else `nil`.
    public static let whereAvailable: AVX2ResamplingKernel? = isAvailable ? AVX2ResamplingKernel() : nil

    /// Makes `rows` of `job`, or returns `false` without AVX2 or memory for its working rows.
    public func resampleRGBA(_ job: RGBAResamplingJob, rows: Range<Int>) -> Bool {
        guard Self.isAvailable, rows.lowerBound >= 0, rows.upperBound <= job.height,
            let source = job.source.baseAddress, let output = job.output.baseAddress
        else {
            return false
        }
        var resize = nuke_rgba_resize(
            source: source.assumingMemoryBound(to: UInt8.self),
            source_width: job.sourceWidth,
            source_height: job.sourceHeight,
            source_bytes_per_row: job.sourceBytesPerRow,
            premultiplied: job.isPremultiplied ? 1 : 0,
            output: output.assumingMemoryBound(to: UInt8.self),
            width: job.width,
            height: job.height,
            horizontal: Self.table(job.horizontal),
            vertical: Self.table(job.vertical)
        )
        return nuke_resize_rgba_rows(&resize, rows.lowerBound, rows.upperBound) == 0
    }

    private static func table(_ table: ResamplingTable) -> nuke_resampling_table {
        nuke_resampling_table(
            starts: table.starts.baseAddress!,
            counts: table.counts.baseAddress!,
            taps: table.taps,
            weights: table.weights.baseAddress!
        )
    }
}
