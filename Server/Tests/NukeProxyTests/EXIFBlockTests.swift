// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

import Foundation
import NukeProxyTestSupport
import Testing

@testable import NukeProxy

@Suite("EXIF kept in results: the blocks")
struct EXIFBlockTests {
    static let artist = Array("Ann Example".utf8)
    static let copyright = Array("© 2026 Ann Example".utf8)

    static func source(littleEndian: Bool) -> Data {
        TIFFBuilder(
            littleEndian: littleEndian,
            entries: [
                (0x0112, .short(6)), (0x010F, .ascii(Array("Camera".utf8))), (0x013B, .ascii(artist)),
                (0x8298, .ascii(copyright)), (0x8825, .long(4000)),
            ],
            thumbnail: [0xFF, 0xD8, 9, 9, 9, 0xFF, 0xD9]
        ).build()
    }

    @Test("kcr: a new block of Artist and Copyright only, in either byte order", arguments: [true, false])
    func copyrightOnly(littleEndian: Bool) throws {
        let kept = try #require(EXIFBlock(Self.source(littleEndian: littleEndian))?.keepingCopyright())
        let block = try #require(EXIFBlock(kept))
        #expect(block.ascii(0x013B) == Self.artist && block.ascii(0x8298) == Self.copyright)
        #expect(block.ascii(0x010F) == nil && block.integer(0x0112) == nil && block.integer(0x8825) == nil)
        #expect(block.nextIFDOffset == 0)
        let short = try #require(EXIFBlock(TIFFBuilder(entries: [(0x8298, .ascii(Array("C".utf8)))]).build()))
        #expect(try EXIFBlock(#require(short.keepingCopyright()))?.ascii(0x8298) == Array("C".utf8))
        #expect(EXIFBlock(TIFFBuilder(entries: [(0x0112, .short(3))]).build())?.keepingCopyright() == nil)
    }

    @Test("sm:0: the whole block, orientation 1, IFD1 unlinked and its thumbnail zeroed", arguments: [true, false])
    func everything(littleEndian: Bool) throws {
        let source = Self.source(littleEndian: littleEndian)
        let kept = try #require(EXIFBlock(source)?.keepingAll())
        let block = try #require(EXIFBlock(kept))
        #expect(kept.count == source.count)
        #expect(block.integer(0x0112) == 1 && block.integer(0x8825) == 4000)
        #expect(block.ascii(0x010F) == Array("Camera".utf8) && block.ascii(0x8298) == Self.copyright)
        #expect(block.nextIFDOffset == 0)
        #expect(
            source.range(of: Data([0xFF, 0xD8, 9, 9, 9])) != nil && kept.range(of: Data([0xFF, 0xD8, 9, 9, 9])) == nil
        )
    }

    @Test("Malformed blocks keep nothing or what they validly hold, and never crash")
    func malformed() {
        for bytes in [[], [0x49, 0x49], Array("not a tiff block".utf8), [0x49, 0x49, 0x2A, 0, 0xFF, 0xFF, 0, 0]] {
            #expect(EXIFBlock(Data(bytes)) == nil)
        }
        #expect(EXIFBlock(Data(repeating: 0x49, count: 70_000)) == nil)
        var random = SystemRandomNumberGenerator()
        let source = [UInt8](Self.source(littleEndian: true))
        for _ in 0..<3000 {
            var mutated = source
            for _ in 0..<Int.random(in: 1...8, using: &random) {
                mutated[Int.random(in: 0..<mutated.count, using: &random)] = UInt8.random(in: 0...255, using: &random)
            }
            if Bool.random(using: &random) { mutated.removeLast(Int.random(in: 0..<mutated.count, using: &random)) }
            guard let block = EXIFBlock(Data(mutated)) else { continue }
            let all = block.keepingAll()
            #expect(all.count == mutated.count)
            if let copyright = block.keepingCopyright() { #expect(EXIFBlock(copyright) != nil) }
        }
    }
}
