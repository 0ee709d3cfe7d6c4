// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

public import Nuke

/// imgproxy's `watermark`: the configured image, scaled to fit a fraction of the result (`wm`'s
/// scale; its own size at 0), placed by an anchor with offsets — pixels times the pixel ratio,
/// or between -1 and 1 fractions of the result; it may hang over the edges — or tiled across
/// the whole result (`re`, the offsets then the gaps between tiles), drawn at an opacity.
public struct ProxyWatermark: ImageProcessing, Hashable {
    /// The watermark image.
    public var image: Bitmap
    /// Names ``image`` in the identifier (and so in cache keys).
    public var id: String
    /// Where it goes; `nil` tiles it across the result.
    public var anchor: Gravity.Anchor?
    /// The horizontal offset (or gap between tiles): pixels, or a fraction of the result's width.
    public var xOffset: Double
    /// The vertical offset (or gap between tiles): pixels, or a fraction of the result's height.
    public var yOffset: Double
    /// The fraction of the result the watermark is fitted into; 0 keeps its own size.
    public var scale: Double
    /// Its opacity, 0…1.
    public var opacity: Double
    /// Multiplies pixel offsets, unless the ``ProxyResize`` before gave the result's own ratio.
    public var devicePixelRatio: Double

    /// A watermark of `image`, anchored (or tiled when `anchor` is `nil`).
    public init(
        image: Bitmap,
        id: String,
        anchor: Gravity.Anchor?,
        xOffset: Double = 0,
        yOffset: Double = 0,
        scale: Double = 0,
        opacity: Double = 1,
        devicePixelRatio: Double = 1
    ) {
        let finite = { (value: Double, range: ClosedRange<Double>) in
            value.isFinite ? min(max(value, range.lowerBound), range.upperBound) : 0
        }
        self.image = image
        self.id = id
        self.anchor = anchor
        self.xOffset = finite(xOffset, -100_000...100_000)
        self.yOffset = finite(yOffset, -100_000...100_000)
        self.scale = finite(scale, 0...1)
        self.opacity = finite(opacity, 0...1)
        self.devicePixelRatio = devicePixelRatio.isFinite && devicePixelRatio > 0 ? devicePixelRatio : 1
    }

    /// `nuke-server/watermark?id=…,p=…,x=…,y=…,s=…,o=…,dpr=…`.
    public var identifier: String {
        "nuke-server/watermark?id=\(id),p=\(anchor?.rawValue ?? "re"),x=\(xOffset),y=\(yOffset),s=\(scale),"
            + "o=\(opacity),dpr=\(devicePixelRatio)"
    }

    /// Equal when the identifiers are: ``id`` stands for the pixels.
    public static func == (lhs: ProxyWatermark, rhs: ProxyWatermark) -> Bool {
        lhs.identifier == rhs.identifier
    }

