// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

import Foundation
import NukeCore
import Testing

@testable import NukeHEIF

@Suite struct HEIFItemReferencesTests {
    /// A file of one `meta` box holding one `iref` box (version 0) with `references`.
    static func file(_ references: [(type: String, from: Int, to: [Int])]) -> Data {
        func be(_ value: Int, _ count: Int) -> [UInt8] {
            (0..<count).map { UInt8(truncatingIfNeeded: value >> (8 * (count - 1 - $0))) }
        }
        let entries = references.flatMap { reference -> [UInt8] in
            let body = be(reference.from, 2) + be(reference.to.count, 2) + reference.to.flatMap { be($0, 2) }
            return be(8 + body.count, 4) + Array(reference.type.utf8) + body
        }
        let iref = be(12 + entries.count, 4) + Array("iref".utf8) + [0, 0, 0, 0] + entries
        let meta = be(12 + iref.count, 4) + Array("meta".utf8) + [0, 0, 0, 0] + iref
        let ftyp = be(16, 4) + Array("ftypheic".utf8) + [0, 0, 0, 0]
        return Data(ftyp + meta)
    }

    @Test("Grids of tiles and alpha planes pass; cycles through dimg or auxl, and deep chains, do not")
    func cycles() throws {
        try HEIFItemReferences([UInt8](Self.file([("dimg", 1, [2, 3, 4]), ("auxl", 5, [1]), ("thmb", 6, [1])]))).check()
        try HEIFItemReferences([UInt8](Data("not a HEIF file at all".utf8))).check()
        for references in [
            [("dimg", 1, [1])],
            [("dimg", 1, [2]), ("dimg", 2, [1])],
            [("dimg", 1, [2]), ("auxl", 1, [2])],  // 2 needs its alpha 1, which is made of 2
        ] as [[(String, Int, [Int])]] {
            #expect(throws: ImageDecodingError.self, "\(references)") {
                try HEIFItemReferences([UInt8](Self.file(references.map { (type: $0.0, from: $0.1, to: $0.2) })))
                    .check()
            }
        }
        let chain = (1...12).map { (type: "dimg", from: $0, to: [$0 + 1]) }
        #expect(throws: ImageDecodingError.self) { try HEIFItemReferences([UInt8](Self.file(chain))).check() }
        // A cycle in a second meta box counts too.
        let healthy = Self.file([("dimg", 1, [2])])
        let cyclic = Self.file([("dimg", 1, [1])]).dropFirst(16)  // its meta box, without the ftyp
        #expect(throws: ImageDecodingError.self) { try HEIFItemReferences([UInt8](healthy + cyclic)).check() }
        // A truncated iref reads what is whole and stops.
        try HEIFItemReferences([UInt8](Self.file([("dimg", 1, [1])]).dropLast(3))).check()
        // References whose sizes lie: libheif reads on after the last target whatever the size says
        // (fuzz-heif found a cycle behind a size of 8), so both readings count.
        let firstReference = 16 + 12 + 12  // after ftyp, meta's header and iref's header
        var short = [UInt8](Self.file([("dimg", 1, [1])]))
        short.replaceSubrange(firstReference..<firstReference + 4, with: [0, 0, 0, 8])
        #expect(throws: ImageDecodingError.self) { try HEIFItemReferences(short).check() }
        var long = [UInt8](Self.file([("cdsc", 9, [9]), ("dimg", 1, [1])]))
        long.replaceSubrange(firstReference..<firstReference + 4, with: [0, 0, 0, 28])
        #expect(throws: ImageDecodingError.self) { try HEIFItemReferences(long).check() }
    }

    /// A file whose one item, an overlay on a `width`×`height` canvas (32-bit sizes), has its
    /// 18-byte header in pieces of `split` bytes, stored after the `meta` box in reverse order.
    static func overlayFile(width: Int, height: Int, split: [Int]) -> Data {
        func be(_ value: Int, _ count: Int) -> [UInt8] {
            (0..<count).map { UInt8(truncatingIfNeeded: value >> (8 * (count - 1 - $0))) }
        }
        func box(_ type: String, _ body: [UInt8]) -> [UInt8] { be(8 + body.count, 4) + Array(type.utf8) + body }
        let header: [UInt8] = [0, 1] + [UInt8](repeating: 0, count: 8) + be(width, 4) + be(height, 4)
        let pieces = split.indices.map { Array(header.dropFirst(split[..<$0].reduce(0, +)).prefix(split[$0])) }
        let infe = box("infe", [2, 0, 0, 0] + be(1, 2) + be(0, 2) + Array("iovl".utf8) + [0])
        let iinf = box("iinf", [0, 0, 0, 0] + be(1, 2) + infe)
        func iloc(dataStart: Int) -> [UInt8] {
            // Each piece's offset: the pieces after it are stored before it.
            let extents = pieces.indices.flatMap { index in
                be(dataStart + pieces[(index + 1)...].reduce(0) { $0 + $1.count }, 4) + be(pieces[index].count, 4)
            }
            return box(
                "iloc",
                [1, 0, 0, 0, 0x44, 0x40] + be(1, 2) + be(1, 2) + be(0, 2) + be(0, 2) + be(0, 4)
                    + be(pieces.count, 2) + extents
            )
        }
        let ftyp = box("ftyp", Array("heic".utf8) + [0, 0, 0, 0])
        let metaSize = 12 + iinf.count + iloc(dataStart: 0).count
        let meta = box("meta", [0, 0, 0, 0] + iinf + iloc(dataStart: ftyp.count + metaSize))
        return Data(ftyp + meta + pieces.reversed().flatMap { $0 })
    }

    @Test("An overlay's header is read across the extents of its data, in their order")
    func canvasAcrossExtents() {
        let canvas = HEIFCanvases.Canvas(itemType: "iovl", width: 70_000, height: 90_000)
        for split in [[18], [5, 13], [1, 1, 16], [10, 4, 4]] {
            let file = [UInt8](Self.overlayFile(width: 70_000, height: 90_000, split: split))
            #expect(HEIFCanvases(file).canvases == [canvas], "\(split)")
        }
        // A header cut short is no canvas (libheif refuses it too).
        #expect(HEIFCanvases([UInt8](Self.overlayFile(width: 70_000, height: 90_000, split: [5, 12]))).canvases == [])
    }

    @Test("Grid and overlay canvases are read from the file, in the file's data or in idat")
    func canvases() throws {
        let data = try fixture("overlay-canvas.heic")
        // Two meta boxes, with an overlay in mdat (item 1 of the first) and two grids in idat each
        // (items 2 and 4: heif-enc writes a 48×32 image as a grid of one 64×64 tile, cropped).
        let overlay = HEIFCanvases.Canvas(itemType: "iovl", width: 27_870, height: 19_967)
        let grid = HEIFCanvases.Canvas(itemType: "grid", width: 48, height: 32)
        #expect(HEIFCanvases([UInt8](data)).canvases == [overlay, grid, grid, grid, grid])
        #expect(HEIFCanvases([UInt8](try fixture("lossy.heic"))).canvases == [grid])
        // An overlay with 32-bit sizes: 18 bytes of header.
        let wide = HEIFCanvases.Canvas(itemType: "iovl", width: 1_986_557_539, height: 1_124_139_888)
        #expect(HEIFCanvases([UInt8](try fixture("overlay-canvas-32-bit.heic"))).canvases == [wide, grid, grid])
        // An item two infe entries give two types (an overlay, then a tile): either may be read.
        let twoTypes = HEIFCanvases([UInt8](try fixture("two-types-for-one-item.heic"))).canvases
        #expect(twoTypes == [overlay, grid, grid], "\(twoTypes)")
        for length in [0, 12, 100, 300, 800, 1000] {
            _ = HEIFCanvases([UInt8](data.prefix(length)))  // reads what it can, never past the end
        }
    }
}
