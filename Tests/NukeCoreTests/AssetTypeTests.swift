// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

import Foundation
import NukeTestSupport
import Testing

@testable import NukeCore

@Suite struct AssetTypeTests {
    static let signatures: [([UInt8], AssetType)] = [
        ([0xFF, 0xD8, 0xFF, 0xE0], AssetType.jpeg),
        ([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A], .png),
        (Array("GIF89a".utf8), .gif),
        (Array("GIF87a".utf8), .gif),
        (Array("RIFF".utf8) + [0, 0, 0, 0] + Array("WEBP".utf8), .webp),
        ([0, 0, 0, 0x18] + Array("ftypheic".utf8), .heic),
        ([0, 0, 0, 0x18] + Array("ftypavif".utf8), .avif),
        ([0, 0, 0, 0x18] + Array("ftypisom".utf8), .mp4),
        ([0, 0, 0, 0x18] + Array("ftypqt  ".utf8), .mov),
        ([0, 0, 0, 0x18] + Array("ftypM4V ".utf8), .m4v),
        ([0x00, 0x00, 0x01, 0x00], .ico),
        ([0x49, 0x49, 0x2A, 0x00], .tiff),
        ([0x4D, 0x4D, 0x00, 0x2A], .tiff),
        ([0x42, 0x4D, 0, 0], .bmp),
        ([0xFF, 0x4F, 0xFF, 0x51], .jpeg2000),
        ([0xFF, 0x0A], .jxl),
        // A generic major brand with a specific compatible brand (libheif and libavif write these).
        ([0, 0, 0, 0x1C] + Array("ftypmif1".utf8) + [0, 0, 0, 0] + Array("mif1miafavif".utf8), .avif),
        ([0, 0, 0, 0x1C] + Array("ftypmif1".utf8) + [0, 0, 0, 0] + Array("mif1heicmiaf".utf8), .heic),
    ]

    @Test("Magic bytes", arguments: signatures)
    func sniffing(bytes: [UInt8], type: AssetType) {
        #expect(AssetType(Data(bytes)) == type)
    }

    @Test("Unknown, short or partial signatures are nil")
    func unknown() {
        #expect(AssetType(Data()) == nil)
        #expect(AssetType(Data("GIF8".utf8)) == nil)
        #expect(AssetType(Data([0, 0, 0, 0x18] + Array("ftypmif1".utf8))) == nil)
        #expect(AssetType(Data(repeating: 7, count: 32)) == nil)
        // Compatible brands past the box's end, or after a specific major brand, do not count.
        #expect(AssetType(Data([0, 0, 0, 0x10] + Array("ftypmif1".utf8) + [0, 0, 0, 0] + Array("avif".utf8))) == nil)
        #expect(AssetType(Data([0, 0, 0, 0x18] + Array("ftypisom".utf8) + [0, 0, 0, 0] + Array("avif".utf8))) == .mp4)
        // A box size beyond the data, or below the header, reads what there is without trapping.
        #expect(AssetType(Data([0xFF, 0xFF, 0xFF, 0xFF] + Array("ftypmif1".utf8) + [0, 0, 0, 0, 0x61, 0x76])) == nil)
        #expect(AssetType(Data([0, 0, 0, 1] + Array("ftypmif1".utf8) + [0, 0, 0, 0] + Array("avif".utf8))) == nil)
    }

    @Test("MIME types map to asset types")
    func mimeTypes() {
        #expect(AssetType(mimeType: "image/JPEG; charset=binary") == .jpeg)
        #expect(AssetType(mimeType: "image/webp") == .webp)
        #expect(AssetType(mimeType: "text/html") == nil)
        #expect(AssetType(mimeType: " ") == nil)
    }
}
