// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

public import Nuke

/// imgproxy's `extend`: a result smaller than the size asked for is placed on a canvas of that
/// size, by a ``Gravity``, in `bg`'s colour or transparent.
public struct ProxyExtend: ImageProcessing, Hashable {
    /// The canvas width in pixels (0: the image's).
    public var width: Int
    /// The canvas height in pixels (0: the image's).
    public var height: Int
    /// Where the image sits on the canvas (``Gravity/smart`` counts as the centre).
    public var gravity: Gravity
    /// The canvas colour; `nil` for transparent.
    public var color: ImageProcessingOptions.Color?

    /// A canvas of `width × height` pixels (negative sides count as 0, sides past 2^24 as 2^24).
    public init(width: Int, height: Int, gravity: Gravity = .center, color: ImageProcessingOptions.Color? = nil) {
        self.width = min(max(0, width), 1 << 24)
        self.height = min(max(0, height), 1 << 24)
        self.gravity = gravity
        self.color = color
    }

    /// `nuke-server/extend?w=…,h=…,g=…,c=…`.
    public var identifier: String {
        "nuke-server/extend?w=\(width),h=\(height),g=\(gravity),c=\(color.map { "\($0)" } ?? "none")"
    }

    /// The border that puts a `width × height` image on the canvas (zero when it fills it).
    func padding(forWidth imageWidth: Int, height imageHeight: Int) -> ProxyPadding {
        let canvas = (width: max(width, imageWidth), height: max(height, imageHeight))
        // Without pixels to score, `origin` centres a smart gravity.
        let origin = gravity.origin(crop: (imageWidth, imageHeight), in: canvas)
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
        try padding(forWidth: container.image.width, height: container.image.height)
            .process(container, context: context)
    }

    /// The image on its canvas, or `nil` on failure.
    public func process(_ image: Bitmap) -> Bitmap? {
        padding(forWidth: image.width, height: image.height).process(image)
    }
}
