// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

internal import NukeCore

/// A Gaussian blur made of extended box blurs (Gwosdek, Grewenig, Bruhn and Weickert, "Theoretical
/// foundations of Gaussian convolution by extended box filtering", 2011): a box whose radius has a
/// fractional part `a`, the two samples just outside the whole part weighted by `a`, so three
/// passes match the Gaussian's variance exactly. Pillow's `GaussianBlur` and `UnsharpMask` blur
/// this way — all horizontal passes, then all vertical ones, rounding to 8 bits after each —
/// so sharpening with it lands within a level or two of Pillow's. Edges are extended; every
/// channel is blurred, alpha included, as Pillow does.
enum ExtendedBoxBlur {
    /// The radius of one of `passes` extended boxes whose sum has variance `sigma²`.
    static func radius(sigma: Double, passes: Int) -> Double {
        let variance = sigma * sigma / Double(passes)
        let length = (12 * variance + 1).squareRoot()
        let whole = ((length - 1) / 2).rounded(.down)
        let fraction =
            (2 * whole + 1) * (whole * (whole + 1) - 3 * variance) / (6 * (variance - (whole + 1) * (whole + 1)))
        return whole + fraction
    }

    /// `image` blurred by `passes` extended boxes each way for a Gaussian of deviation `sigma`.
    static func blur(_ image: Bitmap, sigma: Double, passes: Int = 3) throws -> Bitmap {
        let radius = radius(sigma: sigma, passes: passes)
        guard radius > 0, radius.isFinite, image.width > 0, image.height > 0 else { return image }
        let channels = image.pixelFormat.bytesPerPixel
        let (width, height) = (image.width, image.height)
        var pixels = [UInt8](repeating: 0, count: width * height * channels)
        image.withUnsafeBytes { source in
            for y in 0..<height {
                for offset in 0..<(width * channels) {
                    pixels[y * width * channels + offset] = source[y * image.bytesPerRow + offset]
                }
            }
        }
        let box = Box(radius: radius)
        pixels.withUnsafeMutableBufferPointer { pixels in
            var line = [Double](repeating: 0, count: max(width, height) + 1)
            for _ in 0..<passes {
                for y in 0..<height {
                    for channel in 0..<channels {
                        box.apply(pixels, start: y * width * channels + channel, step: channels, count: width, &line)
                    }
                }
            }
            for _ in 0..<passes {
                for x in 0..<width {
                    for channel in 0..<channels {
                        box.apply(pixels, start: x * channels + channel, step: width * channels, count: height, &line)
                    }
                }
            }
        }
        return try Bitmap(
            width: width,
            height: height,
            pixelFormat: image.pixelFormat,
            pixels: pixels,
            isOpaque: image.isOpaque ? true : nil
        )
    }

    /// One extended box: a whole radius, the weight of the two samples beyond it, the divisor.
    private struct Box {
        let whole: Int
        let fraction: Double
        let divisor: Double

        init(radius: Double) {
            // Capped far beyond any image: a wider box averages the extended edges alike.
            let capped = min(radius, Double(1 << 30))
            whole = Int(capped.rounded(.down))
            fraction = capped - Double(whole)
            divisor = 2 * capped + 1
        }

        /// Blurs the `count` samples at `start`, `step` apart, in place; `prefix` is scratch space
        /// for `count + 1` running sums.
        func apply(
            _ samples: UnsafeMutableBufferPointer<UInt8>,
            start: Int,
            step: Int,
            count: Int,
            _ prefix: inout [Double]
        ) {
            prefix[0] = 0
            for index in 0..<count { prefix[index + 1] = prefix[index] + Double(samples[start + index * step]) }
            let (first, last) = (Double(samples[start]), Double(samples[start + (count - 1) * step]))
            /// The sum of the edge-extended samples at indices `..<end` from index 0, extended
            /// below 0 with the first sample and past the end with the last.
            func sum(upTo end: Int) -> Double {
                if end <= 0 { return Double(end) * first }
                if end >= count { return prefix[count] + Double(end - count) * last }
                return prefix[end]
            }
            func sample(_ index: Int) -> Double {
                index <= 0 ? first : index >= count - 1 ? last : Double(samples[start + index * step])
            }
            var output = [UInt8](repeating: 0, count: count)
            for index in 0..<count {
                let inner = sum(upTo: index + whole + 1) - sum(upTo: index - whole)
                let outer = fraction * (sample(index - whole - 1) + sample(index + whole + 1))
                output[index] = UInt8(min(255, max(0, ((inner + outer) / divisor).rounded())))
            }
            for index in 0..<count { samples[start + index * step] = output[index] }
        }
    }
}
