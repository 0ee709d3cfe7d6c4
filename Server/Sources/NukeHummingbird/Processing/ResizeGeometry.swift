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
    /// otherwise be enlarged (imgproxy's `DprScale`); what canvases, paddings and offsets after
    /// the resize are multiplied by.
    var pixelRatio: Double

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
        extend: Bool = false
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
        pixelRatio = ratio
        let scaled = (width: source.width * scale.horizontal * ratio, height: source.height * scale.vertical * ratio)
        // Capped where no pixel limit reaches, so a hostile zoom or minimum cannot overflow.
        let pixels = { (side: Double) in max(1, Int(min(Double(Int32.max), side.rounded()))) }
        let size = Size(width: pixels(scaled.width), height: pixels(scaled.height))
        self.scaled = size

        // Whatever the type, what passes the box (a minimum can push it past) is cropped to it
        // by the gravity, as imgproxy's `cropToResult` does; a free side is not cropped.
        let box = (
            width: tw > 0 ? pixels(tw * ratio * zoom.x) : Int.max,
            height: th > 0 ? pixels(th * ratio * zoom.y) : Int.max
        )
        var kept = (width: min(size.width, box.width), height: min(size.height, box.height))
        if type == .fillDown, size.width < box.width || size.height < box.height {
            // Too small to cover the box: the largest part of the box's aspect ratio.
            let aspect = Double(box.width) / Double(box.height)
            let width = min(Double(size.width), Double(size.height) * aspect)
            kept = (max(1, Int(width.rounded())), max(1, Int((width / aspect).rounded())))
            kept = (min(kept.width, size.width), min(kept.height, size.height))
        }
        let origin = gravity.scalingOffsets(by: ratio).origin(crop: kept, in: (size.width, size.height))
        crop = Rect(x: origin.x, y: origin.y, width: kept.width, height: kept.height)
    }

    /// Whether the scaled image is kept whole.
    var isUncropped: Bool {
        crop.x == 0 && crop.y == 0 && crop.width == scaled.width && crop.height == scaled.height
    }
}
