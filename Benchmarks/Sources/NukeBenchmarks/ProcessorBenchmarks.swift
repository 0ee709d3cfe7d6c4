// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

import Foundation
import NukeCore
import NukeFilters
import NukeProcessors

/// NukeProcessors beside Pillow on the same pixels in the same run: a 4032×3024 RGBA image resized
/// to 400 px wide with Lanczos, and a radius-8 Gaussian blur of a 1024×1024 RGBA image.
enum ProcessorBenchmarks {
    static func run() async throws {
        let large = try pattern(width: 4032, height: 3024)
        let resize = ImageProcessors.Resize(width: 400, unit: .pixels)
        let ours = try await measure(
            "NukeProcessors: resize 4032×3024 RGBA → 400 px, Lanczos3",
            operations: 1,
            iterations: 9
        ) {
            _ = try resize.resize(large)
        }
        let square = try pattern(width: 1024, height: 1024)
        let blur = ImageProcessors.GaussianBlur(radius: 8)
        let blurred = await measure("NukeProcessors: Gaussian blur r8, 1024×1024 RGBA", operations: 1, iterations: 9) {
            _ = blur.process(square)
        }
        let sepia = try ImageProcessors.CoreImageFilter(name: "CISepiaTone")
        let photo = try pattern(width: 4000, height: 3000)
        let sepiaTime = try await measure("NukeFilters: CISepiaTone on 12 MP RGBA", operations: 1, iterations: 5) {
            _ = try sepia.apply(photo)
        }
        let pillowResize = ReferenceTools.pillowMilliseconds(
            setup: "big = Image.effect_noise((4032, 3024), 64).convert(\"RGBA\")",
            "big.resize((400, 300), Image.LANCZOS)",
            runs: 9
        )
        let pillowBlur = ReferenceTools.pillowMilliseconds(
            setup: "square = Image.effect_noise((1024, 1024), 64).convert(\"RGBA\")",
            "square.filter(ImageFilter.GaussianBlur(8))",
            runs: 9
        )
        let pillowSepia = ReferenceTools.pillowMilliseconds(
            setup: """
                photo = Image.effect_noise((4000, 3000), 64).convert("RGB")
                sepia = (0.393, 0.769, 0.189, 0, 0.349, 0.686, 0.168, 0, 0.272, 0.534, 0.131, 0)
                """,
            "photo.convert(\"RGB\", sepia)",
            runs: 9
        )
        guard let pillowResize, let pillowBlur, let pillowSepia else {
            print("  Pillow: not installed (pip install pillow)")
            return
        }
        let milliseconds = { (measurement: Measurement) in measurement.microsecondsPerOperation / 1000 }
        ReferenceTools.report(
            "sepia, 12 MP",
            ours: milliseconds(sepiaTime),
            reference: pillowSepia,
            tool: "Pillow convert(RGB, matrix)"
        )
        ReferenceTools.report(
            "resize to 400 px",
            ours: milliseconds(ours),
            reference: pillowResize,
            tool: "Pillow resize(LANCZOS)"
        )
        ReferenceTools.report(
            "Gaussian blur r8",
            ours: milliseconds(blurred),
            reference: pillowBlur,
            tool: "Pillow GaussianBlur(8)"
        )
    }

    static func pattern(width: Int, height: Int) throws -> Bitmap {
        try Bitmap(width: width, height: height, pixelFormat: .rgba8, isOpaque: true) { buffer in
            var state: UInt32 = 12345
            for index in stride(from: 0, to: buffer.count, by: 4) {
                state = state &* 1_664_525 &+ 1_013_904_223
                buffer[index] = UInt8(truncatingIfNeeded: state >> 24)
                buffer[index + 1] = UInt8(truncatingIfNeeded: state >> 16)
                buffer[index + 2] = UInt8(truncatingIfNeeded: state >> 8)
                buffer[index + 3] = 255
            }
        }
    }
}
