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
