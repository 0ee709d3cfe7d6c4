// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

/// Where an image of a given size ends up under imgproxy's resizing rules: the size it is
/// scaled to, then the part of that kept.
struct ResizeGeometry: Hashable, Sendable {
    /// The size the whole image is resampled to.
    var scaled: Size
    /// The part of the scaled image kept (the whole of it when nothing is cropped).
    var crop: Rect

    struct Size: Hashable, Sendable {
        var width: Int
        var height: Int
    }

    struct Rect: Hashable, Sendable {
        var x: Int
        var y: Int
        var width: Int
        var height: Int
    }

    /// The pixel ratio the result was made at: the one asked for, capped where the image would
    /// otherwise be enlarged (imgproxy's `DprScale`), and lowered to fit a ``Limit``; what
    /// canvases, paddings and offsets after the resize are multiplied by.
    var pixelRatio: Double

    /// The most pixels the whole result may have on either side — the resized image with what
    /// an extend and a padding after it add — as imgproxy's `limitScale` counts them: past it,
    /// the image and the ratio are scaled down until it fits.
    struct Limit: Hashable, Sendable {
        /// The largest width or height.
        var maximum: Int
        /// The canvas an extend after the resize makes, if any.
        var extend: ProxyExtend.Canvas?
        /// The padding after the resize, in CSS pixels: top, right, bottom, left.
        var padding: [Int] = [0, 0, 0, 0]
    }

    /// The geometry for a `width × height` image and a `target` in CSS pixels (0 leaves that
    /// direction free), in imgproxy's order (`calcScale`, `calcSizes`): the rules' scale, times
    /// `zoom`; without `enlarge`, both scales shrunk by the larger when it passes 1, and
    /// `pixelRatio` capped so that it enlarges nothing (raised instead for an image smaller than
    /// the target, unless `extend`); then raised to `minimum` (CSS pixels); then times the ratio.
    /// What passes the target times the ratio and zoom is cropped by `gravity`, whose pixel
    /// offsets are CSS pixels too.
    init(
        width: Int,
        height: Int,
        type: ResizingType,
        target: Size,
        enlarge: Bool,
        gravity: Gravity,
        zoom: (x: Double, y: Double) = (1, 1),
        minimum: Size = Size(width: 0, height: 0),
        pixelRatio requested: Double = 1,
        extend: Bool = false,
        limit: Limit? = nil
    ) {
        let source = (width: Double(width), height: Double(height))
        let (tw, th) = (Double(target.width), Double(target.height))
        var type = type
        if type == .auto {
            type = tw > 0 && th > 0 && (width >= height) == (target.width >= target.height) ? .fill : .fit
        }
        if tw == 0 || th == 0, type != .force { type = .fit }

        var scale: (horizontal: Double, vertical: Double)
        switch type {
        case .force:
            scale = (tw > 0 ? tw / source.width : 1, th > 0 ? th / source.height : 1)
        case .fill, .fillDown:
            let factor = max(tw / source.width, th / source.height)
            scale = (factor, factor)
        case .fit, .auto:
            let horizontal = tw > 0 ? tw / source.width : .infinity
            let vertical = th > 0 ? th / source.height : .infinity
            let factor = min(horizontal, vertical)
            scale = factor == .infinity ? (1, 1) : (factor, factor)
        }
        scale = (scale.horizontal * zoom.x, scale.vertical * zoom.y)
        var ratio = requested
        if !enlarge {
            // Both scales shrink by the larger, a force's too: it keeps the box's aspect ratio at
            // the largest size that enlarges neither side.
            let largest = max(scale.horizontal, scale.vertical)
            if largest > 1 {
                scale = (scale.horizontal / largest, scale.vertical / largest)
                if !extend { ratio *= largest }
            }
            ratio = min(ratio, 1 / max(scale.horizontal, scale.vertical))
        }
        if minimum.width > 0, source.width * scale.horizontal < Double(minimum.width) {
            let raise = Double(minimum.width) / (source.width * scale.horizontal)
            scale = (scale.horizontal * raise, scale.vertical * raise)
        }
        if minimum.height > 0, source.height * scale.vertical < Double(minimum.height) {
            let raise = Double(minimum.height) / (source.height * scale.vertical)
            scale = (scale.horizontal * raise, scale.vertical * raise)
        }
        let layoutAt = { (ratio: Double) in
            Self.layout(
                width: width,
                height: height,
                type: type,
                target: (tw, th),
                scale: scale,
                ratio: ratio,
                zoom: zoom
            )
        }
        var layout = layoutAt(ratio)
        if let limit {
            let sides = Self.resultSides(layout, target: (tw, th), ratio: ratio, limit: limit)
            if max(sides.width, sides.height) > limit.maximum {
                ratio *= Double(limit.maximum) / Double(max(sides.width, sides.height))
                layout = layoutAt(ratio)
            }
        }
        pixelRatio = ratio
        scaled = layout.scaled
        let origin = gravity.scalingOffsets(by: ratio).origin(
            crop: layout.kept,
            in: (layout.scaled.width, layout.scaled.height)
        )
        crop = Rect(x: origin.x, y: origin.y, width: layout.kept.width, height: layout.kept.height)
    }

