// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

import NukeCore
import NukeProcessorSpec
import NukeTestSupport
import Testing

@testable import NukeProcessors

@Suite struct CropTests {
    @Test("Crop takes the rectangle, clipped; a rectangle off the image is a typed error")
    func crop() throws {
        let image = try gradient(width: 40, height: 30)
        let cropped = try #require(ImageProcessors.Crop(x: 10, y: 5, width: 20, height: 10).process(image))
        #expect(cropped.width == 20 && cropped.height == 10)
        #expect(cropped.pixel(x: 0, y: 0) == image.pixel(x: 10, y: 5))
        let clipped = try #require(ImageProcessors.Crop(x: 30, y: 20, width: 50, height: 50).process(image))
        #expect(clipped.width == 10 && clipped.height == 10)
        #expect(ImageProcessors.Crop(x: 100, y: 0, width: 5, height: 5).process(image) == nil)
        #expect(ImageProcessors.Crop(x: 0, y: 0, width: 0, height: 5).process(image) == nil)
    }
}

@Suite struct ShapeTests {
    @Test("Circle: square, transparent corners, opaque centre, anti-aliased edge")
    func circle() throws {
        let image = try gradient(width: 60, height: 40)
        let output = try #require(ImageProcessors.Circle().process(image))
        #expect(output.width == 40 && output.height == 40)
        #expect(output.pixel(x: 0, y: 0)[3] == 0)
        #expect(output.pixel(x: 20, y: 20)[3] == 255)
        #expect(output.pixel(x: 20, y: 20)[0] == image.pixel(x: 30, y: 20)[0], "centre-cropped, offsets floored")
        let edge = (0..<40).map { output.pixel(x: $0, y: 20)[3] }
        #expect(edge.contains { $0 > 0 && $0 < 255 }, "partial coverage at the edge")
        #expect(!output.isOpaque)
    }

    @Test("Rounded corners keep the middle of every side; a border colours the edge")
    func roundedCorners() throws {
        let image = try gradient(width: 50, height: 30)
        let output = try #require(ImageProcessors.RoundedCorners(radius: 10).process(image))
        #expect(output.pixel(x: 0, y: 0)[3] == 0)
        #expect(output.pixel(x: 25, y: 0)[3] == 255)
        #expect(output.pixel(x: 0, y: 15)[3] == 255)
        #expect(output.pixel(x: 25, y: 15) == image.pixel(x: 25, y: 15))
        let border = try #require(ImageProcessingOptions.Border(hex: "#FF00FF", width: 3, unit: .pixels))
        let bordered = try #require(ImageProcessors.RoundedCorners(radius: 10, border: border).process(image))
        #expect(bordered.pixel(x: 25, y: 1) == [255, 0, 255, 255])
        #expect(bordered.pixel(x: 25, y: 15) == image.pixel(x: 25, y: 15))
        #expect(border.description == "Border(color: #FF00FF, width: 3.0 pixels)")
        #expect(ImageProcessingOptions.Border(hex: "zz") == nil)
    }
}

@Suite struct GaussianBlurTests {
    @Test("A constant image stays constant; opaque stays opaque; radius 0 changes nothing")
    func invariants() throws {
        let flat = try Bitmap(width: 33, height: 21, pixelFormat: .rgba8, fill: [10, 200, 30, 255])
        let blurred = try #require(ImageProcessors.GaussianBlur(radius: 5).process(flat))
        #expect(blurred == flat)
        #expect(blurred.isOpaque)
        let image = try gradient(width: 20, height: 20)
        #expect(ImageProcessors.GaussianBlur(radius: 0).process(image) == image)
        #expect(ImageProcessors.GaussianBlur(radius: -3).radius == 0)
        let gray = try Bitmap(width: 10, height: 10, pixelFormat: .gray8, fill: [77])
        #expect(ImageProcessors.GaussianBlur(radius: 2).process(gray) == gray)
    }

    @Test(
        "A radius far past the image matches a plain box blur with extended edges, and any radius from a spec finishes"
    )
    func radiusPastTheImage() throws {
        var pixels = [UInt8](repeating: 0, count: 12 * 9)
        for index in pixels.indices { pixels[index] = UInt8((index * 37) % 256) }
        let image = try Bitmap(width: 12, height: 9, pixelFormat: .gray8, pixels: pixels)
        let blurred = try #require(ImageProcessors.GaussianBlur(radius: 40).process(image))
        // Reference: the kernel GaussianBlur computes for radius 40 (75), three passes along x
        // then y of a box with edges extended, in Double.
        let half = 75 / 2
        func box(_ line: [Double]) -> [Double] {
            line.indices.map { x in
                (-half...half).reduce(0) { $0 + line[min(max(x + $1, 0), line.count - 1)] } / Double(2 * half + 1)
            }
        }
        var plane = pixels.map(Double.init)
        for _ in 0..<3 {
            for y in 0..<9 {
                plane.replaceSubrange(y * 12..<(y + 1) * 12, with: box(Array(plane[y * 12..<(y + 1) * 12])))
            }
            for x in 0..<12 {
                let column = box((0..<9).map { plane[$0 * 12 + x] })
                for y in 0..<9 { plane[y * 12 + x] = column[y] }
            }
        }
        blurred.withUnsafeBytes { bytes in
            for index in 0..<(12 * 9) { #expect(abs(Double(bytes[index]) - plane[index]) <= 1, "pixel \(index)") }
        }
        var registry = PluginRegistry()
        registry.install(ProcessorsPlugin())
        let processors = try registry.processors(fromSpec: "gaussianBlur(radius:9223372036854775807)")
        #expect(processors.first?.process(image) != nil)
    }

    @Test("Blurring spreads a point symmetrically and keeps its total; transparent pixels do not bleed colour")
    func behaviour() throws {
        var pixels = [UInt8](repeating: 0, count: 21 * 21)
        pixels[10 * 21 + 10] = 255
        let point = try Bitmap(width: 21, height: 21, pixelFormat: .gray8, pixels: pixels)
        let blurred = try #require(ImageProcessors.GaussianBlur(radius: 2).process(point))
        #expect(blurred.pixel(x: 9, y: 10) == blurred.pixel(x: 11, y: 10))
        #expect(blurred.pixel(x: 10, y: 9) == blurred.pixel(x: 10, y: 11))
        #expect(blurred.pixel(x: 10, y: 10)[0] < 255 && blurred.pixel(x: 10, y: 10)[0] > 0)

        var rgba = [UInt8]()
        for _ in 0..<10 { for x in 0..<10 { rgba += x < 5 ? [255, 0, 0, 255] : [0, 255, 0, 0] } }
        let half = try Bitmap(width: 10, height: 10, pixelFormat: .rgba8, pixels: rgba)
        let output = try #require(ImageProcessors.GaussianBlur(radius: 3).process(half))
        let pixel = output.pixel(x: 5, y: 5)
        #expect(pixel[1] == 0 && pixel[0] == 255 && pixel[3] > 0 && pixel[3] < 255)
    }
}

@Suite struct ProcessorsPluginTests {
    private var registry: PluginRegistry {
        var registry = PluginRegistry()
        registry.install(ProcessorsPlugin())
        return registry
    }

