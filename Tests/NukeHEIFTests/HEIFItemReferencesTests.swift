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
        for length in [0, 12, 100, 300, 800, 1000] {
            _ = HEIFCanvases([UInt8](data.prefix(length)))  // reads what it can, never past the end
        }
    }
}
