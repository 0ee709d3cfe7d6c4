// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

/// The canvas sizes a HEIF file's derived images declare: a `grid` of tiles and an `iovl`
/// overlay each name the size of the image they compose in their own data, apart from the
/// `ispe` size libheif reports for them.
///
/// libheif 1.15 allocates that canvas as declared: fuzz-heif found a 2.3 kB file whose 48×32
/// image is an overlay of a 27,870×19,967 canvas, 1.6 GB of memory (`overlay-canvas.heic`). The
/// decoder checks every canvas against the pixel limit and the memory budget before libheif
/// decodes anything.
struct HEIFCanvases {
    /// A derived image's declared canvas.
    struct Canvas: Hashable {
        /// `grid` or `iovl`.
        var itemType: String
        var width: Int
        var height: Int
    }

    /// Every derived image's canvas, in every top-level `meta` box.
    private(set) var canvases: [Canvas] = []

    /// Reads the canvases in the file's `bytes`, whose `items` in each `meta` box are read from
    /// `bytes` if not given; what cannot be read (a damaged box, an item stored in a way libheif
    /// does not read either) is skipped.
    init(_ bytes: [UInt8], items: [HEIFItems]? = nil) {
        for items in items ?? HEIFItems.all(in: bytes) {
            for location in items.locations {
                for type in ["grid", "iovl"] where items.types[location.item]?.contains(type) == true {
                    let descriptor = items.data(at: location, in: bytes, maximumLength: Self.longestDescriptor)
                    if let canvas = Self.canvas(type, descriptor: descriptor) { canvases.append(canvas) }
                }
            }
        }
    }

    /// The longest descriptor header read: an overlay's with 32-bit sizes (version, flags, four
    /// fill values, width, height).
    static let longestDescriptor = 18

    /// The canvas declared by a grid's or an overlay's descriptor, as libheif reads it: version,
    /// flags (bit 0: 32-bit sizes), then for a grid the rows and columns, for an overlay four
    /// 16-bit fill values, then the width and the height.
    private static func canvas(_ type: String, descriptor: [UInt8]) -> Canvas? {
        guard descriptor.count >= 2 else { return nil }
        let fieldSize = descriptor[1] & 1 == 1 ? 4 : 2
        let sizeOffset = type == "grid" ? 4 : 10
        guard descriptor.count >= sizeOffset + 2 * fieldSize else { return nil }
        return Canvas(
            itemType: type,
            width: HEIFBoxes.integer(descriptor, sizeOffset, fieldSize),
            height: HEIFBoxes.integer(descriptor, sizeOffset + fieldSize, fieldSize)
        )
    }
}
