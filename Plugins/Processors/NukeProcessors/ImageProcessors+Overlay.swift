// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

public import NukeCore
internal import NukeImaging

extension ImageProcessors {
    /// Draws another image — a watermark, a logo, a badge — over the image, at a position with
    /// margins from the edges it is attached to, at an opacity, optionally scaled to a fraction of
    /// the image's width; as imgproxy's `watermark` does. Colours blend "source over" with
    /// straight alpha, as Pillow's `alpha_composite`; a gray image becomes RGBA; an opaque image
    /// stays opaque.
    ///
    /// The overlay's pixels are not part of the identifier: `id` names them, so give another id
    /// whenever the overlay image changes (it keys caches).
    public struct Overlay: ImageProcessing, Hashable, CustomStringConvertible {
        /// Where the overlay goes.
        public enum Position: String, Hashable, Sendable, CaseIterable {
            /// Centred.
            case center
            /// Centred horizontally, at the top.
            case top
            /// Centred horizontally, at the bottom.
            case bottom
            /// Centred vertically, at the left.
            case left
            /// Centred vertically, at the right.
            case right
            /// The top-left corner.
            case topLeft
            /// The top-right corner.
            case topRight
            /// The bottom-left corner.
            case bottomLeft
            /// The bottom-right corner.
            case bottomRight
        }

        /// The image drawn over.
        public let image: Bitmap
        /// Names ``image`` in the identifier.
        public let id: String
        /// Where it goes.
        public let position: Position
        /// The distance in pixels from the left or right edge it is attached to (none when centred
        /// horizontally).
        public let horizontalMargin: Int
        /// The distance in pixels from the top or bottom edge it is attached to (none when centred
        /// vertically).
        public let verticalMargin: Int
        /// Its opacity, 0…1.
        public let opacity: Double
        /// The fraction of the image's width the overlay is scaled to (keeping its aspect ratio),
        /// or `nil` to draw it at its own size.
        public let relativeWidth: Double?

        /// Creates the processor.
        ///
        /// - Parameters:
        ///   - image: the image drawn over.
        ///   - id: names `image` in the identifier (and so in cache keys).
        ///   - position: where it goes (bottom right by default).
        ///   - margin: pixels from the edges it is attached to, both ways (0 to 2³⁰).
        ///   - opacity: 0…1 (clamped).
        ///   - relativeWidth: a fraction of the image's width (0…1] to scale it to, or `nil`.
        public init(
            image: Bitmap,
            id: String,
            position: Position = .bottomRight,
            margin: Int = 0,
            opacity: Double = 1,
            relativeWidth: Double? = nil
        ) {
            self.init(
                image: image,
                id: id,
                position: position,
                horizontalMargin: margin,
                verticalMargin: margin,
                opacity: opacity,
                relativeWidth: relativeWidth
            )
        }

        /// Creates the processor with different horizontal and vertical margins (imgproxy's
        /// `x_offset` and `y_offset`), each 0 to 2³⁰.
        public init(
            image: Bitmap,
            id: String,
            position: Position = .bottomRight,
            horizontalMargin: Int,
            verticalMargin: Int,
            opacity: Double = 1,
            relativeWidth: Double? = nil
        ) {
            self.image = image
            self.id = id
            self.position = position
            self.horizontalMargin = min(1 << 30, max(0, horizontalMargin))
            self.verticalMargin = min(1 << 30, max(0, verticalMargin))
            self.opacity = opacity.isFinite ? min(1, max(0, opacity)) : 0
            self.relativeWidth = relativeWidth.flatMap { $0.isFinite && $0 > 0 ? min(1, $0) : nil }
        }

        /// `com.github.kean/nuke/overlay?id=<id>,position=<p>,margin=(<h>, <v>),opacity=<o>[,width=<w>]`.
        public var identifier: String {
            "com.github.kean/nuke/overlay?id=\(id),position=\(position.rawValue),"
                + "margin=(\(horizontalMargin), \(verticalMargin)),opacity=\(opacity)"
                + (relativeWidth.map { ",width=\($0)" } ?? "")
        }

        /// `Overlay(id: …, position: …, margin: (h, v), opacity: …, relativeWidth: …)`.
        public var description: String {
            "Overlay(id: \(id), position: \(position.rawValue), margin: (\(horizontalMargin), \(verticalMargin)), "
                + "opacity: \(opacity), relativeWidth: \(relativeWidth.map { "\($0)" } ?? "nil"))"
        }

