// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

public import NukeCore
internal import NukeImaging

extension ImageProcessors {
    /// Blurs with Nuke's Gaussian approximation: three box blurs whose width is
    /// `floor(radius · 3 · √(2π) / 4 + 0.5)`, made odd, with edges extended. Colour is blurred
    /// premultiplied by alpha; gray stays gray; opaque stays opaque; radius 0 changes nothing.
    public struct GaussianBlur: ImageProcessing, Hashable, CustomStringConvertible {
        /// The radius in pixels (negative values count as 0).
        public let radius: Int

        /// Creates the processor (default radius 8).
        public init(radius: Int = 8) {
            self.radius = max(0, radius)
        }

        /// `com.github.kean/nuke/gaussian_blur?radius=<r>`.
        public var identifier: String { "com.github.kean/nuke/gaussian_blur?radius=\(radius)" }

        /// `GaussianBlur(radius: r)`, as Nuke prints it.
        public var description: String { "GaussianBlur(radius: \(radius))" }

        /// The blurred image.
        public func process(_ image: Bitmap) -> Bitmap? {
            guard radius > 0, image.width > 0, image.height > 0 else { return image }
            // Capped far beyond any image (the blur's cost does not grow with it), so a huge
            // radius from a spec cannot overflow.
            let width = (Double(radius) * 3 * (2 * Double.pi).squareRoot() / 4 + 0.5).rounded(.down)
            var kernel = Int(min(width, Double(1 << 40)))
            if kernel.isMultiple(of: 2) { kernel += 1 }
            return try? image.boxBlurred(width: kernel, passes: 3)
        }
    }
}
