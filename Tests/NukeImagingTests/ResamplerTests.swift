// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

import NukeCore
import Testing

@testable import NukeImaging

@Suite struct ResamplerTests {
    private func gradient(width: Int, height: Int) throws -> Bitmap {
        var pixels: [UInt8] = []
        for y in 0..<height {
            for x in 0..<width {
                pixels += [UInt8(x * 255 / max(1, width - 1)), UInt8(y * 255 / max(1, height - 1)), 128, 255]
            }
        }
        return try Bitmap(width: width, height: height, pixelFormat: .rgba8, pixels: pixels)
    }

    @Test("A flat image stays flat with every filter, enlarging and reducing", arguments: ResamplingFilter.allCases)
    func flat(filter: ResamplingFilter) throws {
        let flat = try Bitmap(width: 37, height: 23, pixelFormat: .rgba8, fill: [200, 100, 50, 255])
        for (width, height) in [(10, 7), (80, 50), (1, 1), (37, 5), (200, 3)] {
            let resized = try flat.resized(width: width, height: height, filter: filter)
            #expect(resized.width == width && resized.height == height)
            #expect(resized.isOpaque)
            for y in 0..<height { for x in 0..<width { #expect(resized.pixel(x: x, y: y) == [200, 100, 50, 255]) } }
        }
    }

    @Test("Transparent pixels do not bleed their colour (premultiplied filtering)")
    func alphaCorrect() throws {
        // Columns alternate opaque red and fully transparent green.
        var pixels: [UInt8] = []
        for _ in 0..<8 { for x in 0..<8 { pixels += x.isMultiple(of: 2) ? [255, 0, 0, 255] : [0, 255, 0, 0] } }
        let source = try Bitmap(width: 8, height: 8, pixelFormat: .rgba8, pixels: pixels)
        for filter in ResamplingFilter.allCases {
            let resized = try source.resized(width: 4, height: 4, filter: filter)
            let pixel = resized.pixel(x: 1, y: 1)
            #expect(pixel[0] == 255 && pixel[1] == 0 && pixel[2] == 0, "\(filter): \(pixel)")
            #expect((110...145).contains(pixel[3]), "\(filter): alpha \(pixel[3])")
            #expect(!resized.isOpaque)
        }
    }

    @Test("Gray stays gray; a gradient keeps its ends and its monotony")
    func gray() throws {
        let pixels = (0..<64).flatMap { _ in (0..<64).map { UInt8($0 * 4) } }
        let source = try Bitmap(width: 64, height: 64, pixelFormat: .gray8, pixels: pixels)
        let resized = try source.resized(width: 16, height: 16)
        #expect(resized.pixelFormat == .gray8)
        let row = (0..<16).map { resized.pixel(x: $0, y: 8)[0] }
        #expect(row == row.sorted())
        #expect(row.first! < 12 && row.last! > 240)
    }

    @Test("Large reductions average areas: a 2×2 checker becomes its mean")
    func areaReduction() throws {
        var pixels: [UInt8] = []
        for y in 0..<300 { for x in 0..<300 { pixels.append((x + y).isMultiple(of: 2) ? 0 : 200) } }
        let checker = try Bitmap(width: 300, height: 300, pixelFormat: .gray8, pixels: pixels)
        let reduced = try checker.resized(width: 10, height: 10)
        for y in 0..<10 { for x in 0..<10 { #expect(abs(Int(reduced.pixel(x: x, y: y)[0]) - 100) <= 1) } }
        let gradient = try gradient(width: 640, height: 480).resized(width: 32, height: 24, filter: .box)
        #expect(abs(Int(gradient.pixel(x: 16, y: 12)[0]) - 133) <= 3)
    }

    @Test("Bad sizes are typed errors")
    func badSizes() throws {
        let image = try gradient(width: 4, height: 4)
        #expect(throws: BitmapError.invalidDimensions(width: 0, height: 3)) { try image.resized(width: 0, height: 3) }
        #expect(throws: BitmapError.invalidDimensions(width: -1, height: 3)) { try image.resized(width: -1, height: 3) }
        let empty = try Bitmap(width: 0, height: 0, pixelFormat: .rgba8)
        #expect(throws: BitmapError.self) { try empty.resized(width: 3, height: 3) }
    }
}

@Suite struct ImageOrientationTests {
    /// A 3×2 gray image whose pixels are 1…6, row by row.
    private let source = try! Bitmap(width: 3, height: 2, pixelFormat: .gray8, pixels: [1, 2, 3, 4, 5, 6])

    private func rows(_ bitmap: Bitmap) -> [[UInt8]] {
        (0..<bitmap.height).map { y in (0..<bitmap.width).map { bitmap.pixel(x: $0, y: y)[0] } }
    }

    @Test("All eight EXIF orientations turn the image upright")
    func orientations() {
        let expected: [ImageOrientation: [[UInt8]]] = [
            .up: [[1, 2, 3], [4, 5, 6]],
            .upMirrored: [[3, 2, 1], [6, 5, 4]],
            .down: [[6, 5, 4], [3, 2, 1]],
            .downMirrored: [[4, 5, 6], [1, 2, 3]],
            .leftMirrored: [[1, 4], [2, 5], [3, 6]],
            .right: [[4, 1], [5, 2], [6, 3]],
            .rightMirrored: [[6, 3], [5, 2], [4, 1]],
            .left: [[3, 6], [2, 5], [1, 4]],
        ]
        for orientation in ImageOrientation.allCases {
            #expect(rows(source.applyingOrientation(orientation)) == expected[orientation], "\(orientation)")
        }
    }
}

@Suite struct BitmapInitializingTests {
    struct Failure: Error {}

    @Test("The initializer fills unzeroed storage; large buffers work; errors propagate")
    func initializing() throws {
        let small = try Bitmap(width: 3, height: 2, pixelFormat: .gray8) { buffer in
            #expect(buffer.count == 6)
            for index in buffer.indices { buffer[index] = UInt8(index) }
        }
        #expect(small.pixels == [0, 1, 2, 3, 4, 5])
        let large = try Bitmap(width: 2000, height: 1000, pixelFormat: .rgba8, isOpaque: true) { buffer in
            buffer.update(repeating: 7)
        }
        #expect(large.pixel(x: 1999, y: 999) == [7, 7, 7, 7])
        #expect(throws: Failure.self) { try Bitmap(width: 2, height: 2, pixelFormat: .gray8) { _ in throw Failure() } }
        #expect(throws: BitmapError.invalidDimensions(width: -1, height: 2)) {
            try Bitmap(width: -1, height: 2, pixelFormat: .gray8) { _ in }
        }
    }
}

@Suite struct PixelStoreTests {
    @Test("The vector byte store rounds half up, as truncating value + 0.5 does, ties and neighbours included")
    func roundsHalfUp() {
        var values: [Float] = [0, 0.25, 0.5, 254.5, 254.75, 255]
        for level in 0..<255 {
            let tie = Float(level) + 0.5
            values += [Float(level), tie, tie.nextDown, tie.nextUp, Float(level) + 0.999]
        }
        for start in stride(from: 0, to: values.count - 3, by: 1) {
            let lanes = SIMD4(values[start], values[start + 1], values[start + 2], values[start + 3])
            let expected = SIMD4<UInt8>(
                UInt8(lanes.x + 0.5),
                UInt8(lanes.y + 0.5),
                UInt8(lanes.z + 0.5),
                UInt8(lanes.w + 0.5)
            )
            #expect(lanes.roundedHalfUpToBytes() == expected, "\(lanes)")
        }
    }
}

@Suite struct CoefficientCacheTests {
    typealias Cache = Resampler.CoefficientCache

    static func same(_ a: Resampler.Coefficients, _ b: Resampler.Coefficients) -> Bool {
        a.starts == b.starts && a.counts == b.counts && a.taps == b.taps && a.weights == b.weights
    }

    @Test("A kept table is the one a fresh build gives, and is kept once per input, output and filter")
    func keepsWhatItBuilt() {
        let cache = Cache(byteLimit: 1 << 20)
        let fresh = Resampler.Coefficients(input: 753, output: 512, filter: .lanczos3)
        #expect(Self.same(cache.coefficients(input: 753, output: 512, filter: .lanczos3), fresh))
        #expect(Self.same(cache.coefficients(input: 753, output: 512, filter: .lanczos3), fresh))
        #expect(cache.usage.count == 1 && cache.usage.bytes == fresh.byteCount)
        let bicubic = cache.coefficients(input: 753, output: 512, filter: .bicubic)
        #expect(Self.same(bicubic, Resampler.Coefficients(input: 753, output: 512, filter: .bicubic)))
        #expect(!Self.same(bicubic, fresh))
        #expect(cache.usage.count == 2)
    }

    @Test("Tables stay within the byte limit, the oldest dropped first; one larger than the limit is not kept")
    func bounded() {
        let limit = 1 << 20
        let cache = Cache(byteLimit: limit)
        for output in 10..<200 {
            _ = cache.coefficients(input: 1000, output: output, filter: .lanczos3)
            #expect(cache.usage.bytes <= limit)
        }
        let kept = cache.usage.count
        #expect(kept > 1 && kept < 190)
        #expect(cache.contains(input: 1000, output: 199, filter: .lanczos3))
        #expect(!cache.contains(input: 1000, output: 10, filter: .lanczos3))
        // Asking for a kept table again adds nothing.
        _ = cache.coefficients(input: 1000, output: 199, filter: .lanczos3)
        #expect(cache.usage.count == kept)
        let before = cache.usage
        let huge = cache.coefficients(input: 40_000, output: 20_000, filter: .lanczos3)
        #expect(huge.byteCount > limit)
        #expect(cache.usage == before)
        #expect(!cache.contains(input: 40_000, output: 20_000, filter: .lanczos3))
    }
}
