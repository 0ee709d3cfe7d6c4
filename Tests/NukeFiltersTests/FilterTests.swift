// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

import NukeCore
import NukeImaging
import NukeProcessorSpec
import NukeTestSupport
import Testing

@testable import NukeFilters

private func color(_ r: UInt8, _ g: UInt8, _ b: UInt8, _ a: UInt8 = 255, size: Int = 4) throws -> Bitmap {
    try Bitmap(width: size, height: size, pixelFormat: .rgba8, fill: [r, g, b, a])
}

private func apply(_ name: String, _ parameters: [String: FilterValue] = [:], to image: Bitmap) throws -> Bitmap {
    try ImageProcessors.CoreImageFilter(name: name, parameters: parameters).apply(image)
}

@Suite struct FilterFormulaTests {
    @Test("CISepiaTone: the sepia matrix, mixed by intensity")
    func sepia() throws {
        // (100, 150, 200): r = .393·100 + .769·150 + .189·200 = 192.45 → 192, g = 171.4, b = 133.5.
        #expect(try apply("CISepiaTone", to: try color(100, 150, 200)).pixel(x: 0, y: 0) == [192, 171, 134, 255])
        #expect(
            try apply("CISepiaTone", ["inputIntensity": 0], to: try color(100, 150, 200)).pixel(x: 0, y: 0) == [
                100, 150, 200, 255,
            ]
        )
        #expect(try apply("CISepiaTone", to: try color(255, 255, 255)).pixel(x: 0, y: 0) == [255, 255, 239, 255])
    }

    @Test("CIColorControls: saturation around Rec. 709 luminance, brightness added, contrast about 0.5")
    func colorControls() throws {
        let gray = try apply("CIColorControls", ["inputSaturation": 0], to: try color(255, 0, 0))
        #expect(gray.pixel(x: 0, y: 0)[0] == 54, "0.2125 × 255")
        #expect(
            try apply("CIColorControls", ["inputBrightness": 0.2], to: try color(100, 100, 100)).pixel(x: 0, y: 0)[0]
                == 151
        )
        // (v − 127.5) · 1.5 + 127.5 in 0…255: 200 → 236.25, 40 → −3.75 (0), 100 → 86.25.
        #expect(
            try apply("CIColorControls", ["inputContrast": 1.5], to: try color(200, 40, 100)).pixel(x: 0, y: 0) == [
                236, 0, 86, 255,
            ]
        )
        #expect(
            try apply("CIColorControls", to: try color(12, 34, 56)).pixel(x: 0, y: 0) == [12, 34, 56, 255],
            "defaults change nothing"
        )
    }

    @Test("Invert, monochrome, mono and noir on known colours; gray stays gray")
    func colourFilters() throws {
        #expect(try apply("CIColorInvert", to: try color(0, 100, 255, 128)).pixel(x: 0, y: 0) == [255, 155, 0, 128])
        let mono = try apply("CIPhotoEffectMono", to: try color(255, 0, 0))
        #expect(mono.pixel(x: 0, y: 0) == [54, 54, 54, 255])
        let noir = try apply("CIPhotoEffectNoir", to: try color(128, 128, 128))
        #expect(noir.pixel(x: 0, y: 0) == [128, 128, 128, 255], "the S-curve keeps middle gray")
        #expect(try apply("CIPhotoEffectNoir", to: try color(64, 64, 64)).pixel(x: 0, y: 0)[0] < 64)
        let tinted = try apply("CIColorMonochrome", to: try color(255, 255, 255)).pixel(x: 0, y: 0)
        #expect(
            zip(tinted, [153, 115, 77, 255]).allSatisfy { abs(Int($0) - $1) <= 1 },
            "white becomes the default colour (0.6, 0.45, 0.3)"
        )
        let grayMono = try apply(
            "CIPhotoEffectMono",
            to: try Bitmap(width: 2, height: 2, pixelFormat: .gray8, fill: [80])
        )
        #expect(grayMono.pixelFormat == .gray8 && grayMono.pixel(x: 0, y: 0) == [80])
        let grayInput = try Bitmap(width: 3, height: 3, pixelFormat: .gray8, fill: [100])
        #expect(try apply("CIColorInvert", to: grayInput).pixel(x: 1, y: 1) == [155])
    }

    @Test("Exposure works in linear light; gamma is a power; vibrance leaves grays alone")
    func tone() throws {
        // sRGB 128 → linear 0.2158 → ×2 = 0.4317 → sRGB 0.6899 → 176.
        #expect(try apply("CIExposureAdjust", ["inputEV": 1], to: try color(128, 128, 128)).pixel(x: 0, y: 0)[0] == 176)
        #expect(
            try apply("CIExposureAdjust", ["inputEV": 0], to: try color(77, 88, 99)).pixel(x: 0, y: 0) == [
                77, 88, 99, 255,
            ]
        )
        // (128/255)^0.75 = 0.5962 → 152.
        #expect(try apply("CIGammaAdjust", to: try color(128, 128, 128)).pixel(x: 0, y: 0)[0] == 152)
        #expect(
            try apply("CIVibrance", ["inputAmount": 1], to: try color(90, 90, 90)).pixel(x: 0, y: 0) == [
                90, 90, 90, 255,
            ]
        )
        let vivid = try apply("CIVibrance", ["inputAmount": 1], to: try color(120, 100, 100)).pixel(x: 0, y: 0)
        #expect(vivid[0] > 120 && vivid[1] < 100)
    }

    @Test("Hue rotation by a full turn is the identity; the colour matrix maps channels")
    func hueAndMatrix() throws {
        let image = try color(200, 80, 30)
        let turned = try apply("CIHueAdjust", ["inputAngle": .number(2 * Double.pi)], to: image).pixel(x: 0, y: 0)
        #expect(zip(turned, [200, 80, 30, 255]).allSatisfy { abs(Int($0) - $1) <= 1 })
        #expect(
            try apply("CIHueAdjust", ["inputAngle": .number(Double.pi)], to: image).pixel(x: 0, y: 0)
                != image.pixel(x: 0, y: 0)
        )
        let swapped = try apply(
            "CIColorMatrix",
            [
                "inputRVector": .vector([0, 0, 1, 0]), "inputBVector": .vector([1, 0, 0, 0]),
                "inputBiasVector": .vector([0, 0.1, 0, 0]),
            ],
            to: image
        )
        #expect(swapped.pixel(x: 0, y: 0) == [30, 106, 200, 255])
    }

    @Test("Vignette darkens the corners, not the centre; zero intensity changes nothing")
    func vignette() throws {
        let image = try color(200, 200, 200, size: 41)
        let output = try apply("CIVignette", ["inputIntensity": 1, "inputRadius": 1], to: image)
        #expect(output.pixel(x: 20, y: 20)[0] >= 199)
        #expect(output.pixel(x: 0, y: 0)[0] < 30)
        #expect(try apply("CIVignette", to: image) == image.applyingOrientation(.up))
    }

    @Test("Blurs and sharpening leave flat images flat; sharpening raises edge contrast")
    func spatial() throws {
        let flat = try color(90, 140, 190, size: 16)
        for name in ["CIGaussianBlur", "CIBoxBlur", "CIUnsharpMask", "CISharpenLuminance"] {
            #expect(try apply(name, to: flat) == flat, "\(name)")
        }
        var pixels = [UInt8]()
        for _ in 0..<16 { for x in 0..<16 { pixels.append(x < 8 ? 60 : 180) } }
        let edge = try Bitmap(width: 16, height: 16, pixelFormat: .gray8, pixels: pixels)
        let sharpened = try apply("CIUnsharpMask", ["inputIntensity": 1], to: edge)
        #expect(sharpened.pixel(x: 7, y: 8)[0] < 60 && sharpened.pixel(x: 8, y: 8)[0] > 180)
        let blurred = try apply("CIGaussianBlur", ["inputRadius": 2], to: edge)
        #expect(blurred.pixel(x: 7, y: 8)[0] > 60 && blurred.pixel(x: 8, y: 8)[0] < 180)
        // σ = 10: three boxes √(4σ² + 1) ≈ 20 → 21 pixels wide.
        #expect(try edge.gaussianBlurred(sigma: 10) == edge.boxBlurred(width: 21, passes: 3))
        #expect(try apply("CIGaussianBlur", ["inputRadius": 10], to: edge) == edge.boxBlurred(width: 21, passes: 3))
    }

    @Test("Pixellate fills aligned blocks with their middle colour")
    func pixellate() throws {
        var pixels = [UInt8]()
        for y in 0..<16 { for x in 0..<16 { pixels.append(UInt8(x * 16 + y)) } }
        let image = try Bitmap(width: 16, height: 16, pixelFormat: .gray8, pixels: pixels)
        let output = try apply("CIPixellate", ["inputScale": 4, "inputCenter": .vector([0, 0])], to: image)
        #expect(output.pixel(x: 0, y: 0) == output.pixel(x: 3, y: 3))
        #expect(output.pixel(x: 0, y: 0) == image.pixel(x: 2, y: 2))
        #expect(output.pixel(x: 4, y: 0) != output.pixel(x: 3, y: 0))
    }
}

