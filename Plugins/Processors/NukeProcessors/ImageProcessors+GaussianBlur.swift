public import NukeCore

extension ImageProcessors {
    /// Blurs with Nuke's Gaussian approximation: three box blurs whose width is
    /// `floor(radius · 3 · √(2π) / 4 + 0.5)`, made odd, with edges extended. Colour is blurred
    /// premultiplied by alpha; gray stays gray; opaque stays opaque; radius 0 changes nothing.
    public struct GaussianBlur: ImageProcessing, Hashable {
        /// The radius in pixels (negative values count as 0).
        public let radius: Int

        /// Creates the processor (default radius 8).
        public init(radius: Int = 8) {
            self.radius = max(0, radius)
        }

        /// `com.github.kean/nuke/gaussian_blur?radius=<r>`.
        public var identifier: String { "com.github.kean/nuke/gaussian_blur?radius=\(radius)" }

        /// The blurred image.
        public func process(_ image: Bitmap) -> Bitmap? {
            guard radius > 0, image.width > 0, image.height > 0 else { return image }
            var kernel = Int((Double(radius) * 3 * (2 * Double.pi).squareRoot() / 4 + 0.5).rounded(.down))
            if kernel.isMultiple(of: 2) { kernel += 1 }
            return try? BoxBlur.blur(image, kernel: kernel, passes: 3)
        }
    }
}

/// Repeated separable box blurs with running sums: O(1) per pixel whatever the kernel.
enum BoxBlur {
    static func blur(_ image: Bitmap, kernel: Int, passes: Int) throws -> Bitmap {
        let channels = image.pixelFormat.bytesPerPixel
        let (width, height) = (image.width, image.height)
        let premultiply = channels == 4 && !image.isOpaque
        var plane = [Float](repeating: 0, count: width * height * channels)
        image.withUnsafeBytes { source in
            for y in 0..<height {
                for x in 0..<width {
                    let from = y * image.bytesPerRow + x * channels
                    let to = (y * width + x) * channels
                    let alpha: Float = premultiply ? Float(source[from + 3]) / 255 : 1
                    for channel in 0..<channels {
                        let value = Float(source[from + channel])
                        plane[to + channel] = premultiply && channel < 3 ? value * alpha : value
                    }
                }
            }
        }
        var scratch = plane
        let half = kernel / 2
        plane.withUnsafeMutableBufferPointer { plane in
            scratch.withUnsafeMutableBufferPointer { scratch in
                for _ in 0..<passes {
                    pass(
                        from: plane,
                        to: scratch,
                        count: height,
                        length: width,
                        step: channels,
                        lineStride: width * channels,
                        channels: channels,
                        half: half
                    )
                    pass(
                        from: scratch,
                        to: plane,
                        count: width,
                        length: height,
                        step: width * channels,
                        lineStride: channels,
                        channels: channels,
                        half: half
                    )
                }
            }
        }
        return try Bitmap(
            width: width,
            height: height,
            pixelFormat: image.pixelFormat,
            isOpaque: image.isOpaque ? true : nil
        ) { buffer in
            for index in 0..<(width * height) {
                let base = index * channels
                let alpha = channels == 4 ? plane[base + 3] : 255
                for channel in 0..<channels {
                    var value = plane[base + channel]
                    if premultiply, channel < 3 { value = alpha > 0 ? value * 255 / alpha : 0 }
                    buffer[base + channel] = UInt8(min(255, max(0, value)).rounded())
                }
                if image.isOpaque, channels == 4 { buffer[base + 3] = 255 }
            }
        }
    }

    /// One box pass along lines: `count` lines of `length` samples, `step` apart, lines
    /// `lineStride` apart; edges extended.
    private static func pass(
        from source: UnsafeMutableBufferPointer<Float>,
        to target: UnsafeMutableBufferPointer<Float>,
        count: Int,
        length: Int,
        step: Int,
        lineStride: Int,
        channels: Int,
        half: Int
    ) {
        let scale = 1 / Float(2 * half + 1)
        for line in 0..<count {
            let base = line * lineStride
            for channel in 0..<channels {
                func sample(_ index: Int) -> Float { source[base + min(length - 1, max(0, index)) * step + channel] }
                var sum: Float = 0
                for index in -half...half { sum += sample(index) }
                for index in 0..<length {
                    target[base + index * step + channel] = sum * scale
                    sum += sample(index + half + 1) - sample(index - half)
                }
            }
        }
    }
}
