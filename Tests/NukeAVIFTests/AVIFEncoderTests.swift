// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

import Foundation
import NukeCore
import NukeTestSupport
import Testing

@testable import NukeAVIF

@Suite struct AVIFEncoderTests {
    @Test("Lossless round-trips exactly, alpha and gray included")
    func lossless() throws {
        let encoder = AVIFEncoder(mode: .lossless)
        let opaque = try reference("oriented")
        #expect(ReferenceImage.maximumDifference(try decode(try encoder.encode(opaque)).image, opaque) == 0)
        let translucent = try reference("alpha")
        let decoded = try decode(try encoder.encode(translucent))
        #expect(!decoded.image.isOpaque)
        #expect(
            ReferenceImage.maximumDifference(try ReferenceImage.clearingTransparentColor(decoded.image), translucent)
                == 0
        )
        let gray = try Bitmap(width: 20, height: 10, pixelFormat: .gray8, pixels: (0..<200).map { UInt8($0) })
        let grayDecoded = try decode(try encoder.encode(gray)).image
        #expect(grayDecoded.pixel(x: 13, y: 7) == [153, 153, 153, 255])
    }

    @Test("Lossy stays close to the source and shrinks with the quality; opaque images get no alpha")
    func lossy() throws {
        let source = try reference("lossless")
        let high = try AVIFEncoder(mode: .lossy(quality: 0.9)).encode(source)
        let low = try AVIFEncoder(mode: .lossy(quality: 0.2)).encode(source)
        #expect(low.count < high.count)
        let decoded = try decode(high)
        #expect(decoded.image.isOpaque)
        #expect(try #require(ReferenceImage.maximumDifference(decoded.image, source)) <= 48)
        #expect(AssetType(high) == .avif)
    }

    @Test("Bad arguments are typed errors")
    func badArguments() throws {
        let image = try reference("lossless")
        for encoder in [
            AVIFEncoder(mode: .lossy(quality: 1.5)), AVIFEncoder(mode: .lossy(quality: .nan)),
            AVIFEncoder(speed: 11), AVIFEncoder(speed: -1),
        ] {
            #expect(throws: ImageEncodingError.self) { try encoder.encode(image) }
        }
        let empty = try Bitmap(width: 0, height: 0, pixelFormat: .rgba8)
        #expect(throws: ImageEncodingError.self) { try AVIFEncoder().encode(empty) }
    }
}
