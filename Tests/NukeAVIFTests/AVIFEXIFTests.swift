// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

import Foundation
import NukeCore
import NukeTestSupport
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
        let fields = try #require(EXIFFixtures.artistAndCopyright(in: kept.userInfo[.exifKey] as? Data))
        #expect(fields.artist == "Ann Example" && fields.copyright == "(c) 2026 Ann Example")
        #expect(kept.image.width == 40 && kept.image.height == 24)
        #expect(try decode(data).userInfo[.exifKey] == nil)
        #expect(try decode(try fixture("lossy.avif")).userInfo[.exifKey] == nil)
    }
}
