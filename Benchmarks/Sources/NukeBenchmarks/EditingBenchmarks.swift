// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

import Foundation
import NukeCore
import NukeImaging
import NukeProcessors

/// The editing processors (rotate, flip, background, pixelate, trim, sharpen, overlay) on a
/// 12-megapixel RGBA image, beside Pillow's equivalent operation on an image of the same size in
/// the same run (one core each).
enum EditingBenchmarks {
    struct Case {
        let name: String
        let processor: any ImageProcessing
        let input: Bitmap
        let pillowSetup: String
        let pillow: String
    }

    static func run() async throws {
        let (width, height) = (4000, 3000)
        let photo = try ProcessorBenchmarks.pattern(width: width, height: height)
        let translucent = try withAlphaRamp(photo)
        let framed = try photo.pasting(
            try Bitmap(width: width, height: 300, pixelFormat: .rgba8, fill: [250, 250, 250, 255]),
            atX: 0,
            y: 0
        )
        let mark = try Bitmap(width: 400, height: 300, pixelFormat: .rgba8, fill: [255, 255, 255, 200])
        let photoSetup = "photo = Image.effect_noise((\(width), \(height)), 64).convert(\"RGBA\")"
        let cases = [
            Case(
                name: "rotate 90°",
                processor: ImageProcessors.Rotate(degrees: 90),
                input: photo,
                pillowSetup: photoSetup,
                pillow: "photo.transpose(Image.Transpose.ROTATE_270)"
            ),
            Case(
                name: "flip left-right",
                processor: ImageProcessors.Flip(),
                input: photo,
                pillowSetup: photoSetup,
                pillow: "photo.transpose(Image.Transpose.FLIP_LEFT_RIGHT)"
            ),
            Case(
                name: "background (flatten alpha)",
                processor: ImageProcessors.Background(),
                input: translucent,
                pillowSetup: photoSetup + "\nphoto.putalpha(Image.linear_gradient(\"L\").resize(photo.size))"
                    + "\nwhite = Image.new(\"RGBA\", photo.size, (255, 255, 255, 255))",
                pillow: "Image.alpha_composite(white, photo)"
            ),
            Case(
                name: "pixelate 16",
                processor: ImageProcessors.Pixelate(size: 16),
                input: photo,
                pillowSetup: photoSetup,
                pillow: "photo.resize((\(width / 16), \(height / 16)), Image.Resampling.BOX)"
                    + ".resize(photo.size, Image.Resampling.NEAREST)"
            ),
            Case(
                name: "trim a 300 px border",
                processor: ImageProcessors.Trim(threshold: 0),
                input: framed,
                pillowSetup: photoSetup + "\nphoto.paste((250, 250, 250, 255), (0, 0, \(width), 300))"
                    + "\nfrom PIL import ImageChops\nborder = Image.new(\"RGB\", photo.size, (250, 250, 250))",
                pillow: "photo.crop(ImageChops.difference(photo.convert(\"RGB\"), border).getbbox())"
            ),
            Case(
                name: "sharpen (unsharp mask 2, 150%, 3)",
                processor: ImageProcessors.Sharpen(),
                input: photo,
                pillowSetup: photoSetup + "\nphoto = photo.convert(\"RGB\")",
                pillow: "photo.filter(ImageFilter.UnsharpMask(2, 150, 3))"
            ),
            Case(
                name: "overlay a 400×300 watermark at 50%",
                processor: ImageProcessors.Overlay(image: mark, id: "mark", margin: 20, opacity: 0.5),
                input: photo,
                pillowSetup: photoSetup + "\nmark = Image.new(\"RGBA\", (400, 300), (255, 255, 255, 100))",
                pillow: "photo.copy().alpha_composite(mark, dest=(\(width - 420), \(height - 320)))"
            ),
        ]
        for item in cases {
            let ours = await measure("NukeProcessors: \(item.name), 12 MP RGBA", operations: 1, iterations: 5) {
                _ = item.processor.process(item.input)
            }
            guard let pillow = ReferenceTools.pillowMilliseconds(setup: item.pillowSetup, item.pillow, runs: 5) else {
                print("  Pillow: not installed (pip install pillow)")
                return
            }
            ReferenceTools.report(
                item.name,
                ours: ours.microsecondsPerOperation / 1000,
                reference: pillow,
                tool: "Pillow"
            )
        }
    }

    /// `image` with alpha falling from 255 at the top to 0 at the bottom.
    private static func withAlphaRamp(_ image: Bitmap) throws -> Bitmap {
        var copy = image
        let (width, height, stride) = (image.width, image.height, image.bytesPerRow)
        copy.withUnsafeMutableBytes { bytes in
            for y in 0..<height {
                let alpha = UInt8(255 - y * 255 / max(1, height - 1))
                for x in 0..<width { bytes[y * stride + x * 4 + 3] = alpha }
            }
        }
        return try Bitmap(width: width, height: height, pixelFormat: .rgba8, pixels: copy.pixels, isOpaque: false)
    }
}
