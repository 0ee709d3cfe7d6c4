// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

public import NukeCore

extension ImageProcessors {
    /// Turns the image clockwise by a multiple of 90°, exactly (pixels are moved, not resampled),
    /// as imgproxy's `rotate` and Pillow's `transpose` do. Width and height swap for 90° and 270°.
    public struct Rotate: ImageProcessing, Hashable, CustomStringConvertible {
        /// The clockwise angle in degrees, normalised to 0…359.
        public let degrees: Int

        /// Creates the processor; `degrees` is taken modulo 360 and must be a multiple of 90 (any
        /// other angle fails when the image is processed).
        public init(degrees: Int) {
            self.degrees = ((degrees % 360) + 360) % 360
        }

        /// `com.github.kean/nuke/rotate?degrees=<d>`.
        public var identifier: String { "com.github.kean/nuke/rotate?degrees=\(degrees)" }

        /// `Rotate(degrees: d)`.
        public var description: String { "Rotate(degrees: \(degrees))" }

        /// Turns the container's image.
        ///
        /// - Throws: `ImageProcessingError.invalidParameter(name:reason:)` for an angle that is
        ///   not a multiple of 90°.
        public func process(_ container: ImageContainer, context: ImageProcessingContext) throws -> ImageContainer {
            let output = try rotate(container.image)
            return container.map { _ in output }
        }

        /// Turns the image, or `nil` for an angle that is not a multiple of 90°.
        public func process(_ image: Bitmap) -> Bitmap? {
            try? rotate(image)
        }

        private func rotate(_ image: Bitmap) throws -> Bitmap {
            // ImageOrientation says how stored pixels must turn to be upright: `.right` turns them
            // a quarter clockwise, `.left` a quarter anticlockwise.
            switch degrees {
            case 0: return image
            case 90: return image.applyingOrientation(.right)
            case 180: return image.applyingOrientation(.down)
            case 270: return image.applyingOrientation(.left)
            default:
                throw ImageProcessingError.invalidParameter(
                    name: "degrees",
                    reason: "\(degrees) is not a multiple of 90"
                )
            }
        }
    }

    /// Mirrors the image left to right, top to bottom, or both (which is a 180° turn), exactly.
    public struct Flip: ImageProcessing, Hashable, CustomStringConvertible {
        /// Whether left and right swap.
        public let horizontal: Bool
        /// Whether top and bottom swap.
        public let vertical: Bool

        /// Creates the processor (left to right by default).
        public init(horizontal: Bool = true, vertical: Bool = false) {
            self.horizontal = horizontal
            self.vertical = vertical
        }

        /// `com.github.kean/nuke/flip?horizontal=<b>,vertical=<b>`.
        public var identifier: String { "com.github.kean/nuke/flip?horizontal=\(horizontal),vertical=\(vertical)" }

        /// `Flip(horizontal: b, vertical: b)`.
        public var description: String { "Flip(horizontal: \(horizontal), vertical: \(vertical))" }

        /// Mirrors the image.
        public func process(_ image: Bitmap) -> Bitmap? {
            switch (horizontal, vertical) {
            case (false, false): image
            case (true, false): image.applyingOrientation(.upMirrored)
            case (false, true): image.applyingOrientation(.downMirrored)
            case (true, true): image.applyingOrientation(.down)
            }
        }
    }
}
