// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

import Nuke

/// Which part of a scaled image a crop keeps (imgproxy's `g` option).
public enum Gravity: Hashable, Sendable, CustomStringConvertible {
    /// An edge or corner, or the centre, moved by an offset (towards the centre from an edge;
    /// right and down from the centre): in output pixels, or, between -1 and 1, as a fraction of
    /// the image's side, as imgproxy reads them.
    case anchor(Anchor, xOffset: Double = 0, yOffset: Double = 0)
    /// A point given as fractions of the width and height (0–1), kept as near the centre of the
    /// crop as the image allows (`fp:x:y`).
    case focusPoint(x: Double, y: Double)
    /// The most interesting part: edges, saturation and skin tones (`sm`; see ``ProxyResize``).
    /// Without the pixels (``origin(crop:in:)``), the centre.
    case smart

    /// The centre, with no offset.
    public static let center = Gravity.anchor(.center)

    /// Where a crop is anchored.
    public enum Anchor: String, Hashable, Sendable, CaseIterable {
        /// The middle (`ce`).
        case center = "ce"
        /// The top edge (`no`).
        case north = "no"
        /// The bottom edge (`so`).
        case south = "so"
        /// The right edge (`ea`).
        case east = "ea"
        /// The left edge (`we`).
        case west = "we"
        /// The top right corner (`noea`).
        case northEast = "noea"
        /// The top left corner (`nowe`).
        case northWest = "nowe"
        /// The bottom right corner (`soea`).
        case southEast = "soea"
        /// The bottom left corner (`sowe`).
        case southWest = "sowe"
    }

    /// The top left corner of a `crop` of a `size` image, inside the image (or, when
    /// `allowsOverflow`, overlapping it by at least a pixel, as imgproxy places watermarks).
    func origin(
        crop: (width: Int, height: Int),
        in size: (width: Int, height: Int),
        allowsOverflow: Bool = false
    ) -> (x: Int, y: Int) {
        // imgproxy's `calcPosition`, to the pixel: its centre is `RoundToEven((spare + 1) / 2)`,
        // its offsets and focus points round half to even, and half a crop is truncated.
        let even = Self.roundedHalfToEven
        let (spareX, spareY) = (size.width - crop.width, size.height - crop.height)
        var (left, top) = (even(Double(spareX + 1) / 2), even(Double(spareY + 1) / 2))
        switch self {
        case .smart:
            break
        case .focusPoint(let fx, let fy):
            left = even(Double(size.width) * fx) - crop.width / 2
            top = even(Double(size.height) * fy) - crop.height / 2
        case .anchor(let anchor, let xOffset, let yOffset):
            let (dx, dy) = (Self.offsetPixels(xOffset, side: size.width), Self.offsetPixels(yOffset, side: size.height))
            (left, top) = (left + dx, top + dy)
            switch anchor {
            case .west, .northWest, .southWest: left = dx
            case .east, .northEast, .southEast: left = spareX - dx
            case .center, .north, .south: break
            }
            switch anchor {
            case .north, .northEast, .northWest: top = dy
            case .south, .southEast, .southWest: top = spareY - dy
            case .center, .east, .west: break
            }
        }
        if allowsOverflow {
            return (
                min(max(1 - crop.width, left), size.width - 1), min(max(1 - crop.height, top), size.height - 1)
            )
        }
        return (min(max(0, left), max(0, spareX)), min(max(0, top), max(0, spareY)))
    }

    /// imgproxy's reading of an offset: pixels (times `ratio`) at 1 or more either way, else a
    /// fraction of `side`; rounded half to even, as its `calcPosition` rounds it.
    static func offsetPixels(_ offset: Double, side: Int, ratio: Double = 1) -> Int {
        roundedHalfToEven(abs(offset) >= 1 ? offset * ratio : offset * Double(side))
    }

    /// imgproxy's `RoundToEven`, the value first held far inside `Int`'s range.
    static func roundedHalfToEven(_ value: Double) -> Int {
        Int(max(-1e9, min(1e9, value)).rounded(.toNearestOrEven))
    }

    /// The gravity with its offsets in pixels multiplied by `factor` (`dpr`); fractions, focus
    /// points and smart stay as they are.
    func scalingOffsets(by factor: Double) -> Gravity {
        guard case .anchor(let anchor, let dx, let dy) = self, factor != 1 else { return self }
        // Not rounded here: ``origin(crop:in:)`` rounds the product half to even, as imgproxy does.
        let scale = { (offset: Double) in abs(offset) >= 1 ? offset * factor : offset }
        return .anchor(anchor, xOffset: scale(dx), yOffset: scale(dy))
    }

    /// The top left corner of a `crop` of `image`: as ``origin(crop:in:)``, except that
    /// ``smart`` scores the image's pixels (``SmartCrop``).
    func origin(crop: (width: Int, height: Int), inPixelsOf image: Bitmap) -> (x: Int, y: Int) {
        self == .smart ? SmartCrop.origin(crop: crop, in: image) : origin(crop: crop, in: (image.width, image.height))
    }

    /// `ce`, `no:0:10`, `fp:0.5:0.3`: the option's arguments.
    public var description: String {
        switch self {
        case .anchor(let anchor, let dx, let dy):
            dx == 0 && dy == 0 ? anchor.rawValue : "\(anchor.rawValue):\(dx):\(dy)"
        case .focusPoint(let x, let y): "fp:\(x):\(y)"
        case .smart: "sm"
        }
    }
}
