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

    /// Reads the canvases in the file's `bytes`; what cannot be read (a damaged box, an item
    /// stored in a way libheif does not read either) is skipped.
    init(_ bytes: [UInt8]) {
        for meta in HEIFBoxes.metaBoxes(in: bytes) {
            let types = Self.itemTypes(in: bytes, meta: meta)
            let derived = types.filter { $0.value == "grid" || $0.value == "iovl" }
            guard !derived.isEmpty else { continue }
            let idat = HEIFBoxes.boxes("idat", in: bytes, from: meta.contentStart, to: meta.end).first
            for location in Self.locations(in: bytes, meta: meta) {
                guard let type = derived[location.item] else { continue }
                let descriptor = Self.descriptor(of: location, in: bytes, idat: idat)
                if let canvas = Self.canvas(type, descriptor: descriptor) { canvases.append(canvas) }
            }
        }
    }

    /// The longest descriptor header read: an overlay's with 32-bit sizes (version, flags, four
    /// fill values, width, height).
    static let longestDescriptor = 18

    /// The first ``longestDescriptor`` bytes of an item's data, from its extents in order as
    /// libheif joins them; fewer if the data ends (or leaves the file) sooner.
    private static func descriptor(of location: Location, in bytes: [UInt8], idat: HEIFBoxes.Box?) -> [UInt8] {
        var descriptor: [UInt8] = []
        for extent in location.extents where descriptor.count < longestDescriptor {
            let (base, end) = location.isInIdat ? (idat?.contentStart, idat?.end) : (0, bytes.count)
            guard let base, let end else { break }
            let (start, overflow) = base.addingReportingOverflow(extent.offset)
            guard !overflow, start < end else { break }
            let available = end - start
            let length = extent.length == 0 ? available : min(extent.length, available)
            descriptor += bytes[start..<start + min(length, longestDescriptor - descriptor.count)]
            guard length == extent.length || extent.length == 0 else { break }  // the data left its box
        }
        return descriptor
    }

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

    // MARK: iinf and iloc

    /// Item ID → item type, from the `infe` entries (version 2 and 3) of the `iinf` box.
    private static func itemTypes(in bytes: [UInt8], meta: HEIFBoxes.Box) -> [Int: String] {
        var types: [Int: String] = [:]
        for iinf in HEIFBoxes.boxes("iinf", in: bytes, from: meta.contentStart, to: meta.end) {
            guard iinf.contentStart + 4 <= iinf.end else { continue }
            let countSize = bytes[iinf.contentStart] == 0 ? 2 : 4
            let entries = iinf.contentStart + 4 + countSize
            guard entries <= iinf.end else { continue }
            for infe in HEIFBoxes.boxes("infe", in: bytes, from: entries, to: iinf.end) {
                guard infe.contentStart + 4 <= infe.end else { continue }
                let version = bytes[infe.contentStart]
                guard version >= 2 else { continue }
                let idSize = version == 2 ? 2 : 4
                let typeOffset = infe.contentStart + 4 + idSize + 2
                guard typeOffset + 4 <= infe.end else { continue }
                let item = HEIFBoxes.integer(bytes, infe.contentStart + 4, idSize)
                types[item] = String(decoding: bytes[typeOffset..<typeOffset + 4], as: UTF8.self)
            }
        }
        return types
    }

    /// Where an item's data is: its extents, in order.
    private struct Location {
        var item: Int
        /// Construction method 1: the offsets are into the `idat` box; else into the file.
        var isInIdat: Bool
        /// Offsets with the item's base offset added; a length of 0 runs to the end.
        var extents: [(offset: Int, length: Int)]
    }

    /// The extents of every item in the `iloc` box (versions 0 to 2), construction methods 0
    /// (file) and 1 (`idat`).
    private static func locations(in bytes: [UInt8], meta: HEIFBoxes.Box) -> [Location] {
        guard let iloc = HEIFBoxes.boxes("iloc", in: bytes, from: meta.contentStart, to: meta.end).first,
            iloc.contentStart + 8 <= iloc.end
        else { return [] }
        var reader = FieldReader(bytes: bytes, offset: iloc.contentStart, end: iloc.end)
        guard let version = reader.read(1), version <= 2, reader.read(3) != nil,
            let sizes = reader.read(1), let moreSizes = reader.read(1),
            let count = reader.read(version < 2 ? 2 : 4)
        else { return [] }
        let (offsetSize, lengthSize, baseOffsetSize) = (sizes >> 4, sizes & 15, moreSizes >> 4)
        let indexSize = version == 0 ? 0 : moreSizes & 15
        var locations: [Location] = []
        for _ in 0..<count {
            guard let item = reader.read(version < 2 ? 2 : 4),
                let method = version == 0 ? 0 : reader.read(2).map({ $0 & 15 }),
                reader.read(2) != nil,  // data reference index
                let baseOffset = reader.read(baseOffsetSize),
                let extentCount = reader.read(2)
            else { break }
            var extents: [(offset: Int, length: Int)] = []
            for _ in 0..<extentCount {
                guard reader.read(indexSize) != nil, let offset = reader.read(offsetSize),
                    let length = reader.read(lengthSize)
                else { return locations }
                let (start, overflow) = baseOffset.addingReportingOverflow(offset)
                extents.append((overflow ? .max : start, length))
            }
            guard !extents.isEmpty, method <= 1 else { continue }
            locations.append(Location(item: item, isInIdat: method == 1, extents: extents))
        }
        return locations
    }

    /// Big-endian fields read one after another within a box; `nil` past its end.
    private struct FieldReader {
        let bytes: [UInt8]
        var offset: Int
        let end: Int

        /// The next `size`-byte field (0 to 8 bytes; a 0-byte field is 0).
        mutating func read(_ size: Int) -> Int? {
            guard size <= 8, offset + size <= end else { return nil }
            defer { offset += size }
            return size == 0 ? 0 : HEIFBoxes.integer(bytes, offset, size)
        }
    }
}
