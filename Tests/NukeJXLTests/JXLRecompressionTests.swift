// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

import Foundation
import NukeCore
import NukeTestSupport
import Testing

@testable import NukeJXL

@Suite struct JXLRecompressionTests {
    /// A JPEG of NukeJPEG's fixtures with EXIF orientation 6 (stored 96×64, shown 64×96), and
    /// ImageMagick's upright decode of it.
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../NukeJPEGTests/Fixtures")

    @Test("A JPEG's coefficients become a smaller JPEG XL that shows the same pixels upright, without EXIF")
    func recompressesJPEG() throws {
        let jpeg = try Data(contentsOf: Self.fixtures.appendingPathComponent("orientation-6.jpg"))
        let jxl = try JXLEncoder(effort: 7).recompressing(jpeg: jpeg)
        #expect(jxl.count < jpeg.count)
        #expect(jxl.range(of: Data("Exif".utf8)) == nil, "no EXIF box")
        #expect(jxl.starts(with: [0, 0, 0, 0x0C, 0x4A, 0x58, 0x4C, 0x20]))
        let context = ImageDecodingContext(request: ImageRequest(url: nil), data: jxl)
        let decoded = try JXLDecoder(context: context).decode(jxl).image
        #expect((decoded.width, decoded.height) == (64, 96))
        let expected = try ReferenceImage.read(
            try Data(contentsOf: Self.fixtures.appendingPathComponent("orientation-6.reference.pnm"))
        )
        // libjxl decodes the same coefficients with its own, more precise, transform: within half
        // a level on average of libjpeg's decode, a few levels at most (as djxl's own output).
        let difference = try #require(ReferenceImage.difference(decoded, expected))
        #expect(difference.mean < 1 && difference.maximum <= 8, "\(difference)")
    }

    @Test("Data that is not a JPEG libjxl can take is a typed error, as is an effort out of range")
    func refusals() throws {
        for (data, effort) in [(Data("not a jpeg".utf8), 7), (Data([0xFF, 0xD8, 0xFF]), 7)] {
            #expect {
                try JXLEncoder(effort: effort).recompressing(jpeg: data)
            } throws: { error in
                guard case .unsupportedImage = error as? ImageEncodingError else { return false }
                return true
            }
        }
        let jpeg = try Data(contentsOf: Self.fixtures.appendingPathComponent("orientation-6.jpg"))
        #expect(throws: ImageEncodingError.self) { try JXLEncoder(effort: 0).recompressing(jpeg: jpeg) }
    }
}
