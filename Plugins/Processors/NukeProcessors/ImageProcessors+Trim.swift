// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

public import NukeCore
internal import NukeImaging

extension ImageProcessors {
    /// Cuts away uniform borders: the rows and columns at the edges whose every pixel is within
    /// `threshold` levels (in each channel, alpha included) of the border colour — the top-left
    /// pixel's unless a colour is given — as imgproxy's `trim` does. Fully transparent pixels
    /// match a transparent border whatever their colour. An image that is all border is returned
    /// unchanged.
    ///
    /// With `equalHorizontal` (`equalVertical`), as imgproxy's `equal_hor` (`equal_ver`), the left
    /// and right (top and bottom) borders are cut by the same amount, the smaller of the two, so
    /// the content keeps its place in the middle.
    ///
    /// An animation is cut by the rectangle found in its first frame, so every frame keeps one
    /// size.
    public struct Trim: ImageProcessing, Hashable, CustomStringConvertible {
        /// The most a channel may differ from the border colour and still count as border, 0…255.
        public let threshold: Int
        /// The border colour, or `nil` for the top-left pixel's.
        public let color: ImageProcessingOptions.Color?
        /// Whether the left and right borders are cut by the same amount.
        public let equalHorizontal: Bool
        /// Whether the top and bottom borders are cut by the same amount.
        public let equalVertical: Bool

        /// Creates the processor (a threshold of 10 levels by default, as imgproxy's).
        public init(
            threshold: Int = 10,
            color: ImageProcessingOptions.Color? = nil,
            equalHorizontal: Bool = false,
            equalVertical: Bool = false
        ) {
            self.threshold = min(255, max(0, threshold))
            self.color = color
            self.equalHorizontal = equalHorizontal
            self.equalVertical = equalVertical
        }

        /// `com.github.kean/nuke/trim?threshold=<t>[,color=#RRGGBB[AA]][,equal=h|v|hv]`.
        public var identifier: String {
            let equal = (equalHorizontal ? "h" : "") + (equalVertical ? "v" : "")
            return "com.github.kean/nuke/trim?threshold=\(threshold)" + (color.map { ",color=\($0)" } ?? "")
                + (equal.isEmpty ? "" : ",equal=\(equal)")
        }

        /// `Trim(threshold: t, color: …)`.
        public var description: String { "Trim(threshold: \(threshold), color: \(color?.description ?? "nil"))" }

        /// The container handles its animation itself: every frame is cut like the first.
        public var animationProcessing: AnimationProcessing { .wholeContainer }

        /// Cuts the container's image, and each frame of its animation by the same rectangle.
        public func process(_ container: ImageContainer, context: ImageProcessingContext) throws -> ImageContainer {
            if let animation = container.animation, animation.frameCount > context.maximumFrameCount {
                throw ImageProcessingError.tooManyFrames(limit: context.maximumFrameCount)
            }
            let image = container.image
            guard let rect = contentRectangle(of: image),
                rect != (0, 0, image.width, image.height)
            else { return container }
            var output = try container.map {
                try $0.cropped(x: rect.x, y: rect.y, width: rect.width, height: rect.height)
            }
            output.animation = container.animation?.mappingFrames(width: rect.width, height: rect.height) { frame in
                try frame.cropped(x: rect.x, y: rect.y, width: rect.width, height: rect.height)
            }
            if container.animation != nil { output.data = nil }
            return output
        }

        /// The trimmed image.
        public func process(_ image: Bitmap) -> Bitmap? {
            guard let rect = contentRectangle(of: image) else { return image }
            return try? image.cropped(x: rect.x, y: rect.y, width: rect.width, height: rect.height)
        }

        /// The smallest rectangle holding every pixel that is not border, or `nil` if there is none.
        func contentRectangle(of image: Bitmap) -> (x: Int, y: Int, width: Int, height: Int)? {
            guard image.width > 0, image.height > 0 else { return nil }
            let channels = image.pixelFormat.bytesPerPixel
            let reference: SIMD4<Int32> =
                color.map { SIMD4<Int32>($0.rgba.rounded(.toNearestOrAwayFromZero)) }
                ?? Self.rgba(of: image, x: 0, y: 0)
            let limit = Int32(threshold)
            let stride = image.bytesPerRow
            return image.withUnsafeBytes { source -> (Int, Int, Int, Int)? in
                func isBorder(_ x: Int, _ y: Int) -> Bool {
                    let offset = y * stride + x * channels
                    let pixel: SIMD4<Int32> =
                        channels == 1
                        ? SIMD4(Int32(source[offset]), Int32(source[offset]), Int32(source[offset]), 255)
                        : SIMD4(
                            Int32(source[offset]),
                            Int32(source[offset + 1]),
                            Int32(source[offset + 2]),
                            Int32(source[offset + 3])
                        )
                    if pixel.w == 0, reference.w == 0 { return true }
                    let difference = pixel &- reference
                    let magnitude = difference.replacing(with: 0 &- difference, where: difference .< 0)
                    return magnitude.max() <= limit
                }
                func rowIsBorder(_ y: Int) -> Bool { (0..<image.width).allSatisfy { isBorder($0, y) } }
                guard let top = (0..<image.height).first(where: { !rowIsBorder($0) }) else { return nil }
                let bottom = (top..<image.height).last { !rowIsBorder($0) }!
                func columnIsBorder(_ x: Int) -> Bool { (top...bottom).allSatisfy { isBorder(x, $0) } }
                var left = (0..<image.width).first { !columnIsBorder($0) }!
                var right = (left..<image.width).last { !columnIsBorder($0) }!
                var (upper, lower) = (top, bottom)
                if equalHorizontal {
                    left = min(left, image.width - 1 - right)
                    right = image.width - 1 - left
                }
                if equalVertical {
                    upper = min(top, image.height - 1 - bottom)
                    lower = image.height - 1 - upper
                }
                return (left, upper, right - left + 1, lower - upper + 1)
            }
        }

        private static func rgba(of image: Bitmap, x: Int, y: Int) -> SIMD4<Int32> {
            let pixel = image.pixel(x: x, y: y).map(Int32.init)
            return pixel.count == 1
                ? SIMD4(pixel[0], pixel[0], pixel[0], 255) : SIMD4(pixel[0], pixel[1], pixel[2], pixel[3])
        }
    }
}
