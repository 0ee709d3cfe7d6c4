// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

import Foundation
import NukeCore
import NukeProcessorSpec
import NukeTestSupport
import Testing

@testable import NukeProcessors

/// The processors proxies need (rotate, flip, background, pixelate, trim, sharpen, overlay),
/// compared with Pillow's outputs of the same operations on the same inputs
/// (`PillowReferences/make-references.py`), built from specs, and fed hostile parameters.
@Suite struct EditingProcessorsTests {
    static let references = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("PillowReferences")

    /// The golden tests' 48×32 gradient, with alpha or opaque (as the script makes it).
    static func gradient(opaque: Bool) throws -> Bitmap {
        try Bitmap(width: 48, height: 32, pixelFormat: .rgba8) { buffer in
            for y in 0..<32 {
                for x in 0..<48 {
                    let offset = (y * 48 + x) * 4
                    buffer[offset] = UInt8(x * 5)
                    buffer[offset + 1] = UInt8(y * 7)
                    buffer[offset + 2] = UInt8((x * y) % 256)
                    buffer[offset + 3] = opaque ? 255 : UInt8(255 - (x + y) * 2)
                }
            }
        }
    }

    /// A 16×12 watermark with partly transparent pixels.
    static func watermark() throws -> Bitmap {
        try Bitmap(width: 16, height: 12, pixelFormat: .rgba8) { buffer in
            for y in 0..<12 {
                for x in 0..<16 {
                    let offset = (y * 16 + x) * 4
                    buffer[offset] = UInt8(255 - x * 10)
                    buffer[offset + 1] = UInt8(40 + y * 15)
                    buffer[offset + 2] = 200
                    buffer[offset + 3] = (x + y) % 3 == 0 ? 96 : 255
                }
            }
        }
    }

    /// A picture at (5, 7), 36×18, inside a uniform (250, 250, 250) border.
    static func bordered() throws -> Bitmap {
        var pixels = [UInt8](repeating: 250, count: 48 * 32 * 4)
        for y in 7..<25 {
            for x in 5..<41 {
                let offset = (y * 48 + x) * 4
                pixels[offset] = UInt8(x * 5)
                pixels[offset + 1] = UInt8(y * 7)
                pixels[offset + 2] = 90
            }
        }
        for alpha in stride(from: 3, to: pixels.count, by: 4) { pixels[alpha] = 255 }
        return try Bitmap(width: 48, height: 32, pixelFormat: .rgba8, pixels: pixels)
    }

    static func pillow(_ name: String) throws -> Bitmap {
        try ReferenceImage.read(try Data(contentsOf: references.appendingPathComponent(name + ".pam")))
    }

    static let cases: [(name: String, tolerance: Int, make: @Sendable () throws -> Bitmap?)] = [
        ("rotate-90", 0, { ImageProcessors.Rotate(degrees: 90).process(try gradient(opaque: false)) }),
        ("rotate-180", 0, { ImageProcessors.Rotate(degrees: -180).process(try gradient(opaque: false)) }),
        ("rotate-270", 0, { ImageProcessors.Rotate(degrees: 270).process(try gradient(opaque: false)) }),
        ("flip-horizontal", 0, { ImageProcessors.Flip().process(try gradient(opaque: false)) }),
        (
            "flip-vertical", 0,
            { ImageProcessors.Flip(horizontal: false, vertical: true).process(try gradient(opaque: false)) }
        ),
        (
            "background-ff8800", 1,
            { ImageProcessors.Background(color: .init(hex: "#FF8800")!).process(try gradient(opaque: false)) }
        ),
        ("pixelate-8", 1, { ImageProcessors.Pixelate(size: 8).process(try gradient(opaque: true)) }),
        ("trim", 0, { ImageProcessors.Trim(threshold: 0).process(try bordered()) }),
        (
            "overlay-bottom-right", 1,
            {
                let overlay = ImageProcessors.Overlay(image: try watermark(), id: "mark", margin: 4, opacity: 0.5)
                return overlay.process(try gradient(opaque: true))
            }
        ),
        // The same extended box blur in the same 24-bit fixed point, the same truncation: identical.
        ("sharpen", 0, { ImageProcessors.Sharpen().process(try gradient(opaque: true)) }),
        (
            "sharpen-60", 0,
            { ImageProcessors.Sharpen(sigma: 60, amount: 0.8, threshold: 1).process(try gradient(opaque: true)) }
        ),
    ]

