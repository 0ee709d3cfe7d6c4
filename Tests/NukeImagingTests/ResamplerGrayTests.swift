// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

import NukeCore
import Testing

@testable import NukeImaging

/// The gray resampler's ring of rows, batches of four and vectorised sums against the plain
/// form of the same arithmetic: a whole intermediate image, one pixel's taps at a time.
@Suite struct ResamplerGrayTests {
    @Test(
        "Gray output matches a whole-image reference byte for byte",
        arguments: [
            (753, 516, 512, 350), (37, 23, 10, 7), (40, 30, 120, 90), (64, 1, 17, 1), (1, 64, 1, 17),
            (9, 9, 8, 3), (300, 7, 60, 50), (5, 200, 5, 40),
        ]
    )
    func matchesReference(size: (Int, Int, Int, Int)) throws {
        let (sourceWidth, sourceHeight, width, height) = size
        var state: UInt32 = 2_463_534_242
        let pixels = (0..<(sourceWidth * sourceHeight)).map { index -> UInt8 in
            state ^= state << 13
            state ^= state >> 17
            state ^= state << 5
            // Noise on a ramp, so that filters overshoot both ways and the clamp is exercised.
            return index.isMultiple(of: 7)
                ? UInt8(truncatingIfNeeded: state) : UInt8(index % sourceWidth * 255 / max(1, sourceWidth - 1))
        }
        let source = try Bitmap(width: sourceWidth, height: sourceHeight, pixelFormat: .gray8, pixels: pixels)
        for filter in ResamplingFilter.allCases {
            let resized = try source.resized(width: width, height: height, filter: filter)
            let expected = Self.reference(pixels, sourceWidth, sourceHeight, width, height, filter)
            let actual = resized.withUnsafeBytes { Array($0) }
            // The first difference and how many, rather than two arrays of 179,200 bytes.
            let differing = actual.indices.filter { $0 >= expected.count || actual[$0] != expected[$0] }
            #expect(
                actual.count == expected.count && differing.isEmpty,
                "\(filter), \(sourceWidth)×\(sourceHeight) → \(width)×\(height): \(differing.count) bytes differ, first at \(differing.first ?? -1)"
            )
        }
    }

    /// The whole-image form: every source row filtered horizontally into an intermediate image,
    /// then every output pixel summed down its column; clamped, plus 0.5, truncated.
    private static func reference(
        _ pixels: [UInt8],
        _ sourceWidth: Int,
        _ sourceHeight: Int,
        _ width: Int,
        _ height: Int,
        _ filter: ResamplingFilter
    ) -> [UInt8] {
        let factorX = Resampler.areaReductionFactor(input: sourceWidth, output: width)
        let factorY = Resampler.areaReductionFactor(input: sourceHeight, output: height)
        precondition(factorX == 1 && factorY == 1, "the reference covers the filter alone")
        let horizontal = Resampler.Coefficients(input: sourceWidth, output: width, filter: filter)
        let vertical = Resampler.Coefficients(input: sourceHeight, output: height, filter: filter)
        var intermediate = [Float](repeating: 0, count: width * sourceHeight)
        for y in 0..<sourceHeight {
            for x in 0..<width {
                var sum: Float = 0
                for tap in 0..<horizontal.counts[x] {
                    let pixel = Float(pixels[y * sourceWidth + horizontal.starts[x] + tap])
                    sum += pixel * horizontal.weights[x * horizontal.taps + tap]
                }
                intermediate[y * width + x] = sum
            }
        }
        var output = [UInt8](repeating: 0, count: width * height)
        for y in 0..<height {
            for x in 0..<width {
                var sum: Float = 0
                for tap in 0..<vertical.counts[y] {
                    let value = intermediate[(vertical.starts[y] + tap) * width + x]
                    sum += value * vertical.weights[y * vertical.taps + tap]
                }
                output[y * width + x] = UInt8(min(max(sum, 0), 255) + 0.5)
            }
        }
        return output
    }
}
