// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

import NukeCore
import NukeImaging
import NukeTestSupport
import Testing

@testable import NukeProcessors

func gradient(width: Int, height: Int, opaque: Bool = true) throws -> Bitmap {
    try Bitmap(width: width, height: height, pixelFormat: .rgba8) { buffer in
        for y in 0..<height {
            for x in 0..<width {
                let offset = (y * width + x) * 4
                buffer[offset] = UInt8(x * 255 / max(1, width - 1))
                buffer[offset + 1] = UInt8(y * 255 / max(1, height - 1))
                buffer[offset + 2] = 100
                buffer[offset + 3] = opaque ? 255 : UInt8((x + y) % 256)
            }
        }
    }
}

@Suite struct ResizeTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var mode: ImageProcessingOptions.ContentMode
        var crop: Bool
        var upscale: Bool
        var target: (Double, Double)
        var expected: (Int, Int)
        var testDescription: String { "\(mode) crop:\(crop) upscale:\(upscale) \(target) → \(expected)" }
    }

    /// A 40×30 image into various targets: Nuke's rules for every mode × crop × upscale.
    static let cases: [Case] = [
        Case(mode: .aspectFill, crop: false, upscale: false, target: (20, 20), expected: (27, 20)),
        Case(mode: .aspectFit, crop: false, upscale: false, target: (20, 20), expected: (20, 15)),
        Case(mode: .aspectFill, crop: true, upscale: false, target: (20, 20), expected: (20, 20)),
        Case(mode: .aspectFit, crop: true, upscale: false, target: (20, 20), expected: (20, 15)),
        Case(mode: .aspectFill, crop: false, upscale: false, target: (80, 80), expected: (40, 30)),
        Case(mode: .aspectFill, crop: false, upscale: true, target: (80, 80), expected: (107, 80)),
        Case(mode: .aspectFit, crop: false, upscale: true, target: (80, 80), expected: (80, 60)),
        Case(mode: .aspectFill, crop: true, upscale: true, target: (80, 80), expected: (80, 80)),
        Case(mode: .aspectFill, crop: true, upscale: false, target: (80, 80), expected: (30, 30)),
        Case(mode: .aspectFill, crop: true, upscale: false, target: (100, 50), expected: (40, 20)),
        Case(mode: .aspectFit, crop: false, upscale: false, target: (40, 30), expected: (40, 30)),
        Case(mode: .aspectFill, crop: true, upscale: false, target: (40, 10), expected: (40, 10)),
    ]

    @Test("Output sizes follow Nuke's rules", arguments: cases)
    func sizes(testCase: Case) throws {
        let resize = ImageProcessors.Resize(
            size: ImageSize(width: testCase.target.0, height: testCase.target.1),
            unit: .pixels,
            contentMode: testCase.mode,
            crop: testCase.crop,
            upscale: testCase.upscale
        )
        let output = try resize.resize(try gradient(width: 40, height: 30))
        #expect(output.width == testCase.expected.0 && output.height == testCase.expected.1)
    }

    @Test("Width and height forms keep the aspect ratio and leave the other side unbounded")
    func forms() throws {
        let image = try gradient(width: 400, height: 300)
        #expect(try ImageProcessors.Resize(width: 100).resize(image).height == 75)
        #expect(try ImageProcessors.Resize(height: 60).resize(image).width == 80)
        let gray = try Bitmap(width: 40, height: 40, pixelFormat: .gray8, fill: [9])
        #expect(try ImageProcessors.Resize(width: 10).resize(gray).pixelFormat == .gray8)
        // A very tall image: the 9999 placeholder of the identifier does not bound the height.
        let tall = try gradient(width: 20, height: 24_000)
        let resized = try ImageProcessors.Resize(width: 10).resize(tall)
        #expect(resized.width == 10 && resized.height == 12_000)
        // The same placeholder given explicitly does bound it; the identifiers stay Nuke's.
        let explicit = ImageProcessors.Resize(size: ImageSize(width: 10, height: 9999), contentMode: .aspectFit)
        #expect(try explicit.resize(tall).height == 9999)
        #expect(explicit.identifier == ImageProcessors.Resize(width: 10).identifier)
    }

    @Test("Points are pixels (no screen): one identifier, equal processors, one memory-cache key")
    func pointsAndPixels() {
        let points = ImageProcessors.Resize(size: ImageSize(width: 30, height: 30), unit: .points)
        let pixels = ImageProcessors.Resize(size: ImageSize(width: 30, height: 30), unit: .pixels)
        #expect(points == pixels)
        #expect(points.identifier == pixels.identifier)
        #expect(
            points.identifier == "com.github.kean/nuke/resize?s=(30.0, 30.0),cm=.aspectFill,crop=false,upscale=false"
        )
        let keys = [points, pixels].map { ImageCacheKey(request: ImageRequest(url: .test, processors: [$0])) }
        #expect(keys[0] == keys[1])
        #expect(
            ImageProcessors.RoundedCorners(radius: 8, unit: .points)
                == ImageProcessors.RoundedCorners(radius: 8, unit: .pixels)
        )
        // Sizes are kept at Float precision, as Nuke keeps them, so odd sizes print Nuke's digits.
        #expect(
            ImageProcessors.Resize(width: 33.3).identifier.hasPrefix(
                "com.github.kean/nuke/resize?s=(33.29999923706055, 9999.0)"
            )
        )
    }

    @Test("Descriptions read as Nuke's")
    func descriptions() {
        #expect(
            ImageProcessors.Resize(size: ImageSize(width: 30, height: 20)).description
                == "Resize(size: (30.0, 20.0) pixels, contentMode: .aspectFill, crop: false, upscale: false)"
        )
        #expect(ImageProcessors.Circle().description == "Circle(border: nil)")
        let red = ImageProcessingOptions.Border(red: 1, green: 0, blue: 0, width: 2, unit: .pixels)
        #expect(
            ImageProcessors.Circle(border: red).description
                == "Circle(border: Border(color: #FF0000, width: 2.0 pixels))"
        )
        #expect(
            ImageProcessors.Circle(border: red).identifier
                == "com.github.kean/nuke/circle?border=Border(color: #FF0000, width: 2.0 pixels)"
        )
        let translucent = ImageProcessingOptions.Border(red: 0, green: 0, blue: 1, alpha: 0.5)
        #expect(translucent.description == "Border(color: #0000FF80, width: 1.0 pixels)")
        #expect(
            ImageProcessors.RoundedCorners(radius: 8).description == "RoundedCorners(radius: 8.0 pixels, border: nil)"
        )
        #expect(ImageProcessors.GaussianBlur(radius: 3).description == "GaussianBlur(radius: 3)")
        let composition = ImageProcessors.Composition([
            ImageProcessors.Circle(), ImageProcessors.GaussianBlur(radius: 3),
        ])
        #expect(composition.description == "Composition(processors: [Circle(border: nil), GaussianBlur(radius: 3)])")
    }

    @Test("Bad sizes are typed errors")
    func badSizes() throws {
        let image = try gradient(width: 10, height: 10)
        for size in [
            ImageSize(width: 0, height: 5), ImageSize(width: .infinity, height: 5), ImageSize(width: .nan, height: 5),
        ] {
            #expect(throws: ImageProcessingError.self) {
                try ImageProcessors.Resize(size: size).resize(image)
            }
        }
    }

    @Test("Identifiers encode every parameter, are stable and distinct")
    func identifiers() {
        let base = ImageProcessors.Resize(size: ImageSize(width: 320, height: 240))
        #expect(
            base.identifier == "com.github.kean/nuke/resize?s=(320.0, 240.0),cm=.aspectFill,crop=false,upscale=false"
        )
        let variants: [ImageProcessors.Resize] = [
            base,
            .init(size: ImageSize(width: 320, height: 240), crop: true),
            .init(size: ImageSize(width: 320, height: 240), upscale: true),
            .init(size: ImageSize(width: 320, height: 240), contentMode: .aspectFit),
            .init(size: ImageSize(width: 320, height: 240), filter: .bicubic),
            .init(size: ImageSize(width: 321, height: 240)),
        ]
        #expect(Set(variants.map(\.identifier)).count == variants.count)
        #expect(Set(variants).count == variants.count)
        #expect(
            ImageProcessors.Resize(width: 100).identifier
                == "com.github.kean/nuke/resize?s=(100.0, 9999.0),cm=.aspectFit,crop=false,upscale=false"
        )
    }
}