    /// Hashes the identifier.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(identifier)
    }

    /// The result with the watermark drawn over it.
    ///
    /// - Throws: `ImageProcessingError.outputTooLarge` when the scaled watermark or the tiled
    ///   layer would pass the pipeline's pixel limit.
    public func process(_ container: ImageContainer, context: ImageProcessingContext) throws -> ImageContainer {
        let ratio = container.userInfo[.proxyPixelRatioKey] as? Double ?? devicePixelRatio
        guard let overlay = try overlay(for: container.image, ratio: ratio, limit: context.maximumPixelCount) else {
            return container
        }
        return try overlay.process(container, context: context)
    }

    /// The result with the watermark drawn over it, or `nil` on failure.
    public func process(_ image: Bitmap) -> Bitmap? {
        let limit = ImagePipeline.Configuration.defaultMaximumDecodedPixelCount
        do {
            guard let overlay = try overlay(for: image, ratio: devicePixelRatio, limit: limit) else { return image }
            return overlay.process(image)
        } catch {
            return nil
        }
    }

    /// What is drawn where, as an overlay at the top-left corner of `base`; `nil` when nothing
    /// of the watermark lands on it.
    private func overlay(for base: Bitmap, ratio: Double, limit: Int) throws -> ImageProcessors.Overlay? {
        guard base.width > 0, base.height > 0, image.width > 0, image.height > 0, opacity > 0 else { return nil }
        let mark = try scaled(toFit: base, limit: limit)
        let draw = { (layer: Bitmap, x: Int, y: Int) in
            ImageProcessors.Overlay(
                image: layer,
                id: identifier,
                position: .topLeft,
                horizontalMargin: x,
                verticalMargin: y,
                opacity: opacity
            )
        }
        guard let anchor else {
            // The gap between tiles, split around each, then the tiles centred on the result.
            let gap = (
                x: max(0, Gravity.offsetPixels(xOffset, side: base.width, ratio: ratio)),
                y: max(0, Gravity.offsetPixels(yOffset, side: base.height, ratio: ratio))
            )
            let tile = (width: mark.width + gap.x, height: mark.height + gap.y)
            try ImageProcessingError.checkOutputSize(width: base.width, height: base.height, limit: limit)
            return draw(try tiled(mark, tile: tile, padding: (gap.x / 2, gap.y / 2), over: base), 0, 0)
        }
        let gravity = Gravity.anchor(anchor, xOffset: xOffset, yOffset: yOffset).scalingOffsets(by: ratio)
        let origin = gravity.origin(
            crop: (mark.width, mark.height),
            in: (base.width, base.height),
            allowsOverflow: true
        )
        // What hangs over an edge is cut off; what is left is drawn at a corner that is on it.
        let visible = (
            x: max(0, -origin.x), y: max(0, -origin.y),
            width: min(mark.width, base.width - origin.x) - max(0, -origin.x),
            height: min(mark.height, base.height - origin.y) - max(0, -origin.y)
        )
        guard visible.width > 0, visible.height > 0 else { return nil }
        let part = try mark.cropped(x: visible.x, y: visible.y, width: visible.width, height: visible.height)
        return draw(part, max(0, origin.x), max(0, origin.y))
    }

    /// The watermark fitted into ``scale`` of `base` (enlarged if need be), or as it is at 0.
    private func scaled(toFit base: Bitmap, limit: Int) throws -> Bitmap {
        guard scale > 0 else { return image }
        let even = { (value: Double) in max(1, Gravity.roundedHalfToEven(value)) }
        let box = (width: Double(even(Double(base.width) * scale)), height: Double(even(Double(base.height) * scale)))
        let factor = min(box.width / Double(image.width), box.height / Double(image.height))
        let width = max(1, Int(min(1e9, Double(image.width) * factor).rounded()))
        let height = max(1, Int(min(1e9, Double(image.height) * factor).rounded()))
        try ImageProcessingError.checkOutputSize(width: width, height: height, limit: limit)
        return try image.resized(width: width, height: height)
    }

    /// A layer the size of `base` of `mark` repeated every `tile` (the mark `padding` into each),
    /// the pattern centred as imgproxy's replication centres it (an odd count of tiles each way).
    private func tiled(
        _ mark: Bitmap,
        tile: (width: Int, height: Int),
        padding: (x: Int, y: Int),
        over base: Bitmap
    ) throws -> Bitmap {
        let source = try mark.convertedToRGBA()
        var across = (base.width + tile.width - 1) / tile.width
        var down = (base.height + tile.height - 1) / tile.height
        if across % 2 == 0 { across += 1 }
        if down % 2 == 0 { down += 1 }
        let shift = ((across * tile.width - base.width) / 2, (down * tile.height - base.height) / 2)
        return try Bitmap(width: base.width, height: base.height, pixelFormat: .rgba8, isOpaque: false) { output in
            output.initialize(repeating: 0)
            source.withUnsafeBytes { pixels in
                for y in 0..<base.height {
                    let markY = (y + shift.1) % tile.height - padding.y
                    guard markY >= 0, markY < source.height else { continue }
                    for x in 0..<base.width {
                        let markX = (x + shift.0) % tile.width - padding.x
                        guard markX >= 0, markX < source.width else { continue }
                        let from = markY * source.bytesPerRow + markX * 4
                        let to = (y * base.width + x) * 4
                        for channel in 0..<4 { output[to + channel] = pixels[from + channel] }
                    }
                }
            }
        }
    }
}
