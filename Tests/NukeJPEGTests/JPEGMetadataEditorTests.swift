// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

import Foundation
import NukeCore
import NukeImaging
import NukeTestSupport
import Testing

@testable import NukeJPEG

/// `JPEGMetadataEditor` on files libjpeg wrote, read back by NukeJPEG's decoder: metadata goes or
/// comes, the pixels stay.
@Suite struct JPEGMetadataEditorTests {
    private let editor = JPEGMetadataEditor()
    private let image = try! Bitmap(width: 9, height: 7, pixelFormat: .rgba8, fill: [30, 140, 220, 255])
    private let secret = Array("GPS 48.8584 N 2.2945 E".utf8)
    private static let exif = Data(EXIFFixtures.orientationSix)

    private func decode(_ data: Data) throws -> ImageContainer {
        var options = JPEGDecoder.Options()
        options.keepsEXIF = true
        options.appliesOrientation = false
        let context = ImageDecodingContext(request: ImageRequest(url: nil), data: data)
        return try JPEGDecoder(context: context, options: options).decode(data)
    }

    private func segment(_ marker: UInt8, _ payload: [UInt8]) -> [UInt8] {
        let length = payload.count + 2
        return [0xFF, marker, UInt8(length >> 8), UInt8(length & 0xFF)] + payload
    }

    private func tagged() throws -> (plain: Data, tagged: Data) {
        let encoded = [UInt8](try JPEGEncoder(quality: 0.9).encode(image))
        let withMetadata =
            Array(encoded[..<2]) + segment(0xE1, Array("Exif\0\0".utf8) + EXIFFixtures.orientationSix)
            + segment(0xE1, Array("http://ns.adobe.com/xap/1.0/\0".utf8) + secret)
            + segment(0xE2, Array("ICC_PROFILE\0".utf8) + [1, 1] + [UInt8](ICCFixtures.rgbProfile()))
            + segment(0xED, Array("Photoshop 3.0\0".utf8) + secret) + segment(0xFE, secret) + Array(encoded[2...])
        return (Data(encoded), Data(withMetadata))
    }

    @Test("Removing everything: EXIF, XMP, ICC, IPTC and comments go; JFIF and the scans stay byte for byte")
    func removingAll() throws {
        let (plain, tagged) = try tagged()
        let stripped = try editor.removing(.all, from: tagged)
        #expect(stripped == plain)
        #expect(try decode(stripped).image == decode(tagged).image)
        #expect(stripped.range(of: Data(secret)) == nil)
    }

    @Test("Removing one kind keeps the others")
    func removingOneKind() throws {
        let (_, tagged) = try tagged()
        let withoutEXIF = try decode(try editor.removing(.exif, from: tagged))
        #expect(withoutEXIF.userInfo[.exifKey] == nil)
        #expect(withoutEXIF.userInfo[.iccProfileKey] as? Data == ICCFixtures.rgbProfile())
        let withoutProfile = try editor.removing(.iccProfile, from: tagged)
        #expect(try decode(withoutProfile).userInfo[.iccProfileKey] == nil)
        #expect(try decode(withoutProfile).userInfo[.exifKey] as? Data == Self.exif)
        #expect(withoutProfile.range(of: Data(secret)) != nil)
        let withoutOther = try editor.removing(.other, from: tagged)
        #expect(withoutOther.range(of: Data("Photoshop".utf8)) == nil)
        #expect(withoutOther.range(of: Data("http://ns.adobe.com".utf8)) != nil)
    }

    @Test("Setting EXIF: one APP1 segment after the JFIF header, read back; set twice, still one")
    func settingEXIF() throws {
        let plain = try JPEGEncoder(quality: 0.9).encode(image)
        let tagged = try editor.settingEXIF(Self.exif, in: plain)
        #expect(tagged.count == plain.count + 4 + 6 + Self.exif.count)
        #expect(tagged[2...3].elementsEqual([0xFF, 0xE0]))  // JFIF first
        let decoded = try decode(tagged)
        #expect(decoded.userInfo[.exifKey] as? Data == Self.exif)
        #expect(decoded.userInfo[.exifOrientationKey] as? Int == 6)
        #expect(decoded.image == (try decode(plain).image))
        #expect(try editor.settingEXIF(Self.exif, in: tagged) == tagged)
        #expect(try editor.settingEXIF(Data(), in: tagged) == plain)
        #expect(throws: MetadataEditingError(format: "JPEG", reason: .tooLarge(size: 70_000, limit: 65_527))) {
            try editor.settingEXIF(Data(count: 70_000), in: plain)
        }
    }

    @Test("Setting an ICC profile: APP2 chunks the decoder reassembles, however large", arguments: [600, 200_000])
    func settingICCProfile(size: Int) throws {
        let plain = try JPEGEncoder(quality: 0.9).encode(image)
        let profile = ICCFixtures.rgbProfile(size: size)
        let tagged = try editor.settingICCProfile(profile, in: try editor.settingEXIF(Self.exif, in: plain))
        let decoded = try decode(tagged)
        #expect(decoded.userInfo[.iccProfileKey] as? Data == profile)
        #expect(decoded.userInfo[.exifKey] as? Data == Self.exif)
        #expect(try editor.settingICCProfile(profile, in: tagged) == tagged)
        #expect(try decode(try editor.settingICCProfile(Data(), in: tagged)).userInfo[.iccProfileKey] == nil)
    }

    @Test("Truncated, damaged or foreign files are refused with a typed error, never half-copied")
    func malformed() throws {
        let (plain, _) = try tagged()
        for length in [0, 3, 13, plain.count / 2] {
            #expect(throws: MetadataEditingError.self) { try editor.removing(.all, from: plain.prefix(length)) }
        }
        #expect(throws: MetadataEditingError(format: "JPEG", reason: .malformed("no SOI marker"))) {
            try editor.settingEXIF(Self.exif, in: Data("nope".utf8))
        }
        for damaged in FuzzCorpus(seeds: [plain], count: 1000, seed: 7) {
            if let result = try? editor.settingEXIF(Self.exif, in: damaged) {
                #expect(result.count >= Self.exif.count)
            }
        }
    }
}
