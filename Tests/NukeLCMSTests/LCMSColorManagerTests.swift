// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

import Foundation
import NukeCore
import NukeTestSupport
import Testing

@testable import NukeLCMS

func fixture(_ name: String) throws -> Data {
    let url = try #require(Bundle.module.url(forResource: name, withExtension: nil, subdirectory: "Fixtures"))
    return try Data(contentsOf: url)
}

func image(_ name: String) throws -> Bitmap {
    try ReferenceImage.read(try fixture(name))
}

/// The largest difference, as `maximumDifference`, failing the test if the sizes or formats differ.
func difference(_ lhs: Bitmap, _ rhs: Bitmap, sourceLocation: SourceLocation = #_sourceLocation) throws -> Int {
    try #require(ReferenceImage.maximumDifference(lhs, rhs), sourceLocation: sourceLocation)
}

@Suite struct LCMSColorManagerTests {
    let manager = LCMSColorManager()

    @Test(
        "Display P3, Adobe RGB and ProPhoto pixels become sRGB within 1 level of Pillow's ImageCms",
        arguments: ["display-p3", "adobe-rgb", "prophoto"]
    )
    func rgbProfiles(name: String) throws {
        let source = try image("source.ppm")
        let converted = try #require(
            try manager.convertToSRGB(source, from: .icc(try fixture(name + ".icc")), intent: .perceptual)
        )
        #expect(try difference(converted, try image(name + ".reference.ppm")) <= 1)
        #expect(try difference(converted, source) > 10, "wide-gamut colours must move")
    }

    @Test("A gray profile's pixels stay gray, in sRGB's curve, within 1 level of Pillow")
    func grayProfile() throws {
        let gray = try image("gray.pgm")
        let converted = try #require(
            try manager.convertToSRGB(gray, from: .icc(try fixture("gray-22.icc")), intent: .perceptual)
        )
        #expect(converted.pixelFormat == .gray8)
        let reference = try image("gray-22.reference.ppm")
        var worst = 0
        for y in 0..<gray.height {
            for x in 0..<gray.width {
                worst = max(worst, abs(Int(converted.pixel(x: x, y: y)[0]) - Int(reference.pixel(x: x, y: y)[0])))
            }
        }
        #expect(worst <= 1)
    }

    @Test("CICP 12/13 converts like the Display P3 profile; sRGB profiles and code points convert nothing")
    func cicpAndSRGB() throws {
        let source = try image("source.ppm")
        let byCICP = try #require(
            try manager.convertToSRGB(
                source,
                from: .cicp(CICP(colorPrimaries: 12, transferCharacteristics: 13)),
                intent: .perceptual
            )
        )
        let byProfile = try #require(
            try manager.convertToSRGB(source, from: .icc(try fixture("display-p3.icc")), intent: .perceptual)
        )
        #expect(try difference(byCICP, byProfile) <= 1)
        #expect(try manager.convertToSRGB(source, from: .icc(try fixture("srgb.icc")), intent: .perceptual) == nil)
        #expect(try manager.convertToSRGB(source, from: .cicp(.sRGB), intent: .perceptual) == nil)
        #expect(
            try manager.convertToSRGB(
                source,
                from: .cicp(CICP(colorPrimaries: 2, transferCharacteristics: 2)),
                intent: .perceptual
            ) == nil
        )
    }

    @Test("Alpha is copied; the intent is part of the cached transform; the cache is bounded")
    func alphaAndCache() throws {
        var pixels = [UInt8]()
        for index in 0..<16 { pixels += [UInt8(index * 16), 200, 30, UInt8(index * 17)] }
        let translucent = try Bitmap(width: 4, height: 4, pixelFormat: .rgba8, pixels: pixels)
        let profile = ColorProfile.icc(try fixture("adobe-rgb.icc"))
        let converted = try #require(try manager.convertToSRGB(translucent, from: profile, intent: .perceptual))
        for index in 0..<16 { #expect(converted.pixel(x: index % 4, y: index / 4)[3] == UInt8(index * 17)) }
        _ = try manager.convertToSRGB(translucent, from: profile, intent: .relativeColorimetric)
        _ = try manager.convertToSRGB(translucent, from: profile, intent: .perceptual)
        #expect(manager.cachedTransformCount == 2)
        var small = LCMSColorManager.Configuration()
        small.cachedTransformCount = 1
        let bounded = LCMSColorManager(configuration: small)
        for intent in RenderingIntent.allCases {
            _ = try bounded.convertToSRGB(translucent, from: profile, intent: intent)
        }
        #expect(bounded.cachedTransformCount == 1)
    }

    @Test("Bad profiles, mismatched profiles and unsupported code points are typed errors")
    func badInput() throws {
        let source = try image("source.ppm")
        #expect(throws: ColorManagementError.self) {
            try manager.convertToSRGB(source, from: .icc(Data("not a profile".utf8)), intent: .perceptual)
        }
        var truncated = try fixture("display-p3.icc")
        truncated.removeLast(200)
        #expect(throws: ColorManagementError.self) {
            try manager.convertToSRGB(source, from: .icc(truncated), intent: .perceptual)
        }
        #expect(throws: ColorManagementError.profileMismatch(profile: "GRAY", pixels: .rgba8)) {
            try manager.convertToSRGB(source, from: .icc(try fixture("gray-22.icc")), intent: .perceptual)
        }
        #expect(throws: ColorManagementError.unsupportedCICP(CICP(colorPrimaries: 9, transferCharacteristics: 16))) {
            try manager.convertToSRGB(
                source,
                from: .cicp(CICP(colorPrimaries: 9, transferCharacteristics: 16)),
                intent: .perceptual
            )
        }
        // Damaged profiles: a typed error or a conversion, never a crash.
        let profile = try fixture("prophoto.icc")
        for corpus in FuzzCorpus(seeds: [profile], count: 2000) {
            _ = try? LCMSColorManager().convertToSRGB(source, from: .icc(corpus), intent: .perceptual)
        }
    }

    @Test("CMYK pixels convert through a CMYK profile, opaque; other profiles and code points are typed errors")
    func cmyk() throws {
        // Full cyan, full black, no ink, through the LUT-based print profile of the fixtures.
        let pixels = try #require(CMYKPixels(width: 3, height: 1, bytes: [255, 0, 0, 0, 0, 0, 0, 255, 0, 0, 0, 0]))
        let converted = try manager.convertToSRGB(pixels, from: .icc(try fixture("cmyk.icc")), intent: .perceptual)
        #expect(converted.width == 3 && converted.height == 1 && converted.pixelFormat == .rgba8)
        let (cyan, black, paper) = (
            converted.pixel(x: 0, y: 0), converted.pixel(x: 1, y: 0), converted.pixel(x: 2, y: 0)
        )
        #expect(cyan[0] < 40 && cyan[1] > 200 && cyan[2] > 200 && cyan[3] == 255)
        #expect(black.prefix(3).allSatisfy { $0 < 10 } && black[3] == 255)
        #expect(paper.prefix(3).allSatisfy { $0 > 245 } && paper[3] == 255)
        // Without a profile: each ink's complement times black's.
        let naive = try pixels.convertedToRGBAWithoutProfile()
        #expect(naive.pixel(x: 0, y: 0) == [0, 255, 255, 255] && naive.pixel(x: 1, y: 0) == [0, 0, 0, 255])
        #expect(throws: ColorManagementError.profileMismatch(profile: "RGB", pixels: .rgba8)) {
            try manager.convertToSRGB(pixels, from: .icc(try fixture("display-p3.icc")), intent: .perceptual)
        }
        #expect(throws: ColorManagementError.unsupportedColorSpace("CMYK")) {
            try manager.convertToSRGB(
                pixels,
                from: .cicp(CICP(colorPrimaries: 1, transferCharacteristics: 13)),
                intent: .perceptual
            )
        }
        #expect(CMYKPixels(width: 2, height: 1, bytes: [0, 0, 0, 0]) == nil)
    }
}
