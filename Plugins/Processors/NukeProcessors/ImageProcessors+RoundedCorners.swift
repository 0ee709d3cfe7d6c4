// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

public import NukeCore

extension ImageProcessors {
    /// Clips the image to a rectangle with rounded corners, with anti-aliased edges and an
    /// optional border inside the edge. Outside the shape the image becomes transparent.
    public struct RoundedCorners: ImageProcessing, Hashable {
        /// The corner radius, in ``unit``s.
        public let radius: Double
        /// Points (multiplied by the request's scale) or pixels.
        public let unit: ImageProcessingOptions.Unit
        /// The border, if any.
        public let border: ImageProcessingOptions.Border?

        /// Creates the processor.
        public init(
            radius: Double,
            unit: ImageProcessingOptions.Unit = .points,
            border: ImageProcessingOptions.Border? = nil
        ) {
            self.radius = radius.isFinite ? max(0, radius) : 0
            self.unit = unit
            self.border = border
        }

        /// `com.github.kean/nuke/rounded_corners?radius=<r>[,border=…]`.
        public var identifier: String {
            var identifier = "com.github.kean/nuke/rounded_corners?radius=\(radius)"
            if unit == .pixels { identifier += ",unit=pixels" }
            if let border { identifier += ",border=\(border)" }
            return identifier
        }

        /// Rounds the container's image.
        public func process(_ container: ImageContainer, context: ImageProcessingContext) throws -> ImageContainer {
            let scale = unit == .points ? context.request.scale : 1
            let output = try ShapeMask.apply(
                to: container.image,
                radius: radius * scale,
                border: border,
                scale: context.request.scale
            )
            return container.map { _ in output }
        }

        /// Rounds at scale 1.
        public func process(_ image: Bitmap) -> Bitmap? {
            try? ShapeMask.apply(to: image, radius: radius, border: border, scale: 1)
        }
    }

    /// Centre-crops the image to a square (offsets rounded down) and clips it to a circle, with
    /// anti-aliased edges and an optional border.
    public struct Circle: ImageProcessing, Hashable {
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

        /// Circles the container's image.
        public func process(_ container: ImageContainer, context: ImageProcessingContext) throws -> ImageContainer {
            let output = try circle(container.image, scale: context.request.scale)
            return container.map { _ in output }
        }

        /// Circles at scale 1.
        public func process(_ image: Bitmap) -> Bitmap? {
            try? circle(image, scale: 1)
        }

        private func circle(_ image: Bitmap, scale: Double) throws -> Bitmap {
            let side = min(image.width, image.height)
            let square = try image.centerCropped(width: side, height: side)
            return try ShapeMask.apply(to: square, radius: Double(side) / 2, border: border, scale: scale)
        }
    }
}

/// Coverage of a rounded rectangle, computed per pixel from its signed distance to the edge.
enum ShapeMask {
    static func apply(to image: Bitmap, radius: Double, border: ImageProcessingOptions.Border?, scale: Double) throws
        -> Bitmap
    {
        guard image.width > 0, image.height > 0 else { return image }
        let (width, height) = (Float(image.width), Float(image.height))
        let r = Float(min(radius, Double(min(image.width, image.height)) / 2))
        let borderWidth = border.map { Float($0.width * ($0.unit == .points ? scale : 1)) } ?? 0
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
