// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

public import NukeCore

extension ImageProcessors {
    /// Sharpens with an unsharp mask, as Pillow's `UnsharpMask(radius, percent, threshold)` and
    /// imgproxy's `sharpen` do: each colour channel moves away from a Gaussian blur of the image
    /// by `amount` times its difference from it, where that difference is more than `threshold`
    /// levels (the move truncated to whole levels, as Pillow's). Alpha is kept; gray stays gray.
    ///
    /// The blur is Pillow's: three extended box blurs each way, whose variance is the Gaussian's,
    /// in 24-bit fixed point, so a huge `sigma` costs no more than a small one and the result is
    /// Pillow's, sample for sample (tested). NukeFilters' `CIUnsharpMask` is Core Image's variant
    /// (no threshold).
    public struct Sharpen: ImageProcessing, Hashable, CustomStringConvertible {
        /// The standard deviation of the blur, in pixels.
        public let sigma: Double
        /// How far pixels move from the blur: 1.5 is Pillow's `percent=150`.
        public let amount: Double
        /// The smallest difference from the blur, in levels, that is sharpened.
        public let threshold: Int

        /// Creates the processor with Pillow's defaults (radius 2, 150%, threshold 3). Negative or
        /// non-finite values count as 0; `sigma` is limited to a million pixels and `threshold` to
        /// 0…255.
        public init(sigma: Double = 2, amount: Double = 1.5, threshold: Int = 3) {
            self.sigma = sigma.isFinite ? min(max(0, sigma), 1e6) : 0
            self.amount = amount.isFinite ? max(0, amount) : 0
            self.threshold = min(255, max(0, threshold))
        }

        /// `com.github.kean/nuke/sharpen?sigma=<s>,amount=<a>,threshold=<t>`.
        public var identifier: String {
            "com.github.kean/nuke/sharpen?sigma=\(sigma),amount=\(amount),threshold=\(threshold)"
        }

        /// `Sharpen(sigma: s, amount: a, threshold: t)`.
        public var description: String { "Sharpen(sigma: \(sigma), amount: \(amount), threshold: \(threshold))" }

        /// The sharpened image.
        public func process(_ image: Bitmap) -> Bitmap? {
            guard sigma > 0, amount > 0, image.width > 0, image.height > 0,
                let blurred = try? ExtendedBoxBlur.blur(image, sigma: sigma)
            else { return image }
            let channels = image.pixelFormat.bytesPerPixel
            let (stride, blurredStride) = (image.bytesPerRow, blurred.bytesPerRow)
            let percent = Int32(min(self.amount * 100, 1e6).rounded())
            let threshold = Int32(self.threshold)
            return try? Bitmap(
                width: image.width,
                height: image.height,
                pixelFormat: image.pixelFormat,
                isOpaque: image.isOpaque ? true : nil
            ) { buffer in
                image.withUnsafeBytes { source in
                    blurred.withUnsafeBytes { blur in
                        for y in 0..<image.height {
                            let from = source.baseAddress!.assumingMemoryBound(to: UInt8.self) + y * stride
                            let smooth = blur.baseAddress!.assumingMemoryBound(to: UInt8.self) + y * blurredStride
                            let to = buffer.baseAddress! + y * image.width * channels
                            if channels == 4 {
                                Self.sharpenRGBARow(from, smooth, to, width: image.width, percent, threshold)
                            } else {
                                for x in 0..<image.width {
                                    let original = Int32(from[x])
                                    let difference = original - Int32(smooth[x])
                                    let moved = min(255, max(0, original + difference * percent / 100))
                                    let kept = difference <= threshold && difference >= -threshold
                                    to[x] = UInt8(truncatingIfNeeded: kept ? original : moved)
                                }
                            }
                        }
                    }
                }
            }
        }

        /// One RGBA row sharpened, the four channels in SIMD lanes; alpha is copied.
        private static func sharpenRGBARow(
            _ source: UnsafePointer<UInt8>,
            _ blurred: UnsafePointer<UInt8>,
            _ target: UnsafeMutablePointer<UInt8>,
            width: Int,
            _ percent: Int32,
            _ threshold: Int32
        ) {
            @inline(__always) func load(_ pointer: UnsafePointer<UInt8>) -> SIMD4<Int32> {
                SIMD4(Int32(pointer[0]), Int32(pointer[1]), Int32(pointer[2]), Int32(pointer[3]))
            }
            let (low, high) = (SIMD4<Int32>(repeating: -threshold), SIMD4<Int32>(repeating: threshold))
            let colorLanes: SIMDMask<SIMD4<Int32>> = [true, true, true, false]
            for x in 0..<width {
                let original = load(source + x * 4)
                let difference = original &- load(blurred + x * 4)
                var moved = original &+ difference &* percent / 100
                moved.clamp(lowerBound: .zero, upperBound: SIMD4(repeating: 255))
                let sharpened = colorLanes .& ((difference .> high) .| (difference .< low))
                let value = SIMD4<UInt8>(truncatingIfNeeded: original.replacing(with: moved, where: sharpened))
                let output = target + x * 4
                output[0] = value.x
                output[1] = value.y
                output[2] = value.z
                output[3] = value.w
            }
        }
    }
}