    /// The size the image is resampled to at `ratio`, the box it must fit (`Int.max` on a free
    /// side) and the part of it kept.
    private static func layout(
        width: Int,
        height: Int,
        type: ResizingType,
        target: (width: Double, height: Double),
        scale: (horizontal: Double, vertical: Double),
        ratio: Double,
        zoom: (x: Double, y: Double)
    ) -> (scaled: Size, box: (width: Int, height: Int), kept: (width: Int, height: Int)) {
        let scaled = (width: Double(width) * scale.horizontal * ratio, height: Double(height) * scale.vertical * ratio)
        let size = Size(width: pixels(scaled.width), height: pixels(scaled.height))
        // Whatever the type, what passes the box (a minimum can push it past) is cropped to it
        // by the gravity, as imgproxy's `cropToResult` does; a free side is not cropped.
        let box = (
            width: target.width > 0 ? pixels(target.width * ratio * zoom.x) : Int.max,
            height: target.height > 0 ? pixels(target.height * ratio * zoom.y) : Int.max
        )
        var kept = (width: min(size.width, box.width), height: min(size.height, box.height))
        if type == .fillDown, size.width < box.width || size.height < box.height {
            // Too small to cover the box: the largest part of the box's aspect ratio.
            let aspect = Double(box.width) / Double(box.height)
            let width = min(Double(size.width), Double(size.height) * aspect)
            kept = (max(1, Int(width.rounded())), max(1, Int((width / aspect).rounded())))
            kept = (min(kept.width, size.width), min(kept.height, size.height))
        }
        return (size, box, kept)
    }

    /// The whole result's sides at `ratio`, as imgproxy's `limitScale` adds them up: the kept
    /// image, grown to the extend's canvas, plus the padding.
    private static func resultSides(
        _ layout: (scaled: Size, box: (width: Int, height: Int), kept: (width: Int, height: Int)),
        target: (width: Double, height: Double),
        ratio: Double,
        limit: Limit
    ) -> (width: Int, height: Int) {
        var (width, height) = layout.kept
        switch limit.extend {
        case .size?:
            if target.width > 0 { width = max(width, layout.box.width) }
            if target.height > 0 { height = max(height, layout.box.height) }
        case .aspectRatio? where target.width > 0 && target.height > 0:
            let box = (width: Double(layout.box.width), height: Double(layout.box.height))
            let (horizontal, vertical) = (box.width / Double(width), box.height / Double(height))
            if vertical > horizontal {
                height = max(height, pixels(Double(width) * box.height / box.width))
            } else if horizontal > vertical {
                width = max(width, pixels(Double(height) * box.width / box.height))
            }
        case .aspectRatio?, nil:
            break
        }
        let padding = limit.padding.map { ProxyPadding.pixels($0, ratio: ratio) }
        return (width + padding[1] + padding[3], height + padding[0] + padding[2])
    }

    /// A side in whole pixels, at least 1, capped where no pixel limit reaches, so that a hostile
    /// zoom or minimum cannot overflow.
    private static func pixels(_ side: Double) -> Int {
        max(1, Int(min(Double(Int32.max), side.rounded())))
    }

    /// Whether the scaled image is kept whole.
    var isUncropped: Bool {
        crop.x == 0 && crop.y == 0 && crop.width == scaled.width && crop.height == scaled.height
    }
}