@Suite struct FilterAPITests {
    @Test("Unknown names and parameters are typed errors listing the valid ones")
    func errors() {
        #expect(
            throws: FilterError.unknownFilter(
                name: "CIBloom",
                available: ImageProcessors.CoreImageFilter.availableFilters
            )
        ) {
            try ImageProcessors.CoreImageFilter(name: "CIBloom")
        }
        do {
            _ = try ImageProcessors.CoreImageFilter(name: "CISepiaTone", parameters: ["intensity": 1])
            Issue.record("expected an error")
        } catch {
            #expect(error == .unknownParameter(filter: "CISepiaTone", key: "intensity", available: ["inputIntensity"]))
            #expect(error.description.contains("inputIntensity"))
        }
        #expect(ImageProcessors.CoreImageFilter.availableFilters.count == 17)
    }

    @Test("Identifiers encode the name and every given parameter, sorted; distinct parameters differ")
    func identifiers() throws {
        let filter = try ImageProcessors.CoreImageFilter(
            name: "CIColorControls",
            parameters: ["inputContrast": 1.1, "inputBrightness": 0.1]
        )
        #expect(
            filter.identifier
                == "com.github.kean/nuke/core_image?name=CIColorControls&inputBrightness=0.1&inputContrast=1.1"
        )
        let other = try ImageProcessors.CoreImageFilter(
            name: "CIColorControls",
            parameters: ["inputContrast": 1.2, "inputBrightness": 0.1]
        )
        #expect(filter.identifier != other.identifier && filter != other)
    }

    @Test("Filters come from text specs, mixed with other processors' syntax")
    func specs() throws {
        var registry = PluginRegistry()
        registry.install(FiltersPlugin())
        let processors = try registry.processors(
            fromSpec: "CISepiaTone(inputIntensity:0.8)|CIColorMonochrome(inputColor:[0.2 0.4 0.6 1])|CIColorInvert()"
        )
        #expect(processors.count == 3)
        #expect(
            processors[0] as? ImageProcessors.CoreImageFilter
                == (try ImageProcessors.CoreImageFilter(name: "CISepiaTone", parameters: ["inputIntensity": 0.8]))
        )
        #expect(
            (processors[1] as? ImageProcessors.CoreImageFilter)?.parameters["inputColor"]
                == .vector([0.2, 0.4, 0.6, 1])
        )
        #expect(throws: ProcessorSpecError.self) { try registry.processors(fromSpec: "CISepiaTone(amount:1)") }
        #expect(throws: ProcessorSpecError.self) {
            try registry.processors(fromSpec: "CISepiaTone(inputIntensity:strong)")
        }
        #expect(throws: ProcessorSpecError.self) { try registry.processors(fromSpec: "CIBloom()") }
    }
}