    @Test("Each matches Pillow's output of the same operation", arguments: cases.map(\.name))
    func matchesPillow(name: String) throws {
        let testCase = try #require(Self.cases.first { $0.name == name })
        let output = try #require(try testCase.make())
        var reference = try Self.pillow(name)
        if output.pixelFormat == .rgba8, reference.isOpaque, output.isOpaque {
            reference = try reference.convertedToRGBA()
        }
        #expect(output.width == reference.width && output.height == reference.height)
        let difference = try #require(ReferenceImage.maximumDifference(output, reference), "\(name): format differs")
        #expect(difference <= testCase.tolerance, "\(name): differs from Pillow by up to \(difference)")
    }

    @Test("Specs build every processor, overlays by name")
    func specs() throws {
        var registry = PluginRegistry()
        let mark = try Self.watermark()
        registry.install(ProcessorsPlugin(overlays: ["logo": mark]))
        let spec =
            "rotate(degrees:270)|flip(vertical:true)|background(color:#102030)|pixelate(size:4)|trim(threshold:5)"
            + "|sharpen(sigma:1,amount:2,threshold:0)"
            + "|overlay(image:logo,position:topLeft,margin:2,marginY:7,opacity:0.25,width:0.5)"
        let processors = try registry.processors(fromSpec: spec)
        let expected: [any ImageProcessing] = [
            ImageProcessors.Rotate(degrees: 270), ImageProcessors.Flip(horizontal: false, vertical: true),
            ImageProcessors.Background(color: .init(red: 16 / 255, green: 32 / 255, blue: 48 / 255)),
            ImageProcessors.Pixelate(size: 4), ImageProcessors.Trim(threshold: 5),
            ImageProcessors.Sharpen(sigma: 1, amount: 2, threshold: 0),
            ImageProcessors.Overlay(
                image: mark,
                id: "logo",
                position: .topLeft,
                horizontalMargin: 2,
                verticalMargin: 7,
                opacity: 0.25,
                relativeWidth: 0.5
            ),
        ]
        #expect(processors.map(\.identifier) == expected.map(\.identifier))
        for bad in [
            "rotate(degrees:45)", "rotate", "flip(sideways:true)", "background(color:red)", "trim(color:#12)",
            "overlay(image:missing)", "overlay", "overlay(image:logo,position:middle)",
        ] {
            #expect(throws: ProcessorSpecError.self, "\(bad)") { try registry.processors(fromSpec: bad) }
        }
    }

