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
    /// so a huge `sigma` costs no more than a small one and results land within two levels of
    /// Pillow's. NukeFilters' `CIUnsharpMask` is Core Image's variant (no threshold).
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
            let colorChannels = min(channels, 3)
            let (stride, blurredStride) = (image.bytesPerRow, blurred.bytesPerRow)
            let percent = Int(min(self.amount * 100, 1e9).rounded())
            let threshold = Int(self.threshold)
            return try? Bitmap(
                width: image.width,
                height: image.height,
                pixelFormat: image.pixelFormat,
                isOpaque: image.isOpaque ? true : nil
            ) { buffer in
                image.withUnsafeBytes { source in
                    blurred.withUnsafeBytes { blur in
                        for y in 0..<image.height {
                            var from = y * stride
                            var smooth = y * blurredStride
                            var to = y * image.width * channels
                            for _ in 0..<image.width {
                                for channel in 0..<channels {
                                    let original = Int(source[from + channel])
                                    let difference = original - Int(blur[smooth + channel])
                                    if channel < colorChannels, abs(difference) > threshold {
                                        let value = original + difference * percent / 100
                                        buffer[to + channel] = UInt8(min(255, max(0, value)))
                                    } else {
                                        buffer[to + channel] = UInt8(original)
                                    }
                                }
                                from += channels
                                smooth += channels
                                to += channels
                            }
                        }
                    }
                }
            }
        }
    }
}