@Suite struct FilterHostileParameterTests {
    /// Values whose arithmetic overflows Float (to ±infinity, then NaN) or an integer width, and
    /// values only code can give (specs refuse them).
    static let hostileNumbers: [Double] = [
        1e300, -1e300, 6.7e67, 3.4e38, -3.4e38, 1e38, -1e38, 1e20, -1e20, 9.3e18, .leastNonzeroMagnitude, -0.0,
        .infinity, -.infinity, .nan,
    ]

    @Test("Every parameter of every filter at overflowing values gives an image of the input's size, never a trap")
    func overflowingParameters() throws {
        var pixels = [UInt8]()
        for index in 0..<(5 * 4) { pixels += [UInt8(index * 12), UInt8(255 - index * 9), 77, UInt8(index * 13)] }
        let images = [
            try Bitmap(width: 5, height: 4, pixelFormat: .rgba8, pixels: pixels),
            try Bitmap(width: 3, height: 2, pixelFormat: .gray8, pixels: [0, 40, 80, 120, 160, 255]),
        ]
        for name in ImageProcessors.CoreImageFilter.availableFilters {
            for (key, value) in ImageProcessors.CoreImageFilter.defaults(for: name) ?? [] {
                for number in Self.hostileNumbers {
                    let hostile: FilterValue =
                        if case .vector(let values) = value { .vector(values.map { _ in number }) } else {
                            .number(number)
                        }
                    let filter = try ImageProcessors.CoreImageFilter(name: name, parameters: [key: hostile])
                    for image in images {
                        let output = try filter.apply(image)
                        #expect(
                            output.width == image.width && output.height == image.height,
                            "\(name) \(key) \(number)"
                        )
                    }
                }
            }
        }
    }

    @Test("Every filter takes an image without pixels (0×0, 0×3, 4×0) and gives one of the same size")
    func emptyImages() throws {
        let images = [
            try Bitmap(width: 0, height: 0, pixelFormat: .rgba8, pixels: []),
            try Bitmap(width: 0, height: 3, pixelFormat: .rgba8, pixels: []),
            try Bitmap(width: 4, height: 0, pixelFormat: .gray8, pixels: []),
        ]
        for name in ImageProcessors.CoreImageFilter.availableFilters {
            let filter = try ImageProcessors.CoreImageFilter(name: name)
            for image in images {
                let output = try filter.apply(image)
                #expect(output.width == image.width && output.height == image.height, "\(name) \(image)")
            }
        }
    }

    @Test("Spec values that no Float can hold are refused when parsed; the largest Float is accepted")
    func unrepresentableValues() {
        #expect(FilterValue(parsing: "6.7e67") == nil)
        #expect(FilterValue(parsing: "[1 2 -1e39]") == nil)
        #expect(FilterValue(parsing: "3.4e38") == .number(3.4e38))
    }
}
