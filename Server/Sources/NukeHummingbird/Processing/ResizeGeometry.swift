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

    /// The geometry for a `width × height` image; a target of 0 leaves that direction free.
    init(
        width: Int,
        height: Int,
        type: ResizingType,
        target: Size,
        enlarge: Bool,
        gravity: Gravity
    ) {
        let source = (width: Double(width), height: Double(height))
        let (tw, th) = (Double(target.width), Double(target.height))
        var type = type
        if type == .auto {
            type = tw > 0 && th > 0 && (width >= height) == (target.width >= target.height) ? .fill : .fit
        }
        if tw == 0 || th == 0, type != .force { type = .fit }

        var scaled: (width: Double, height: Double)
        switch type {
        case .force:
            var horizontal = tw > 0 ? tw / source.width : 1
            var vertical = th > 0 ? th / source.height : 1
            if !enlarge { (horizontal, vertical) = (min(1, horizontal), min(1, vertical)) }
            scaled = (source.width * horizontal, source.height * vertical)
        case .fill, .fillDown:
            var factor = max(tw / source.width, th / source.height)
            if !enlarge { factor = min(1, factor) }
            scaled = (source.width * factor, source.height * factor)
        case .fit, .auto:
            let horizontal = tw > 0 ? tw / source.width : .infinity
            let vertical = th > 0 ? th / source.height : .infinity
            var factor = min(horizontal, vertical)
            if factor == .infinity { factor = 1 }
            if !enlarge { factor = min(1, factor) }
            scaled = (source.width * factor, source.height * factor)
        }
        let size = Size(width: max(1, Int(scaled.width.rounded())), height: max(1, Int(scaled.height.rounded())))
        self.scaled = size

        var kept = (width: size.width, height: size.height)
        if type == .fill || type == .fillDown {
            kept = (min(size.width, target.width), min(size.height, target.height))
            if type == .fillDown, size.width < target.width || size.height < target.height {
                // Too small to cover the target: the largest part of the target's aspect ratio.
                let ratio = tw / th
                let width = min(Double(size.width), Double(size.height) * ratio)
                kept = (max(1, Int(width.rounded())), max(1, Int((width / ratio).rounded())))
                kept = (min(kept.width, size.width), min(kept.height, size.height))
            }
        }
        let origin = gravity.origin(crop: kept, in: (size.width, size.height))
        crop = Rect(x: origin.x, y: origin.y, width: kept.width, height: kept.height)
    }

    /// Whether the scaled image is kept whole.
    var isUncropped: Bool {
        crop.x == 0 && crop.y == 0 && crop.width == scaled.width && crop.height == scaled.height
    }
}
