// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

import Foundation
import NukeCore
import NukeTestSupport
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
        let fields = try #require(EXIFFixtures.artistAndCopyright(in: kept.userInfo[.exifKey] as? Data))
        #expect(fields.artist == "Ann Example" && fields.copyright == "(c) 2026 Ann Example")
        #expect(kept.image.width == 40 && kept.image.height == 24)
        #expect(try decode(data).userInfo[.exifKey] == nil)
        #expect(try decode(try fixture("lossy.heic")).userInfo[.exifKey] == nil)
    }
}
