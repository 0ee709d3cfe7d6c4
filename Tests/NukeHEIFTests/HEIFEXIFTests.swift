// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

import Foundation
import NukeCore
import Testing

@testable import NukeHEIF

@Suite struct HEIFEXIFTests {
    @Test("keepsEXIF keeps the Exif block's TIFF structure (heif-enc from a JPEG's APP1); off by default")
    func keepsEXIF() throws {
        let data = try fixture("exif.heic")
        var options = HEIFDecoder.Options()
        options.keepsEXIF = true
        let kept = try HEIFDecoder(
            context: ImageDecodingContext(request: ImageRequest(url: nil), data: data),
            options: options
        )
        .decode(data)
        let exif = try #require(kept.userInfo[.exifKey] as? Data)
        let structure = try #require(EXIFStructure([UInt8](exif)))
        let directory = try #require(structure.firstDirectoryOffset)
        #expect(structure.ascii(0x013B, inDirectoryAt: directory) == Array("Ann Example".utf8))
        #expect(structure.ascii(0x8298, inDirectoryAt: directory) == Array("(c) 2026 Ann Example".utf8))
        #expect(kept.image.width == 40 && kept.image.height == 24)
        #expect(try decode(data).userInfo[.exifKey] == nil)
        #expect(try decode(try fixture("lossy.heic")).userInfo[.exifKey] == nil)
    }
}
