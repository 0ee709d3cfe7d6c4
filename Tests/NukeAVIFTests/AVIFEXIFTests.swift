// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

import Foundation
import NukeCore
import Testing

@testable import NukeAVIF

@Suite struct AVIFEXIFTests {
    @Test("keepsEXIF keeps the Exif payload's TIFF structure (avifenc --exif); off by default")
    func keepsEXIF() throws {
        let data = try fixture("exif.avif")
        var options = AVIFDecoder.Options()
        options.keepsEXIF = true
        let kept = try AVIFDecoder(
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
        #expect(try decode(try fixture("lossy.avif")).userInfo[.exifKey] == nil)
    }
}
