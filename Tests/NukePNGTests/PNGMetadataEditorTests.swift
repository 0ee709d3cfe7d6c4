// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

import Foundation
import NukeCore
import NukeImaging
import NukeTestSupport
import Testing

@testable import NukePNG

/// `PNGMetadataEditor` on files libpng wrote, read back through libpng: chunks go or come with
/// correct CRCs, the pixels stay.
@Suite struct PNGMetadataEditorTests {
    private let editor = PNGMetadataEditor()
    private let image = try! Bitmap(width: 9, height: 7, pixelFormat: .rgba8, fill: [30, 140, 220, 255])
    private let secret = Array("GPS 48.8584 N 2.2945 E".utf8)
    private static let exif = Data(EXIFFixtures.orientationSix)
    /// After the signature and IHDR.
    private static let afterHeader = 8 + 25

    private func decode(_ data: Data) throws -> ImageContainer {
        try PNGEXIFTests.decode(data, keepingEXIF: true)
    }

    private func chunk(_ type: String, _ payload: [UInt8]) -> [UInt8] { PNGEXIFTests.chunk(type, payload) }

    @Test("Removing everything: text, XMP, EXIF and time chunks go; image chunks stay byte for byte")
    func removingAll() throws {
        let encoded = [UInt8](try PNGEncoder().encode(image))
        let withMetadata =
            Array(encoded[..<Self.afterHeader]) + chunk("tEXt", Array("Comment\0".utf8) + secret)
            + chunk("iTXt", Array("XML:com.adobe.xmp\0\0\0\0\0".utf8) + secret)
            + chunk("eXIf", secret) + chunk("tIME", [7, 234, 11, 24, 12, 0, 0]) + Array(encoded[Self.afterHeader...])
        let stripped = try editor.removing(.all, from: Data(withMetadata))
        #expect(stripped == Data(encoded))
        #expect(try decode(stripped).image == decode(Data(withMetadata)).image)
        let withoutXMP = try editor.removing(.xmp, from: Data(withMetadata))
        #expect(withoutXMP.count == withMetadata.count - 12 - 22 - secret.count)
        #expect(withoutXMP.range(of: Data("tEXtComment".utf8)) != nil)
    }

    @Test("Setting EXIF: one eXIf chunk after IHDR with a correct CRC, read back; set twice, still one")
    func settingEXIF() throws {
        let plain = try PNGEncoder().encode(image)
        let tagged = try editor.settingEXIF(Self.exif, in: plain)
        let chunk = [UInt8](tagged[Self.afterHeader..<(Self.afterHeader + 12 + Self.exif.count)])
        #expect(chunk == self.chunk("eXIf", EXIFFixtures.orientationSix))  // the specification's CRC, bit by bit
        let decoded = try decode(tagged)
        #expect(decoded.userInfo[.exifKey] as? Data == Self.exif)
        #expect(decoded.image == (try decode(plain).image))
        #expect(try editor.settingEXIF(Self.exif, in: tagged) == tagged)
        #expect(try editor.settingEXIF(Data(), in: tagged) == plain)
    }

    @Test("Setting an ICC profile: a compressed iCCP chunk libpng accepts and reads back; sRGB dropped")
    func settingICCProfile() throws {
        let encoded = [UInt8](try PNGEncoder().encode(image))
        let withSRGB = Data(
            Array(encoded[..<Self.afterHeader]) + chunk("sRGB", [0]) + Array(encoded[Self.afterHeader...])
        )
        let profile = ICCFixtures.rgbProfile(size: 5_000)
        let tagged = try editor.settingICCProfile(profile, in: withSRGB)
        #expect(tagged.range(of: Data("sRGB".utf8)) == nil)
        #expect(tagged.count < encoded.count + profile.count)  // compressed
        let decoded = try decode(tagged)
        #expect(decoded.userInfo[.iccProfileKey] as? Data == profile)
        #expect(decoded.image == (try decode(Data(encoded)).image))
        #expect(try editor.settingICCProfile(profile, in: tagged) == tagged)
        #expect(try decode(try editor.settingICCProfile(Data(), in: tagged)).userInfo[.iccProfileKey] == nil)
    }

    @Test("Truncated, damaged or foreign files are refused with a typed error, never half-copied")
    func malformed() throws {
        let plain = try PNGEncoder().encode(image)
        for length in [0, 3, 13, plain.count / 2] {
            #expect(throws: MetadataEditingError.self) { try editor.removing(.all, from: plain.prefix(length)) }
        }
        #expect(throws: MetadataEditingError(format: "PNG", reason: .malformed("no PNG signature"))) {
            try editor.settingEXIF(Self.exif, in: Data("nope".utf8))
        }
        for damaged in FuzzCorpus(seeds: [plain], count: 1000, seed: 7) {
            if let result = try? editor.settingEXIF(Self.exif, in: damaged) {
                #expect(result.count >= Self.exif.count)
            }
        }
    }
}