    @Test("Trim's equal sides: opposite borders cut by the smaller of the two, as imgproxy's equal_hor and equal_ver")
    func trimEqualSides() throws {
        // Content at x 5..<41 and y 7..<25 of 48×32: borders 5 left, 7 right, 7 above and below.
        let image = try Self.bordered()
        let plain = try #require(ImageProcessors.Trim(threshold: 0).process(image))
        #expect(plain.width == 36 && plain.height == 18)
        let horizontal = try #require(ImageProcessors.Trim(threshold: 0, equalHorizontal: true).process(image))
        let expected = try #require(ImageProcessors.Crop(x: 5, y: 7, width: 38, height: 18).process(image))
        #expect(ReferenceImage.maximumDifference(horizontal, expected) == 0)
        let vertical = try #require(ImageProcessors.Trim(threshold: 0, equalVertical: true).process(image))
        #expect(ReferenceImage.maximumDifference(vertical, plain) == 0)
        let turned = try #require(ImageProcessors.Rotate(degrees: 90).process(image))
        let both = try #require(
            ImageProcessors.Trim(threshold: 0, equalHorizontal: true, equalVertical: true).process(turned)
        )
        #expect(both.width == 18 && both.height == 38)
        #expect(
            ImageProcessors.Trim(threshold: 0, equalHorizontal: true).identifier
                == "com.github.kean/nuke/trim?threshold=0,equal=h"
        )
    }

    @Test("Hostile parameters finish with an image or a typed error")
    func hostileParameters() throws {
        let image = try Self.gradient(opaque: false)
        let gray = try Bitmap(width: 9, height: 7, pixelFormat: .gray8, fill: [80])
        let processors: [any ImageProcessing] = [
            ImageProcessors.Pixelate(size: .max), ImageProcessors.Pixelate(size: .min),
            ImageProcessors.Trim(threshold: .max), ImageProcessors.Trim(threshold: -5, color: .black),
            ImageProcessors.Sharpen(sigma: 1e300, amount: .infinity, threshold: .max),
            ImageProcessors.Sharpen(sigma: .nan, amount: -1, threshold: .min),
            ImageProcessors.Overlay(
                image: try Self.watermark(),
                id: "m",
                position: .topRight,
                margin: .max,
                opacity: .nan
            ),
            ImageProcessors.Overlay(image: try Self.watermark(), id: "m", margin: .min, relativeWidth: 1e-300),
            ImageProcessors.Rotate(degrees: .min),
            ImageProcessors.Background(color: .init(red: .nan, green: 2, blue: -1)),
        ]
        for processor in processors {
            for input in [image, gray] {
                let context = ImageProcessingContext(
                    request: ImageRequest(url: nil),
                    response: ImageResponse(container: ImageContainer(image: input), request: ImageRequest(url: nil)),
                    isCompleted: true
                )
                do {
                    let output = try processor.process(ImageContainer(image: input), context: context)
                    #expect(output.image.width > 0 && output.image.height > 0, "\(processor)")
                } catch is ImageProcessingError {}
            }
        }
        // An overlay that would be scaled to more pixels than allowed fails before allocating.
        let tall = try Bitmap(width: 1, height: 60_000, pixelFormat: .rgba8)
        let wide = try Bitmap(width: 4000, height: 2, pixelFormat: .rgba8)
        let context = ImageProcessingContext(
            request: ImageRequest(url: nil),
            response: ImageResponse(container: ImageContainer(image: wide), request: ImageRequest(url: nil)),
            isCompleted: true,
            maximumPixelCount: 10_000_000
        )
        #expect(throws: ImageProcessingError.self) {
            try ImageProcessors.Overlay(image: tall, id: "tall", relativeWidth: 1)
                .process(ImageContainer(image: wide), context: context)
        }
    }

    @Test("Geometry: quarter turns swap sides, other angles are typed errors; overlays scale, clip and keep opacity")
    func geometry() throws {
        let image = try Self.gradient(opaque: true)
        let turned = try #require(ImageProcessors.Rotate(degrees: 450).process(image))
        #expect(turned.width == 32 && turned.height == 48)
        #expect(ImageProcessors.Rotate(degrees: 450) == ImageProcessors.Rotate(degrees: 90))
        #expect(ImageProcessors.Rotate(degrees: 30).process(image) == nil)
        let context = ImageProcessingContext(
            request: ImageRequest(url: nil),
            response: ImageResponse(container: ImageContainer(image: image), request: ImageRequest(url: nil)),
            isCompleted: true
        )
        #expect(throws: ImageProcessingError.self) {
            try ImageProcessors.Rotate(degrees: 30).process(ImageContainer(image: image), context: context)
        }

        let scaled = try #require(
            ImageProcessors.Overlay(image: try Self.watermark(), id: "m", position: .center, relativeWidth: 0.5)
                .process(image)
        )
        #expect(scaled.isOpaque && scaled.width == 48)
        // A 24-pixel-wide overlay centred on 48 pixels covers columns 12..<36; the rest is untouched.
        #expect(scaled.pixel(x: 11, y: 16) == image.pixel(x: 11, y: 16))
        #expect(scaled.pixel(x: 12, y: 16) != image.pixel(x: 12, y: 16))
        let gray = try Bitmap(width: 20, height: 20, pixelFormat: .gray8, fill: [10])
        let onGray = try #require(ImageProcessors.Overlay(image: try Self.watermark(), id: "m").process(gray))
        #expect(onGray.pixelFormat == .rgba8 && onGray.isOpaque)
        let red = try Bitmap(width: 4, height: 4, pixelFormat: .rgba8, fill: [255, 0, 0, 255])
        let cornered = try #require(
            ImageProcessors.Overlay(image: red, id: "red", position: .topLeft, horizontalMargin: 5, verticalMargin: 2)
                .process(image)
        )
        #expect(cornered.pixel(x: 5, y: 2) == [255, 0, 0, 255] && cornered.pixel(x: 8, y: 5) == [255, 0, 0, 255])
        #expect(
            cornered.pixel(x: 4, y: 2) == image.pixel(x: 4, y: 2)
                && cornered.pixel(x: 5, y: 1) == image.pixel(x: 5, y: 1)
        )
        let bottomRight = try #require(
            ImageProcessors.Overlay(image: red, id: "red", horizontalMargin: 1, verticalMargin: 3).process(image)
        )
        #expect(
            bottomRight.pixel(x: 46, y: 28) == [255, 0, 0, 255]
                && bottomRight.pixel(x: 47, y: 28) == image.pixel(x: 47, y: 28)
        )
        let outside = ImageProcessors.Overlay(image: try Self.watermark(), id: "m", margin: 1000)
        #expect(outside.process(image) == image)
        #expect(
            ImageProcessors.Overlay(image: try Self.watermark(), id: "a")
                != ImageProcessors.Overlay(image: image, id: "b")
        )
    }

    @Test(
        "Trim: nothing to trim returns the image; transparent borders match whatever their colour; animations keep one size"
    )
    func trim() throws {
        let uniform = try Bitmap(width: 10, height: 10, pixelFormat: .rgba8, fill: [1, 2, 3, 255])
        #expect(ImageProcessors.Trim().process(uniform) == uniform)
        var pixels = [UInt8](repeating: 0, count: 10 * 10 * 4)
        // Varied colour under alpha 0 everywhere, and one opaque pixel.
        for index in stride(from: 0, to: pixels.count, by: 4) { pixels[index] = UInt8(index % 251) }
        let center = (4 * 10 + 5) * 4
        pixels[center..<center + 4] = [200, 100, 50, 255]
        let transparent = try Bitmap(width: 10, height: 10, pixelFormat: .rgba8, pixels: pixels)
        let dot = try #require(ImageProcessors.Trim(threshold: 0).process(transparent))
        #expect(dot.width == 1 && dot.height == 1 && dot.pixel(x: 0, y: 0) == [200, 100, 50, 255])

        let frames = [try Self.bordered(), try Self.gradient(opaque: true)]
        let animation = ImageAnimation(
            width: 48,
            height: 32,
            frameDurations: [0.1, 0.1],
            loopCount: 0,
            source: FrameListSource(frames: frames)
        )
        let container = ImageContainer(image: frames[0], type: .gif, data: Data("GIF89a".utf8), animation: animation)
        let context = ImageProcessingContext(
            request: ImageRequest(url: nil),
            response: ImageResponse(container: container, request: ImageRequest(url: nil)),
            isCompleted: true
        )
        let trimmed = try ImageProcessors.Trim(threshold: 0).processingAnimation(container, context: context)
        #expect(trimmed.image.width == 36 && trimmed.image.height == 18)
        #expect(trimmed.data == nil)
        let second = try #require(try trimmed.animation?.frame(at: 1))
        #expect(second.width == 36 && second.height == 18)
        #expect(second.pixel(x: 0, y: 0) == frames[1].pixel(x: 5, y: 7))
    }
}
