// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

import NukeCore
import NukeImaging
import NukeTestSupport
import Testing

@testable import NukeProcessors

/// Makes a job's rows in two calls to `kernel`, as a resize split between two threads does.
private struct HalvesKernel: ResamplingKernel {
    let kernel: any ResamplingKernel

    func resampleRGBA(_ job: RGBAResamplingJob, rows: Range<Int>) -> Bool {
        let middle = rows.lowerBound + (rows.count + 1) / 2
        return kernel.resampleRGBA(job, rows: rows.lowerBound..<middle)
            && kernel.resampleRGBA(job, rows: middle..<rows.upperBound)
    }
}

@Suite(.enabled(if: AVX2ResamplingKernel.isAvailable, "the processor has no AVX2"))
struct AVX2ResamplingKernelTests {
    /// Source and output sizes: reductions by every factor the filter meets (with and without the
    /// area reduction ahead of it), enlargements, odd widths (a pair of columns with different
    /// tap counts, a last single pixel), one- to five-row images (batches past the last row).
    static let sizes: [(Int, Int, Int, Int)] = [
        (753, 516, 512, 350), (97, 61, 40, 23), (97, 61, 13, 9), (640, 480, 101, 77), (33, 17, 100, 51),
        (5, 3, 17, 11), (1, 1, 7, 5), (64, 1, 31, 1), (9, 2, 4, 5), (3, 7, 1, 1), (1000, 30, 7, 3),
        (18, 12, 17, 11), (256, 256, 255, 129),
    ]

    static func portableAndKernel(
        _ size: (Int, Int, Int, Int),
        isOpaque: Bool,
        filter: ResamplingFilter,
        kernel: any ResamplingKernel = AVX2ResamplingKernel()
    ) throws -> (Bitmap, Bitmap) {
        let source = try Bitmap.noise(width: size.0, height: size.1, isOpaque: isOpaque, seed: UInt64(size.0 * size.1))
        return (
            try source.resized(width: size.2, height: size.3, filter: filter),
            try source.resized(width: size.2, height: size.3, filter: filter, kernel: kernel)
        )
    }

    @Test(
        "The same bytes as the portable resampler, opaque and translucent, with every filter",
        arguments: ResamplingFilter.allCases
    )
    func sameBytes(filter: ResamplingFilter) throws {
        for size in Self.sizes {
            for isOpaque in [true, false] {
                let (portable, vector) = try Self.portableAndKernel(size, isOpaque: isOpaque, filter: filter)
                #expect(ReferenceImage.maximumDifference(vector, portable) == 0, "\(size), opaque: \(isOpaque)")
                #expect(vector.isOpaque == portable.isOpaque)
            }
        }
    }

    @Test("Rows made in two calls, each with its own working rows, are the same bytes as in one")
    func sameBytesInHalves() throws {
        for size in Self.sizes {
            for isOpaque in [true, false] {
                let (portable, halves) = try Self.portableAndKernel(
                    size,
                    isOpaque: isOpaque,
                    filter: .lanczos3,
                    kernel: HalvesKernel(kernel: AVX2ResamplingKernel())
                )
                #expect(ReferenceImage.maximumDifference(halves, portable) == 0, "\(size), opaque: \(isOpaque)")
            }
        }
    }

    @Test("Rows outside the output are declined and nothing is written", arguments: [-1, 1])
    func declinesRowsOutsideTheOutput(shift: Int) throws {
        let source = try Bitmap.noise(width: 40, height: 30, isOpaque: true)
        let portable = try source.resized(width: 20, height: 15)
        let resized = try source.resized(width: 20, height: 15, kernel: ShiftedRowsKernel(shift: shift))
        #expect(ReferenceImage.maximumDifference(resized, portable) == 0)
    }

    @Test("ProcessorsPlugin registers the kernel, and the Resize processor uses it without a pipeline")
    func registered() throws {
        var registry = PluginRegistry()
        registry.install(ProcessorsPlugin())
        #expect(registry.resamplingKernel is AVX2ResamplingKernel)
        #expect(AVX2ResamplingKernel.whereAvailable != nil)
        let source = try Bitmap.noise(width: 300, height: 200, isOpaque: false)
        let resize = ImageProcessors.Resize(width: 120, unit: .pixels)
        let portable = try source.resized(width: 120, height: 80)
        #expect(try ReferenceImage.maximumDifference(resize.resize(source), portable) == 0)
    }
}

/// Asks the AVX2 kernel for rows shifted by `shift`: the first or the last row outside the
/// output. The kernel must decline (and the portable code then make the image).
private struct ShiftedRowsKernel: ResamplingKernel {
    let shift: Int

    func resampleRGBA(_ job: RGBAResamplingJob, rows: Range<Int>) -> Bool {
        let shifted = (rows.lowerBound + shift)..<(rows.upperBound + shift)
        let accepted = AVX2ResamplingKernel().resampleRGBA(job, rows: shifted)
        #expect(!accepted)
        return accepted
    }
}
