// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

import Foundation
import NukeCore
import NukeImaging
import NukeTestSupport
import Testing

@testable import NukeProcessors

/// Golden images: each processor on a fixed input, compared with the output recorded once and
/// reviewed (regenerate with `NUKE_RECORD_GOLDENS=1 swift test --filter NukeProcessorsTests.GoldenTests`).
@Suite struct GoldenTests {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Goldens")

    /// 48×32 RGBA: colour gradients with alpha falling off towards the bottom right.
    static func input() throws -> Bitmap {
        try EditingProcessorsTests.gradient(opaque: false)
    }

    static let processors: [(String, any ImageProcessing)] = [
        ("resize-fill-24x24", ImageProcessors.Resize(size: ImageSize(width: 24, height: 24), unit: .pixels)),
        (
            "resize-fill-crop-24x24",
            ImageProcessors.Resize(size: ImageSize(width: 24, height: 24), unit: .pixels, crop: true)
        ),
        (
            "resize-fit-20x20-bicubic",
            ImageProcessors.Resize(
                size: ImageSize(width: 20, height: 20),
                unit: .pixels,
                contentMode: .aspectFit,
                filter: .bicubic
            )
        ),
        ("resize-upscale-96", ImageProcessors.Resize(width: 96, unit: .pixels, upscale: true)),
        ("crop", ImageProcessors.Crop(x: 8, y: 4, width: 20, height: 16)),
        ("circle", ImageProcessors.Circle()),
        (
            "circle-border",
            ImageProcessors.Circle(border: ImageProcessingOptions.Border(hex: "#FF8800", width: 2, unit: .pixels))
        ),
        ("rounded-corners", ImageProcessors.RoundedCorners(radius: 8, unit: .pixels)),
        ("gaussian-blur-3", ImageProcessors.GaussianBlur(radius: 3)),
        ("rotate-90", ImageProcessors.Rotate(degrees: 90)),
        ("flip-both", ImageProcessors.Flip(horizontal: true, vertical: true)),
        ("background-white", ImageProcessors.Background()),
        ("pixelate-6", ImageProcessors.Pixelate(size: 6)),
        ("sharpen", ImageProcessors.Sharpen(sigma: 1.5, amount: 2, threshold: 2)),
        ("trim-30", ImageProcessors.Trim(threshold: 30)),
        (
            "overlay-center",
            ImageProcessors.Overlay(
                image: try! Bitmap(width: 10, height: 10, pixelFormat: .rgba8, fill: [255, 0, 0, 160]),
                id: "red-square",
                position: .center,
                opacity: 0.75
            )
        ),
    ]

    @Test("Each processor matches its golden image", arguments: processors.map(\.0))
    func golden(name: String) throws {
        let processor = try #require(Self.processors.first { $0.0 == name }?.1)
        let output = try #require(processor.process(try Self.input()))
        let mismatch = ReferenceImage.checkGolden(output, named: name, in: Self.directory)
        #expect(mismatch == nil, "\(mismatch ?? "")")
    }
}
