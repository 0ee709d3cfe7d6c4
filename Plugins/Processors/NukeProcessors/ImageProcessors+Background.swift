// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

public import NukeCore

extension ImageProcessors {
    /// Puts the image over a background colour, flattening its transparency: with an opaque
    /// colour the result is opaque (so the default encoder writes JPEG), as imgproxy's
    /// `background` and Pillow's `alpha_composite` onto a solid image do. Opaque images are
    /// returned unchanged.
    public struct Background: ImageProcessing, Hashable, CustomStringConvertible {
        /// The colour behind the image.
        public let color: ImageProcessingOptions.Color

        /// Creates the processor (white by default).
        public init(color: ImageProcessingOptions.Color = .white) {
            self.color = color
        }

        /// `com.github.kean/nuke/background?color=#RRGGBB[AA]`.
        public var identifier: String { "com.github.kean/nuke/background?color=\(color)" }

        /// `Background(color: #RRGGBB[AA])`.
        public var description: String { "Background(color: \(color))" }

        /// The image over the colour.
        public func process(_ image: Bitmap) -> Bitmap? {
            guard !image.isOpaque, image.pixelFormat == .rgba8 else { return image }
            let background = color.rgba
            let stride = image.bytesPerRow
            return try? Bitmap(
                width: image.width,
                height: image.height,
                pixelFormat: .rgba8,
                isOpaque: color.alpha == 1 ? true : nil
            ) { buffer in
                image.withUnsafeBytes { source in
                    for y in 0..<image.height {
                        let (from, to) = (source.baseAddress! + y * stride, buffer.baseAddress! + y * image.width * 4)
                        if color.alpha == 1 {
                            Self.flattenRow(
                                from.assumingMemoryBound(to: UInt8.self),
                                to,
                                over: background,
                                count: image.width
                            )
                        } else {
                            SourceOver.blendRow(source: from, destination: to, under: background, count: image.width)
                        }
                    }
                }
            }
        }

        /// A row over an opaque colour, in integers: each channel `(c·a + b·(255 − a)) / 255`,
        /// rounded; alpha 255.
        private static func flattenRow(
            _ source: UnsafePointer<UInt8>,
            _ target: UnsafeMutablePointer<UInt8>,
            over background: SIMD4<Float>,
            count: Int
        ) {
            let rounded = background.rounded(.toNearestOrAwayFromZero)
            let color = SIMD4<Int32>(Int32(rounded.x), Int32(rounded.y), Int32(rounded.z), 255)
            for index in 0..<count {
                let pixel = source + index * 4
                let alpha = Int32(pixel[3])
                let value = SIMD4<Int32>(Int32(pixel[0]), Int32(pixel[1]), Int32(pixel[2]), 255)
                let blended = (value &* alpha &+ color &* (255 - alpha) &+ 127) / 255
                let output = target + index * 4
                output[0] = UInt8(truncatingIfNeeded: blended.x)
                output[1] = UInt8(truncatingIfNeeded: blended.y)
                output[2] = UInt8(truncatingIfNeeded: blended.z)
                output[3] = 255
            }
        }
    }
}

/// Porter–Duff "source over" on straight-alpha 8-bit RGBA, rounded to the nearest level.
enum SourceOver {
    /// `source` (its alpha scaled by `opacity`) over `destination`, in place in `destination`.
    @inline(__always)
    static func blend(
        _ source: UnsafePointer<UInt8>,
        over destination: UnsafeMutablePointer<UInt8>,
        opacity: Float
    ) {
        blend(
            source,
            over: (Float(destination[0]), Float(destination[1]), Float(destination[2]), Float(destination[3])),
            opacity: opacity,
            into: destination
        )
    }

    /// Each of the `count` pixels at `source` over the colour `under` (0…255), written to
    /// `destination`.
    static func blendRow(
        source: UnsafeRawPointer,
        destination: UnsafeMutablePointer<UInt8>,
        under: SIMD4<Float>,
        count: Int
    ) {
        let pixels = source.assumingMemoryBound(to: UInt8.self)
        let color = (under.x, under.y, under.z, under.w)
        for index in 0..<count {
            blend(pixels + index * 4, over: color, opacity: 1, into: destination + index * 4)
        }
    }

    @inline(__always)
    private static func blend(
        _ source: UnsafePointer<UInt8>,
        over destination: (Float, Float, Float, Float),
        opacity: Float,
        into output: UnsafeMutablePointer<UInt8>
    ) {
        let sourceAlpha = Float(source[3]) * (opacity / 255)
        let weight = destination.3 / 255 * (1 - sourceAlpha)
        let alpha = sourceAlpha + weight
        guard alpha > 0 else {
            output.update(repeating: 0, count: 4)
            return
        }
        let scale = 1 / alpha
        output[0] = UInt8((Float(source[0]) * sourceAlpha + destination.0 * weight) * scale + 0.5)
        output[1] = UInt8((Float(source[1]) * sourceAlpha + destination.1 * weight) * scale + 0.5)
        output[2] = UInt8((Float(source[2]) * sourceAlpha + destination.2 * weight) * scale + 0.5)
        output[3] = UInt8(min(255, alpha * 255 + 0.5))
    }
}