        /// Equal when the identifiers are: the overlay's pixels are named by ``id``, not compared.
        public static func == (lhs: Overlay, rhs: Overlay) -> Bool {
            lhs.identifier == rhs.identifier
        }

        /// Hashes the identifier.
        public func hash(into hasher: inout Hasher) {
            hasher.combine(identifier)
        }

        /// Draws the overlay over the container's image.
        ///
        /// - Throws: `ImageProcessingError.outputTooLarge` when the scaled overlay would have more
        ///   pixels than the context allows (a very tall overlay scaled to a wide image).
        public func process(_ container: ImageContainer, context: ImageProcessingContext) throws -> ImageContainer {
            let output = try draw(over: container.image, maximumPixelCount: context.maximumPixelCount)
            return container.map { _ in output }
        }

        /// Draws the overlay over the image.
        public func process(_ image: Bitmap) -> Bitmap? {
            try? draw(over: image, maximumPixelCount: ImagePipeline.Configuration.defaultMaximumDecodedPixelCount)
        }

        private func draw(over base: Bitmap, maximumPixelCount: Int) throws -> Bitmap {
            guard base.width > 0, base.height > 0, image.width > 0, image.height > 0, opacity > 0 else { return base }
            let overlay = try scaledOverlay(for: base, maximumPixelCount: maximumPixelCount).convertedToRGBA()
            let origin = self.origin(of: overlay, on: base)
            let left = max(0, origin.x)
            let top = max(0, origin.y)
            let right = min(base.width, origin.x + overlay.width)
            let bottom = min(base.height, origin.y + overlay.height)
            guard right > left, bottom > top else { return base }
            var output = try base.convertedToRGBA()
            let stride = output.bytesPerRow
            let opacity = Float(self.opacity)
            output.withUnsafeMutableBytes { target in
                overlay.withUnsafeBytes { source in
                    let (from, to) = (source.baseAddress!.assumingMemoryBound(to: UInt8.self), target.baseAddress!)
                    for y in top..<bottom {
                        let sourceRow = from + (y - origin.y) * overlay.bytesPerRow + (left - origin.x) * 4
                        let targetRow = to.assumingMemoryBound(to: UInt8.self) + y * stride + left * 4
                        for x in 0..<(right - left) {
                            SourceOver.blend(sourceRow + x * 4, over: targetRow + x * 4, opacity: opacity)
                        }
                    }
                }
            }
            return try Bitmap(
                width: output.width,
                height: output.height,
                pixelFormat: .rgba8,
                bytesPerRow: output.bytesPerRow,
                pixels: output.pixels,
                isOpaque: base.isOpaque ? true : nil
            )
        }

        /// The overlay at the size it is drawn: ``relativeWidth`` of the base's width, if set.
        private func scaledOverlay(for base: Bitmap, maximumPixelCount: Int) throws -> Bitmap {
            guard let relativeWidth else { return image }
            let width = max(1, Int((Double(base.width) * relativeWidth).rounded()))
            let scaledHeight = (Double(image.height) * Double(width) / Double(image.width)).rounded()
            let height = max(1, Int(min(scaledHeight, Double(Int32.max))))
            try ImageProcessingError.checkOutputSize(width: width, height: height, limit: maximumPixelCount)
            return try image.resized(width: width, height: height, kernel: AVX2ResamplingKernel.whereAvailable)
        }

        /// The overlay's top-left corner on `base`.
        private func origin(of overlay: Bitmap, on base: Bitmap) -> (x: Int, y: Int) {
            let (free, freeY) = (base.width - overlay.width, base.height - overlay.height)
            let (start, center, end) = (horizontalMargin, free / 2, free - horizontalMargin)
            let (top, middle, bottom) = (verticalMargin, freeY / 2, freeY - verticalMargin)
            switch position {
            case .center: return (center, middle)
            case .top: return (center, top)
            case .bottom: return (center, bottom)
            case .left: return (start, middle)
            case .right: return (end, middle)
            case .topLeft: return (start, top)
            case .topRight: return (end, top)
            case .bottomLeft: return (start, bottom)
            case .bottomRight: return (end, bottom)
            }
        }
    }
}
