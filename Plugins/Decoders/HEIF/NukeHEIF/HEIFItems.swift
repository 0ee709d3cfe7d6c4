// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

/// The items of one `meta` box as libheif 1.15 finds them: each item's type (`iinf`) and where
/// its data is (`iloc`: in the file, or in the `idat` box).
struct HEIFItems {
    /// Where an item's data is: its extents, in order.
    struct Location {
        var item: Int
        /// Construction method 1: the offsets are into the `idat` box; else into the file.
        var isInIdat: Bool
        /// Offsets with the item's base offset added; a length of 0 runs to the end.
        var extents: [(offset: Int, length: Int)]
    }

    /// Item ID → the four-character item types its `infe` entries (versions 2 and 3) give it: a
    /// damaged file may give one item several, libheif takes the first, and the checks consider
    /// each (fuzz-heif found an item read as an overlay by libheif and as a tile here).
    let types: [Int: Set<String>]
    /// The extents of every item stored in the file or in `idat` (construction methods 0 and 1).
    let locations: [Location]
    /// The `meta` box the items are in.
    let meta: HEIFBoxes.Box
    private let idat: HEIFBoxes.Box?

    /// The items of every top-level `meta` box in the file's `bytes` (a damaged file may have
    /// several, and libheif may read any).
    static func all(in bytes: [UInt8]) -> [HEIFItems] {
        HEIFBoxes.metaBoxes(in: bytes).map { HEIFItems(bytes, meta: $0) }
    }

    /// Reads the items of `meta` in the file's `bytes`; what cannot be read (a damaged box, an
    /// item stored in a way libheif does not read either) is left out.
    init(_ bytes: [UInt8], meta: HEIFBoxes.Box) {
        self.meta = meta
        types = Self.itemTypes(in: bytes, meta: meta)
        locations = Self.locations(in: bytes, meta: meta)
        idat = HEIFBoxes.boxes("idat", in: bytes, from: meta.contentStart, to: meta.end).first
    }

    /// Whether any item may be of `type`.
    func contains(type: String) -> Bool {
        types.values.contains { $0.contains(type) }
    }

    /// The locations of the items that may be of `type`.
    func locations(ofType type: String) -> [Location] {
        locations.filter { types[$0.item]?.contains(type) == true }
    }

    /// The first `maximumLength` bytes of an item's data, its extents joined in order as libheif
    /// joins them; fewer if the data ends (or leaves the file or `idat`) sooner.
    func data(at location: Location, in bytes: [UInt8], maximumLength: Int = .max) -> [UInt8] {
        var data: [UInt8] = []
        for extent in location.extents where data.count < maximumLength {
            let (base, end) = location.isInIdat ? (idat?.contentStart, idat?.end) : (0, bytes.count)
            guard let base, let end else { break }
            let (start, overflow) = base.addingReportingOverflow(extent.offset)
            guard !overflow, start < end else { break }
            let available = end - start
            let length = extent.length == 0 ? available : min(extent.length, available)
            data += bytes[start..<start + min(length, maximumLength - data.count)]
            guard length == extent.length || extent.length == 0 else { break }  // the data left its box
        }
        return data
    }

    private static func itemTypes(in bytes: [UInt8], meta: HEIFBoxes.Box) -> [Int: Set<String>] {
        var types: [Int: Set<String>] = [:]
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
                types[item, default: []].insert(String(decoding: bytes[typeOffset..<typeOffset + 4], as: UTF8.self))
            }
        }
        return types
    }

    /// The `iloc` box's items (versions 0 to 2).
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
