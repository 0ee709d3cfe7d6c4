// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

public import NukeCore

extension ImageProcessors {
    /// Clips the image to a rectangle with rounded corners, with anti-aliased edges and an
    /// optional border inside the edge. Outside the shape the image becomes transparent.
    public struct RoundedCorners: ImageProcessing, Hashable, CustomStringConvertible {
        /// The corner radius in pixels (points are converted when the processor is made).
        public let radius: Double
        /// The border, if any.
        public let border: ImageProcessingOptions.Border?

        /// Creates the processor.
        public init(
            radius: Double,
            unit: ImageProcessingOptions.Unit = .points,
            border: ImageProcessingOptions.Border? = nil
        ) {
            self.radius = radius.isFinite ? unit.pixels(max(0, radius)) : 0
            self.border = border
        }

        /// `com.github.kean/nuke/rounded_corners?radius=<r>[,border=…]`, the radius in pixels.
        public var identifier: String {
            var identifier = "com.github.kean/nuke/rounded_corners?radius=\(radius)"
            if let border { identifier += ",border=\(border)" }
            return identifier
        }

        /// `RoundedCorners(radius: r pixels, border: …)`, as Nuke prints it.
        public var description: String {
            "RoundedCorners(radius: \(radius) pixels, border: \(border?.description ?? "nil"))"
        }

        /// Rounds the container's image.
        public func process(_ container: ImageContainer, context: ImageProcessingContext) throws -> ImageContainer {
            let output = try ShapeMask.apply(to: container.image, radius: radius, border: border)
            return container.map { _ in output }
        }

        /// Rounds the image.
        public func process(_ image: Bitmap) -> Bitmap? {
            try? ShapeMask.apply(to: image, radius: radius, border: border)
        }
    }

    /// Centre-crops the image to a square (offsets rounded down) and clips it to a circle, with
    /// anti-aliased edges and an optional border.
    public struct Circle: ImageProcessing, Hashable, CustomStringConvertible {
        /// The border, if any.
        public let border: ImageProcessingOptions.Border?

        /// Creates the processor.
        public init(border: ImageProcessingOptions.Border? = nil) {
            self.border = border
        }

        /// `com.github.kean/nuke/circle[?border=…]`.
        public var identifier: String {
            border.map { "com.github.kean/nuke/circle?border=\($0)" } ?? "com.github.kean/nuke/circle"
        }

        /// `Circle(border: …)`, as Nuke prints it.
        public var description: String {
            "Circle(border: \(border?.description ?? "nil"))"
        }

        /// Circles the container's image.
        public func process(_ container: ImageContainer, context: ImageProcessingContext) throws -> ImageContainer {
            let output = try circle(container.image)
            return container.map { _ in output }
        }

        /// Circles the image.
        public func process(_ image: Bitmap) -> Bitmap? {
            try? circle(image)
        }

        private func circle(_ image: Bitmap) throws -> Bitmap {
            let side = min(image.width, image.height)
            let square = try image.centerCropped(width: side, height: side)
            return try ShapeMask.apply(to: square, radius: Double(side) / 2, border: border)
        }
    }
}

/// Coverage of a rounded rectangle, computed per pixel from its signed distance to the edge.
enum ShapeMask {
    static func apply(to image: Bitmap, radius: Double, border: ImageProcessingOptions.Border?) throws -> Bitmap {
        guard image.width > 0, image.height > 0 else { return image }
        let (width, height) = (Float(image.width), Float(image.height))
        let r = Float(min(radius, Double(min(image.width, image.height)) / 2))
        let borderWidth = Float(border?.width ?? 0)
        let borderColor = border?.rgba ?? .zero
        let bpp = image.pixelFormat.bytesPerPixel
        return try Bitmap(width: image.width, height: image.height, pixelFormat: .rgba8) { buffer in
            image.withUnsafeBytes { source in
                for y in 0..<image.height {
                    for x in 0..<image.width {
                        let offset = y * image.bytesPerRow + x * bpp
                        var color: SIMD4<Float> =
                            bpp == 1
                            ? SIMD4(repeating: Float(source[offset])) * SIMD4(1, 1, 1, 0) + SIMD4(0, 0, 0, 255)
                            : SIMD4(
                                Float(source[offset]),
                                Float(source[offset + 1]),
                                Float(source[offset + 2]),
                                Float(source[offset + 3])
                            )
                        // Signed distance from the pixel's centre to the rounded rectangle's edge.
                        let qx = abs(Float(x) + 0.5 - width / 2) - (width / 2 - r)
                        let qy = abs(Float(y) + 0.5 - height / 2) - (height / 2 - r)
                        let outside = (max(qx, 0) * max(qx, 0) + max(qy, 0) * max(qy, 0)).squareRoot()
                        let distance = outside + min(max(qx, qy), 0) - r
                        let coverage = min(1, max(0, 0.5 - distance))
                        if borderWidth > 0 {
                            // Within `borderWidth` of the edge the border covers the image.
                            let inBorder = min(1, max(0, 0.5 + distance + borderWidth)) * borderColor.w / 255
                            let mixedAlpha = color.w + (255 - color.w) * inBorder
                            let mixed = color * (1 - inBorder) + borderColor * inBorder
                            color = SIMD4(mixed.x, mixed.y, mixed.z, mixedAlpha)
                        }
                        let target = (y * image.width + x) * 4
                        buffer[target] = UInt8(min(255, max(0, color.x)).rounded())
                        buffer[target + 1] = UInt8(min(255, max(0, color.y)).rounded())
                        buffer[target + 2] = UInt8(min(255, max(0, color.z)).rounded())
                        buffer[target + 3] = UInt8(min(255, max(0, color.w * coverage)).rounded())
                    }
                }
            }
        }
    }
}
