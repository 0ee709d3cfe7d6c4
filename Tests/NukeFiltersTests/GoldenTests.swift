// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

import Foundation
import NukeCore
import NukeTestSupport
import Testing

@testable import NukeFilters

/// Golden images: every filter at its defaults (and a few settings) on a fixed input, compared
/// with output recorded once and reviewed (regenerate with
/// `NUKE_RECORD_GOLDENS=1 swift test --filter NukeFiltersTests.GoldenTests`).
@Suite struct GoldenTests {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Goldens")

    /// 48×32 RGBA, opaque: colour gradients and a diagonal pattern.
    static func input() throws -> Bitmap {
        try Bitmap(width: 48, height: 32, pixelFormat: .rgba8) { buffer in
            for y in 0..<32 {
                for x in 0..<48 {
                    let offset = (y * 48 + x) * 4
                    buffer[offset] = UInt8(x * 5)
                    buffer[offset + 1] = UInt8(y * 7)
                    buffer[offset + 2] = (x + y) % 8 < 4 ? 220 : 40
                    buffer[offset + 3] = 255
                }
            }
        }
    }

    static let settings: [String: [String: FilterValue]] = [
        "CIExposureAdjust": ["inputEV": 1],
        "CIVibrance": ["inputAmount": 0.8],
        "CIHueAdjust": ["inputAngle": 1.2],
        "CIColorControls": ["inputSaturation": 1.4, "inputBrightness": 0.05, "inputContrast": 1.2],
        "CIVignette": ["inputIntensity": 1, "inputRadius": 1.2],
        "CIColorMatrix": ["inputRVector": .vector([0.5, 0.5, 0, 0]), "inputBiasVector": .vector([0, 0, 0.1, 0])],
        "CIPixellate": ["inputScale": 6, "inputCenter": .vector([24, 16])],
        "CIGaussianBlur": ["inputRadius": 2],
        "CIBoxBlur": ["inputRadius": 2],
    ]

    @Test("Each filter matches its golden image", arguments: ImageProcessors.CoreImageFilter.availableFilters)
    func golden(name: String) throws {
        let filter = try ImageProcessors.CoreImageFilter(name: name, parameters: Self.settings[name] ?? [:])
        let output = try filter.apply(try Self.input())
        let mismatch = ReferenceImage.checkGolden(output, named: name, in: Self.directory)
        #expect(mismatch == nil, "\(mismatch ?? "")")
    }
}
