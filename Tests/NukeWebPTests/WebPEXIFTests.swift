// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

import Foundation
import NukeCore
import NukeTestSupport
import Testing

@testable import NukeWebP

@Suite struct WebPEXIFTests {

    /// A still and an animation, lossy, with an `EXIF` chunk holding `payload`.
    static func tagged(_ payload: [UInt8]) throws -> [Data] {
        let image = try Bitmap(width: 16, height: 8, pixelFormat: .rgba8, fill: [200, 40, 40, 255])
        let still = try WebPEncoder().encode(image)
        var frames = ImageContainer(image: image)
        frames.animation = ImageAnimation(
            width: 16,
            height: 8,
            frameDurations: [0.1, 0.1],
            loopCount: 0,
            source: FrameListSource(frames: [image, image])
        )
        let context = ImageEncodingContext(request: ImageRequest(url: nil), image: frames)
        let animation = try WebPEncoder().encode(frames, context: context)
        return try [still, animation].map { try WebPMetadataEditor().settingEXIF(Data(payload), in: $0) }
    }

    static func decode(_ data: Data, keepingEXIF: Bool) throws -> ImageContainer {
        var options = WebPDecoder.Options()
        options.keepsEXIF = keepingEXIF
        let context = ImageDecodingContext(request: ImageRequest(url: nil), data: data)
        return try WebPDecoder(context: context, options: options).decode(data)
    }

    @Test("keepsEXIF keeps the EXIF chunk's TIFF structure, of stills and animations; off by default")
    func keepsEXIF() throws {
        for data in try Self.tagged(EXIFFixtures.orientationSix) {
            #expect(
                try Self.decode(data, keepingEXIF: true).userInfo[.exifKey] as? Data
                    == Data(EXIFFixtures.orientationSix)
            )
            #expect(try Self.decode(data, keepingEXIF: false).userInfo[.exifKey] == nil)
            let plain = try decoder(for: data).decode(data)
            #expect(plain.userInfo[.exifKey] == nil && plain.image.width == 16)
        }
    }

    @Test("An Exif\\0\\0 prefix, which some writers put in the chunk, is left out")
    func prefixedChunk() throws {
        for data in try Self.tagged(Array("Exif\0\0".utf8) + EXIFFixtures.orientationSix) {
            #expect(
                try Self.decode(data, keepingEXIF: true).userInfo[.exifKey] as? Data
                    == Data(EXIFFixtures.orientationSix)
            )
        }
    }

    @Test("A file without an EXIF chunk keeps nothing")
    func untagged() throws {
        let data = try WebPEncoder().encode(try Bitmap(width: 4, height: 4, pixelFormat: .rgba8, fill: [1, 2, 3, 255]))
        #expect(try Self.decode(data, keepingEXIF: true).userInfo[.exifKey] == nil)
    }
}
