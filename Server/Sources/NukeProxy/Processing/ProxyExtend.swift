// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

public import Nuke

/// imgproxy's `extend`: a result smaller than the size asked for is placed on a canvas of that
/// size, by a ``Gravity``, in `bg`'s colour or transparent; or, as `extend_aspect_ratio`, on the
/// smallest canvas of that size's aspect ratio that holds it.
public struct ProxyExtend: ImageProcessing, Hashable {
    /// What the canvas is.
    public enum Canvas: Hashable, Sendable {
        /// The size asked for (`ex`).
        case size
        /// The smallest of the size's aspect ratio that holds the image (`exar`); none when a
        /// side of the size is free.
        case aspectRatio
    }

    /// The canvas width in pixels, or in CSS pixels with a ``devicePixelRatio`` (0: the image's).
    public var width: Int
    /// The canvas height in pixels, or in CSS pixels with a ``devicePixelRatio`` (0: the image's).
    public var height: Int
    /// Where the image sits on the canvas (``Gravity/smart`` counts as the centre); its pixel
    /// offsets are CSS pixels with a ``devicePixelRatio``.
    public var gravity: Gravity
    /// When set, sizes and offsets are CSS pixels, multiplied by the ratio the ``ProxyResize``
    /// before made its result at (capped as imgproxy caps it), or by this one without it.
    public var devicePixelRatio: Double?
    /// Multiplies the canvas's width with a ``devicePixelRatio`` (`z`), as the resize's box.
    public var zoomX: Double
    /// Multiplies the canvas's height with a ``devicePixelRatio`` (`z`), as the resize's box.
    public var zoomY: Double
    /// The canvas colour; `nil` for transparent.
    public var color: ImageProcessingOptions.Color?
    /// The size itself, or only its aspect ratio.
    public var canvas: Canvas

    /// A canvas of `width × height` pixels, or of that aspect ratio (negative sides count as 0,
    /// sides past 2^24 as 2^24).
    public init(
        width: Int,
        height: Int,
        gravity: Gravity = .center,
        color: ImageProcessingOptions.Color? = nil,
        canvas: Canvas = .size,
        devicePixelRatio: Double? = nil,
        zoom: (x: Double, y: Double) = (1, 1)
    ) {
        self.width = min(max(0, width), 1 << 24)
        self.height = min(max(0, height), 1 << 24)
        self.gravity = gravity
        self.devicePixelRatio = devicePixelRatio.flatMap { $0.isFinite && $0 > 0 ? $0 : nil }
        let valid = { (zoom: Double) in zoom.isFinite && zoom > 0 ? zoom : 1 }
        (zoomX, zoomY) = (valid(zoom.x), valid(zoom.y))
        self.color = color
        self.canvas = canvas
    }

    /// `nuke-server/extend?w=…,h=…,g=…,c=…` (and `,dpr=…`), or `nuke-server/extend-aspect-ratio?…`.
    public var identifier: String {
        let name = canvas == .size ? "extend" : "extend-aspect-ratio"
        // Only when they change something, so that the keys of results made before stay.
        let scales = devicePixelRatio.map { $0 != 1 || zoomX != 1 || zoomY != 1 } ?? false
        let ratio = scales ? ",dpr=\(devicePixelRatio ?? 1),z=\(zoomX):\(zoomY)" : ""
        return "nuke-server/\(name)?w=\(width),h=\(height),g=\(gravity),c=\(color.map { "\($0)" } ?? "none")\(ratio)"
    }

    /// The canvas for a `width × height` image at `ratio`, never smaller than it.
    private func canvasSize(
        forWidth imageWidth: Int,
        height imageHeight: Int,
        ratio: Double
    ) -> (width: Int, height: Int) {
        let pixels = { (side: Int, zoom: Double) in
            side == 0 ? 0 : min(1 << 24, max(1, Int(min(1e9, Double(side) * ratio * zoom).rounded())))
        }
        let zoom = devicePixelRatio == nil ? (x: 1.0, y: 1.0) : (x: zoomX, y: zoomY)
        let (width, height) = (pixels(self.width, zoom.x), pixels(self.height, zoom.y))
        switch canvas {
        case .size:
            return (max(width, imageWidth), max(height, imageHeight))
        case .aspectRatio:
            guard width > 0, height > 0, imageWidth > 0, imageHeight > 0 else { return (imageWidth, imageHeight) }
            // Canvas sides are at most 2^24 and images' below 2^31: the products cannot overflow.
            let (taller, wider) = (height * imageWidth, width * imageHeight)
            if taller > wider {
                let side = Int((Double(imageWidth) * Double(height) / Double(width)).rounded())
                return (imageWidth, max(imageHeight, side))
            }
            if wider > taller {
                let side = Int((Double(imageHeight) * Double(width) / Double(height)).rounded())
                return (max(imageWidth, side), imageHeight)
            }
            return (imageWidth, imageHeight)
        }
    }

    /// The border that puts a `width × height` image on the canvas (zero when it fills it), at
    /// the pixel ratio `ratio` (when ``devicePixelRatio`` is set; else 1).
    func padding(forWidth imageWidth: Int, height imageHeight: Int, ratio: Double? = nil) -> ProxyPadding {
        let ratio = devicePixelRatio == nil ? 1 : ratio ?? devicePixelRatio ?? 1
        let canvas = canvasSize(forWidth: imageWidth, height: imageHeight, ratio: ratio)
        // Without pixels to score, `origin` centres a smart gravity.
        let origin = gravity.scalingOffsets(by: ratio).origin(crop: (imageWidth, imageHeight), in: canvas)
        return ProxyPadding(
            top: origin.y,
            right: canvas.width - imageWidth - origin.x,
            bottom: canvas.height - imageHeight - origin.y,
            left: origin.x,
            color: color
        )
    }

    /// The image on its canvas.
    ///
    /// - Throws: `ImageProcessingError.outputTooLarge` before allocating a canvas over the
    ///   pipeline's pixel limit.
    public func process(_ container: ImageContainer, context: ImageProcessingContext) throws -> ImageContainer {
        let ratio = container.userInfo[.proxyPixelRatioKey] as? Double
        return try padding(forWidth: container.image.width, height: container.image.height, ratio: ratio)
            .process(container, context: context)
    }

    /// The image on its canvas, or `nil` on failure.
    public func process(_ image: Bitmap) -> Bitmap? {
        padding(forWidth: image.width, height: image.height).process(image)
    }
}
