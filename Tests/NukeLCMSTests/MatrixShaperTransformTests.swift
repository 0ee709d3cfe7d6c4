// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

import Foundation
import NukeCore
import NukeTestSupport
import Testing

@testable import NukeLCMS

@Suite struct MatrixShaperTransformTests {
    /// Every 8th level of every channel (32³ colours), with varying alpha.
    static func grid() throws -> Bitmap {
        var pixels: [UInt8] = []
        for r in stride(from: 0, through: 255, by: 8) {
            for g in stride(from: 0, through: 255, by: 8) {
                for b in stride(from: 0, through: 255, by: 8) {
                    pixels += [UInt8(r), UInt8(g), UInt8(b), UInt8(b ^ 0x55)]
                }
            }
        }
        return try Bitmap(width: 32 * 32, height: 32, pixelFormat: .rgba8, pixels: pixels)
    }

    @Test(
        "The table-and-matrix path gives Little CMS's colours within 1 level on 32³ colours",
        arguments: ["display-p3", "adobe-rgb", "prophoto"]
    )
    func agreesWithLittleCMS(name: String) throws {
        let profile = try LCMSProfile.icc(try fixture(name + ".icc"))
        let fast = try #require(MatrixShaperTransform(profile: profile, pixelFormat: .rgba8, intent: .perceptual))
        let reference = try LCMSTransform(from: profile, pixelFormat: .rgba8, intent: .perceptual)
        let grid = try Self.grid()
        #expect(try difference(try fast.apply(to: grid), try reference.apply(to: grid)) <= 1)
    }

    @Test(
        "The vector loop gives the plain C loop's bytes, on padded rows and widths that are not a multiple of eight",
        arguments: ["display-p3", "adobe-rgb", "prophoto"]
    )
    func vectorLoopMatchesPlainC(name: String) throws {
        let profile = try LCMSProfile.icc(try fixture(name + ".icc"))
        let transform = try #require(MatrixShaperTransform(profile: profile, pixelFormat: .rgba8, intent: .perceptual))
        // 1021 pixels a row (127 blocks of eight and five left over) in rows of 4100 bytes; the
        // grid's colours, cycled, so every block mixes dark and light, and every alpha value.
        let colours = try Self.grid().pixels
        let (width, height, stride) = (1021, 40, 4100)
        var pixels = [UInt8](repeating: 0xEE, count: stride * height)
        for row in 0..<height {
            for column in 0..<width {
                let colour = ((row * width + column) * 37 % (colours.count / 4)) * 4
                for channel in 0..<4 { pixels[row * stride + column * 4 + channel] = colours[colour + channel] }
                pixels[row * stride + column * 4 + 3] = UInt8(truncatingIfNeeded: row * width + column)
            }
        }
        let image = try Bitmap(width: width, height: height, pixelFormat: .rgba8, bytesPerRow: stride, pixels: pixels)
        let vector = try transform.apply(to: image, loop: .fastest)
        let plain = try transform.apply(to: image, loop: .plainC)
        #expect(vector.pixels.count == plain.pixels.count)
        #expect(vector.pixels.indices.first { vector.pixels[$0] != plain.pixels[$0] } == nil, "first different byte")
        #expect(vector.bytesPerRow == width * 4)
        // Alpha is copied.
        #expect((0..<height).allSatisfy { vector.pixel(x: 1020, y: $0)[3] == image.pixel(x: 1020, y: $0)[3] })
    }

    @Test("Gray curves agree too; absolute colorimetry and other colour spaces are left to Little CMS")
    func grayAndFallbacks() throws {
        let gray = try LCMSProfile.icc(try fixture("gray-22.icc"))
        let ramp = try Bitmap(width: 256, height: 1, pixelFormat: .gray8, pixels: (0...255).map { UInt8($0) })
        let fast = try #require(MatrixShaperTransform(profile: gray, pixelFormat: .gray8, intent: .perceptual))
        let reference = try LCMSTransform(from: gray, pixelFormat: .gray8, intent: .perceptual)
        #expect(try difference(try fast.apply(to: ramp), try reference.apply(to: ramp)) <= 1)
        let p3 = try LCMSProfile.icc(try fixture("display-p3.icc"))
        #expect(MatrixShaperTransform(profile: p3, pixelFormat: .rgba8, intent: .absoluteColorimetric) == nil)
        #expect(MatrixShaperTransform(profile: p3, pixelFormat: .gray8, intent: .perceptual) == nil)
        #expect(MatrixShaperTransform(profile: gray, pixelFormat: .rgba8, intent: .perceptual) == nil)
    }
}
