// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

import Foundation
import NukeCore
import NukeImaging
import NukeTestSupport
import Testing

@testable import NukeGIF

/// `GIFMetadataEditor` on an animation, read back by giflib through NukeGIF's decoder.
@Suite struct GIFMetadataEditorTests {
    private let editor = GIFMetadataEditor()
    private let secret = Array("GPS 48.8584 N 2.2945 E".utf8)

    private func animation() throws -> [UInt8] {
        let first = try Bitmap(width: 9, height: 7, pixelFormat: .rgba8, fill: [30, 140, 220, 255])
        let second = try Bitmap(width: 9, height: 7, pixelFormat: .rgba8, fill: [250, 10, 10, 255])
        return [UInt8](
            GIFWriter.encode(
                [
                    GIFWriter.Frame(image: first, delayCentiseconds: 10),
                    GIFWriter.Frame(image: second, delayCentiseconds: 20),
                ],
                repetitionCount: 2
            )
        )
    }

    private func decode(_ data: Data) throws -> ImageContainer {
        let context = ImageDecodingContext(request: ImageRequest(url: nil), data: data)
        return try GIFDecoder(context: context).decode(data)
    }

    @Test("Comments, XMP and ICC extensions go; the loop count and every frame stay")
    func removingAll() throws {
        let encoded = try animation()
        let comment = [0x21, 0xFE, UInt8(secret.count)] + secret + [0]
        let xmp = [0x21, 0xFF, 11] + Array("XMP DataXMP".utf8) + [UInt8(secret.count)] + secret + [0]
        let icc = [0x21, 0xFF, 11] + Array("ICCRGBG1012".utf8) + [UInt8(secret.count)] + secret + [0]
        let withMetadata = Data(Array(encoded.dropLast()) + comment + xmp + icc + [0x3B])

        let stripped = try editor.removing(.all, from: withMetadata)

        #expect(stripped == Data(encoded))
        let decoded = try decode(stripped)
        let original = try decode(withMetadata)
        #expect(decoded.image == original.image && decoded.frameCount == original.frameCount)
        #expect(decoded.animation?.loopCount == 3)
        #expect(
            try editor.removing(.xmp, from: withMetadata) == Data(Array(encoded.dropLast()) + comment + icc + [0x3B])
        )
        #expect(try editor.removing(.other, from: withMetadata) == Data(Array(encoded.dropLast()) + xmp + icc + [0x3B]))
    }

    @Test("EXIF and profiles have no place in a GIF: a typed refusal")
    func settingIsRefused() throws {
        let encoded = Data(try animation())
        #expect(throws: MetadataEditingError(format: "GIF", reason: .unsupported(.exif))) {
            try editor.settingEXIF(Data(EXIFFixtures.orientationSix), in: encoded)
        }
        #expect(throws: MetadataEditingError(format: "GIF", reason: .unsupported(.iccProfile))) {
            try editor.settingICCProfile(ICCFixtures.rgbProfile(), in: encoded)
        }
    }

    @Test("Truncated files are refused, not half-copied")
    func truncated() throws {
        let encoded = Data(try animation())
        for length in [0, 3, 13, encoded.count / 2] {
            #expect(throws: MetadataEditingError.self) { try editor.removing(.all, from: encoded.prefix(length)) }
        }
    }
}