    @Test("Chains are built from text with every processor")
    func spec() throws {
        let processors = try registry.processors(
            fromSpec:
                "resize(width:320,height:240,crop:true,unit:pixels)|crop(x:1,y:2,width:3,height:4)|circle(borderColor:#FFFFFF,borderWidth:2)|roundedCorners(radius:8)|gaussianBlur(radius:4)"
        )
        #expect(processors.count == 5)
        #expect(
            processors[0] as? ImageProcessors.Resize
                == ImageProcessors.Resize(size: ImageSize(width: 320, height: 240), unit: .pixels, crop: true)
        )
        #expect(processors[1] as? ImageProcessors.Crop == ImageProcessors.Crop(x: 1, y: 2, width: 3, height: 4))
        #expect(processors[4] as? ImageProcessors.GaussianBlur == ImageProcessors.GaussianBlur(radius: 4))
        #expect(
            try registry.processors(fromSpec: "resize(width:100)").first?.identifier
                == ImageProcessors.Resize(width: 100).identifier
        )
    }

    @Test("Bad specs point at the problem")
    func badSpecs() throws {
        #expect(throws: ProcessorSpecError.self) { try registry.processors(fromSpec: "resize(colour:3)") }
        #expect(throws: ProcessorSpecError.self) { try registry.processors(fromSpec: "resize(width:abc)") }
        #expect(throws: ProcessorSpecError.self) { try registry.processors(fromSpec: "resize()") }
        #expect(throws: ProcessorSpecError.self) { try registry.processors(fromSpec: "resize(width:10,filter:sharp)") }
        #expect(throws: ProcessorSpecError.self) { try registry.processors(fromSpec: "circle(borderColor:red)") }
        #expect(throws: ProcessorSpecError.self) { try registry.processors(fromSpec: "roundedCorners(unit:pixels)") }
        do {
            _ = try registry.processors(fromSpec: "resize(width:10)|blur(radius:2)")
            Issue.record("expected an error")
        } catch {
            #expect("\(error)".contains("gaussianBlur"), "lists the valid names: \(error)")
        }
    }

    @Test("Sugar builds the same processors")
    func sugar() {
        let processors: [any ImageProcessing] = [
            .resize(width: 100), .circle(), .roundedCorners(radius: 4), .gaussianBlur(radius: 2),
            .crop(x: 0, y: 0, width: 2, height: 2),
        ]
        #expect(processors[0].identifier == ImageProcessors.Resize(width: 100).identifier)
        #expect(processors[3].identifier == "com.github.kean/nuke/gaussian_blur?radius=2")
    }
}

/// The example custom processor from Docs/Plugins.md: users write their own this way.
struct Invert: ImageProcessing, Hashable {
    var identifier: String { "com.example/invert" }

    func process(_ image: Bitmap) -> Bitmap? {
        try? Bitmap(width: image.width, height: image.height, pixelFormat: image.pixelFormat, isOpaque: image.isOpaque)
        { output in
            image.withUnsafeBytes { input in
                let bpp = image.pixelFormat.bytesPerPixel
                for y in 0..<image.height {
                    for x in 0..<(image.width * bpp) {
                        let value = input[y * image.bytesPerRow + x]
                        output[y * image.width * bpp + x] = bpp == 4 && x % 4 == 3 ? value : 255 - value
                    }
                }
            }
        }
    }
}

@Suite struct CustomProcessorTests {
    @Test("A custom processor runs in the pipeline after built-in ones and keys the caches")
    func customInPipeline() async throws {
        let loader = MockDataLoader()
        let pipeline = ImagePipeline.makeTestPipeline(loader: loader)
        let request = ImageRequest(url: .test, processors: [.resize(width: 100, unit: .pixels), Invert()])
        let image = try await pipeline.image(for: request)
        #expect(image.width == 100 && image.height == 75)
        #expect(pipeline.cache.makeDataCacheKey(for: request).hasSuffix("com.example/invert"))
    }
}
