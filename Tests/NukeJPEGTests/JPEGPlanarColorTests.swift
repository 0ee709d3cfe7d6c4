// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

import CNukeJPEG
import Foundation
import NukeCore
import NukeImaging
import NukeJPEG
import NukeTestSupport
import Testing

@Suite("A colour manager's planar conversion runs inside the decode")
struct JPEGPlanarColorTests {
    /// Whether this processor runs the planar step (AVX-512 VBMI).
    static let hasPlanarStep = nuke_jpeg_has_planar_color() != 0

    /// A colour manager whose planar conversion writes blue, green, red: a conversion no decoder
    /// could produce by accident, so its bytes show that every row went through it.
    final class SwappingManager: PlanarRowConverting {
        func convertToSRGB(_ image: Bitmap, from profile: ColorProfile, intent: RenderingIntent) throws -> Bitmap? {
            nil
        }

        func planarRowConversion(from profile: ColorProfile, intent: RenderingIntent) -> PlanarRowConversion? {
            let swap: PlanarRowConversion.Function = { _, red, green, blue, rgba, width in
                guard let red, let green, let blue, let rgba else { return }
                for x in 0..<width {
                    rgba[4 * x] = blue[x]
                    rgba[4 * x + 1] = green[x]
                    rgba[4 * x + 2] = red[x]
                    rgba[4 * x + 3] = 255
                }
            }
            return PlanarRowConversion(
                function: swap,
                context: UnsafeRawPointer(Unmanaged.passUnretained(self).toOpaque()),
                owner: self
            )
        }
    }

    /// `jpeg` with an APP2 ICC_PROFILE segment holding `profile` right after its SOI marker.
    static func addingProfile(_ profile: [UInt8], to jpeg: Data) -> Data {
        let payload = Array("ICC_PROFILE".utf8) + [0, 1, 1] + profile
        let length = payload.count + 2
        var data = Data(jpeg.prefix(2))
        data.append(contentsOf: [0xFF, 0xE2, UInt8(length >> 8), UInt8(length & 0xFF)] + payload)
        data.append(jpeg.dropFirst(2))
        return data
    }

    static let profile = [UInt8](repeating: 0x5A, count: 200)

    func decode(_ data: Data, converting: Bool, options: JPEGDecoder.Options = .init()) throws -> ImageContainer {
        var context = ImageDecodingContext(request: ImageRequest(url: nil), data: data)
        if converting { context.colorConversion = ColorConversion(manager: SwappingManager()) }
        return try JPEGDecoder(context: context, options: options).decode(data)
    }

    /// `image` with its red and blue swapped.
    func swapped(_ image: Bitmap) throws -> Bitmap {
        var pixels = image.pixels
        for index in stride(from: 0, to: pixels.count, by: 4) { pixels.swapAt(index, index + 2) }
        return try Bitmap(width: image.width, height: image.height, pixelFormat: .rgba8, isOpaque: true) {
            _ = $0.initialize(from: pixels)
        }
    }

    @Test("The planar YCbCr → RGB step gives libjpeg's values for every YCbCr triple")
    func everyTriple() throws {
        let jpeg = try fixture("baseline-444.jpg")
        let differing = jpeg.withUnsafeBytes { bytes in
            nuke_jpeg_compare_planar_color(bytes.baseAddress?.assumingMemoryBound(to: UInt8.self), bytes.count)
        }
        #expect(differing == 0)
    }

    @Test(
        "Every row of a YCbCr JPEG with a profile goes through the conversion, and the profile is dropped",
        arguments: ["baseline-444.jpg", "baseline-420.jpg", "baseline-422.jpg", "progressive.jpg"]
    )
    func everyRowConverted(name: String) throws {
        let data = Self.addingProfile(Self.profile, to: try fixture(name))
        let plain = try decode(data, converting: false)
        #expect(plain.userInfo[.iccProfileKey] as? Data == Data(Self.profile))
        let converted = try decode(data, converting: true)
        if Self.hasPlanarStep {
            #expect(converted.image.pixels == (try swapped(plain.image)).pixels)
            #expect(converted.userInfo[.iccProfileKey] == nil)
        } else {
            // No planar step on this processor: decoded as without it, for the pipeline to convert.
            #expect(converted.image.pixels == plain.image.pixels)
            #expect(converted.userInfo[.iccProfileKey] as? Data == Data(Self.profile))
        }
    }

    @Test("With the replacements turned off, libjpeg's colour stage runs and the profile is kept")
    func fallback() throws {
        let data = Self.addingProfile(Self.profile, to: try fixture("baseline-444.jpg"))
        let plain = try decode(data, converting: false)
        nuke_jpeg_set_hooks_allowed(0)
        defer { nuke_jpeg_set_hooks_allowed(1) }
        let converted = try decode(data, converting: true)
        #expect(converted.image.pixels == plain.image.pixels)
        #expect(converted.userInfo[.iccProfileKey] as? Data == Data(Self.profile))
    }

    @Test("Gray images, fast decodes and images without a profile are decoded as without it")
    func notConverted() throws {
        let gray = Self.addingProfile(Self.profile, to: try fixture("gray.jpg"))
        let colour = Self.addingProfile(Self.profile, to: try fixture("baseline-420.jpg"))
        var fast = JPEGDecoder.Options()
        fast.prefersSpeed = true
        for (data, options) in [(gray, JPEGDecoder.Options()), (colour, fast)] {
            let plain = try decode(data, converting: false, options: options)
            let converted = try decode(data, converting: true, options: options)
            #expect(converted.image.pixels == plain.image.pixels)
            #expect(converted.userInfo[.iccProfileKey] as? Data == Data(Self.profile))
        }
        let withoutProfile = try fixture("baseline-420.jpg")
        let unconverted = try decode(withoutProfile, converting: false)
        #expect(try decode(withoutProfile, converting: true).image.pixels == unconverted.image.pixels)
    }

    @Test("Data that ends early is still a typed error with the conversion in place")
    func truncated() throws {
        let data = Self.addingProfile(Self.profile, to: try fixture("baseline-420.jpg"))
        #expect(throws: ImageDecodingError.truncated) { try decode(data.prefix(data.count / 2), converting: true) }
    }
}
