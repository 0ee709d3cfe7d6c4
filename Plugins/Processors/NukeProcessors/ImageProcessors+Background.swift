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
            let backgroundAlpha = background.w / 255
            let stride = image.bytesPerRow
            return try? Bitmap(
                width: image.width,
                height: image.height,
                pixelFormat: .rgba8,
                isOpaque: backgroundAlpha == 1 ? true : nil
            ) { buffer in
                image.withUnsafeBytes { source in
                    for y in 0..<image.height {
                        var from = y * stride
                        var to = y * image.width * 4
                        for _ in 0..<image.width {
                            let pixel = SIMD4<Float>(
                                Float(source[from]),
                                Float(source[from + 1]),
                                Float(source[from + 2]),
                                Float(source[from + 3])
                            )
                            let result = SourceOver.blend(pixel, over: background, opacity: 1)
                            buffer[to] = result.x
                            buffer[to + 1] = result.y
                            buffer[to + 2] = result.z
                            buffer[to + 3] = result.w
                            from += 4
                            to += 4
                        }
                    }
                }
            }
        }
    }
}

/// Porter–Duff "source over" on straight-alpha 8-bit RGBA, rounded to the nearest level.
enum SourceOver {
    /// `source` (0…255 per channel, its alpha scaled by `opacity`) over `destination`.
    @inline(__always)
    static func blend(_ source: SIMD4<Float>, over destination: SIMD4<Float>, opacity: Float) -> SIMD4<UInt8> {
        let sourceAlpha = source.w / 255 * opacity
        let destinationAlpha = destination.w / 255
        let weight = destinationAlpha * (1 - sourceAlpha)
        let alpha = sourceAlpha + weight
        guard alpha > 0 else { return .zero }
        var color = (source * sourceAlpha + destination * weight) / alpha
        color.w = alpha * 255
        let clamped = color.clamped(lowerBound: .zero, upperBound: SIMD4(repeating: 255)).rounded(
            .toNearestOrAwayFromZero
        )
        return SIMD4<UInt8>(truncatingIfNeeded: SIMD4<Int32>(clamped))
    }
}
