// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

public import Nuke

/// imgproxy's `crop`: keep an area of the source before it is resized, placed by a ``Gravity``.
///
/// Each side is a number of pixels (1 or more), a fraction of the image's side (below 1), or 0
/// for the whole side; an area larger than the image is cut to it.
public struct ProxyCrop: ImageProcessing, Hashable {
    /// The width: pixels, a fraction of the image's (below 1), or 0 for all of it.
    public var width: Double
    /// The height: pixels, a fraction of the image's (below 1), or 0 for all of it.
    public var height: Double
    /// Where the area is taken from.
    public var gravity: Gravity

    /// A crop to `width × height` (see the properties for the units), placed by `gravity`;
    /// negative or non-finite sides count as 0, sides past 2^24 as 2^24.
    public init(width: Double, height: Double, gravity: Gravity = .center) {
        func side(_ value: Double) -> Double { value.isFinite ? min(max(0, value), 16_777_216) : 0 }
        self.width = side(width)
        self.height = side(height)
        self.gravity = gravity
    }

    /// `nuke-server/crop?w=…,h=…,g=…`.
    public var identifier: String { "nuke-server/crop?w=\(width),h=\(height),g=\(gravity)" }

    /// The area's size in a `width × height` image.
    func size(inWidth imageWidth: Int, height imageHeight: Int) -> (width: Int, height: Int) {
        func side(_ value: Double, of length: Int) -> Int {
            let pixels = value == 0 ? length : value < 1 ? Int((value * Double(length)).rounded()) : Int(value)
            return min(max(1, pixels), length)
        }
        return (side(width, of: imageWidth), side(height, of: imageHeight))
    }

    /// The kept area, or the image itself when the area is all of it.
    public func process(_ image: Bitmap) -> Bitmap? {
        guard image.width > 0, image.height > 0 else { return image }
        let crop = size(inWidth: image.width, height: image.height)
        guard crop != (image.width, image.height) else { return image }
        let origin = gravity.origin(crop: crop, inPixelsOf: image)
        return ImageProcessors.Crop(x: origin.x, y: origin.y, width: crop.width, height: crop.height).process(image)
    }
}
