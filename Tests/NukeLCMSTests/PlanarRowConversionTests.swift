// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

import Foundation
import NukeCore
import NukeImaging
import NukeJPEG
import NukeTestSupport
import Testing

@testable import NukeLCMS

@Suite("The conversion NukeJPEG runs as it decodes")
struct PlanarRowConversionTests {
    static let hasAVX512 = MatrixShaperTransformTests.processorHasAVX512

    @Test("Offered where the AVX-512 loop runs the profile; not for ProPhoto, sRGB or a pinned other loop")
    func offered() throws {
        let manager = LCMSColorManager()
        let p3 = manager.planarRowConversion(from: .icc(try fixture("display-p3.icc")), intent: .perceptual)
        #expect((p3 != nil) == Self.hasAVX512)
        #expect(manager.planarRowConversion(from: .icc(try fixture("prophoto.icc")), intent: .perceptual) == nil)
        #expect(manager.planarRowConversion(from: .icc(try fixture("srgb.icc")), intent: .perceptual) == nil)
        var configuration = LCMSColorManager.Configuration()
        configuration.pixelLoop = .summedTables
        let pinned = LCMSColorManager(configuration: configuration)
        #expect(pinned.planarRowConversion(from: .icc(try fixture("display-p3.icc")), intent: .perceptual) == nil)
    }

    @Test("Its planes give the RGBA loop's bytes for every 24-bit colour", arguments: ["display-p3", "adobe-rgb"])
    func everyColour(name: String) throws {
        let profile = ColorProfile.icc(try fixture(name + ".icc"))
        let manager = LCMSColorManager()
        guard let conversion = manager.planarRowConversion(from: profile, intent: .perceptual) else {
            #expect(!Self.hasAVX512)
            return
        }
        // Rows of 4,093 pixels (the last block of each is partial): every colour once, red in the
        // low byte of the pixel's index, then green, then blue.
        let width = 4093
        let count = 1 << 24
        let height = (count + width - 1) / width
        var red = [UInt8](repeating: 0, count: width * height)
        var green = red
        var blue = red
        // Opaque black after the last colour, in both forms.
        var interleaved = [UInt8](repeating: 0, count: 4 * width * height)
        for index in 0..<width * height { interleaved[4 * index + 3] = 255 }
        for index in 0..<count {
            (red[index], green[index], blue[index]) = (UInt8(index & 255), UInt8(index >> 8 & 255), UInt8(index >> 16))
            (interleaved[4 * index], interleaved[4 * index + 1], interleaved[4 * index + 2]) =
                (red[index], green[index], blue[index])
        }
        let expected = try #require(
            try manager.convertToSRGB(
                try Bitmap(width: width, height: height, pixelFormat: .rgba8, pixels: interleaved),
                from: profile,
                intent: .perceptual
            )
        )
        var converted = [UInt8](repeating: 0, count: 4 * width * height)
        conversion.withContext { context in
            red.withUnsafeBufferPointer { red in
                green.withUnsafeBufferPointer { green in
                    blue.withUnsafeBufferPointer { blue in
                        converted.withUnsafeMutableBufferPointer { converted in
                            for start in stride(from: 0, to: width * height, by: width) {
                                conversion.function(
                                    context,
                                    red.baseAddress! + start,
                                    green.baseAddress! + start,
                                    blue.baseAddress! + start,
                                    converted.baseAddress! + 4 * start,
                                    width
                                )
                            }
                        }
                    }
                }
            }
        }
        let mismatch = expected.pixels.indices.first { expected.pixels[$0] != converted[$0] }
        #expect(mismatch == nil, "first different byte")
    }

    @Test("A Display P3 JPEG converted as it decodes gives the bytes of decoding, then converting")
    func decodingConverts() throws {
        let data = try fixture("display-p3.jpg")
        let profile = try fixture("display-p3.icc")
        let manager = LCMSColorManager()
        var context = ImageDecodingContext(request: ImageRequest(url: nil), data: data)
        let decoded = try JPEGDecoder(context: context).decode(data)
        #expect(decoded.userInfo[.iccProfileKey] as? Data == profile)
        let expected = try #require(try manager.convertToSRGB(decoded.image, from: .icc(profile), intent: .perceptual))
        context.colorConversion = ColorConversion(manager: manager)
        let converted = try JPEGDecoder(context: context).decode(data)
        if Self.hasAVX512 {
            #expect(converted.image.pixels == expected.pixels)
            #expect(converted.userInfo[.iccProfileKey] == nil)
        } else {
            #expect(converted.image.pixels == decoded.image.pixels)
            #expect(converted.userInfo[.iccProfileKey] as? Data == profile)
        }
    }
}
