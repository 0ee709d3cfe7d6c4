// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

public import NukeCore
internal import NukeImaging

extension ImageProcessors {
    /// Crops to an explicit rectangle, in pixels, clipped to the image.
    public struct Crop: ImageProcessing, Hashable, CustomStringConvertible {
        /// The left edge.
        public let x: Int
        /// The top edge.
        public let y: Int
        /// The width.
        public let width: Int
        /// The height.
        public let height: Int

        /// Crops to the rectangle at (`x`, `y`) of `width × height` pixels.
        public init(x: Int, y: Int, width: Int, height: Int) {
            self.x = x
            self.y = y
            self.width = width
            self.height = height
        }

        /// `com.github.kean/nuke/crop?rect=(x, y, width, height)`.
        public var identifier: String { "com.github.kean/nuke/crop?rect=(\(x), \(y), \(width), \(height))" }

        /// `Crop(x: …, y: …, width: … pixels, height: … pixels)`.
        public var description: String { "Crop(x: \(x), y: \(y), width: \(width) pixels, height: \(height) pixels)" }

        /// Crops the container's image.
        ///
        /// - Throws: `ImageProcessingError.invalidParameter(name:reason:)` if the
        ///   rectangle is empty or misses the image.
        public func process(_ container: ImageContainer, context: ImageProcessingContext) throws -> ImageContainer {
            let output = try crop(container.image)
            return container.map { _ in output }
        }

        /// Crops, or `nil` if the rectangle misses the image.
        public func process(_ image: Bitmap) -> Bitmap? {
            try? crop(image)
        }

        private func crop(_ image: Bitmap) throws -> Bitmap {
            let left = max(0, x)
            let top = max(0, y)
            let right = min(image.width, x.addingReportingOverflow(width).partialValue)
            let bottom = min(image.height, y.addingReportingOverflow(height).partialValue)
            guard width > 0, height > 0, right > left, bottom > top else {
                throw ImageProcessingError.invalidParameter(
                    name: "rect",
                    reason:
                        "(\(x), \(y), \(width), \(height)) does not overlap the \(image.width)×\(image.height) image"
                )
            }
            return try image.cropped(x: left, y: top, width: right - left, height: bottom - top)
        }
    }
}
