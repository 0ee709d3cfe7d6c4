// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

import Nuke
import NukeProxyTestSupport
import Testing

@testable import NukeProxy

@Suite("Smart gravity (g:sm) keeps the interesting part")
struct SmartCropTests {
    /// A 400×200 flat grey image with a black-and-white checkerboard at `patch` (x and y ranges).
    static func image(patch: (x: Range<Int>, y: Range<Int>)?) throws -> Bitmap {
        try Bitmap(width: 400, height: 200, pixelFormat: .rgba8, isOpaque: true) { buffer in
            for y in 0..<200 {
                for x in 0..<400 {
                    let offset = (y * 400 + x) * 4
                    var value: UInt8 = 128
                    if let patch, patch.x.contains(x), patch.y.contains(y) {
                        value = (x / 4 + y / 4) % 2 == 0 ? 0 : 255
                    }
                    (buffer[offset], buffer[offset + 1], buffer[offset + 2], buffer[offset + 3]) = (
                        value, value, value, 255
                    )
                }
            }
        }
    }

    @Test("The crop moves to the detail, wherever it is", arguments: [20..<80, 320..<380, 170..<230])
    func followsDetail(columns: Range<Int>) throws {
        let image = try Self.image(patch: (columns, 60..<140))
        // 400×200 filled into 100×100: scaled to 200×100, a 100×100 window of it kept.
        let origin = SmartCrop.origin(crop: (100, 100), in: try image.resized(width: 200, height: 100))
        let patchCenter = (columns.lowerBound + columns.upperBound) / 4  // In the scaled image.
        #expect((origin.x..<(origin.x + 100)).contains(patchCenter - 15))
        #expect((origin.x..<(origin.x + 100)).contains(patchCenter + 15))
        #expect(origin.y == 0)

        let smart = try #require(ProxyResize(type: .fill, width: 100, height: 100, gravity: .smart).process(image))
        #expect(smart.width == 100 && smart.height == 100)
        let centered = try #require(ProxyResize(type: .fill, width: 100, height: 100).process(image))
        #expect(contrast(smart) >= contrast(centered))
    }

    @Test("A flat image, or a crop as large as the image, is cropped in the middle")
    func flatIsCentered() throws {
        let flat = try Self.image(patch: nil)
        #expect(SmartCrop.origin(crop: (100, 100), in: flat) == (150, 50))
        #expect(SmartCrop.origin(crop: (400, 200), in: flat) == (0, 0))
        #expect(Gravity.smart.description == "sm")
        #expect(Gravity.smart.origin(crop: (100, 100), in: (400, 200)) == (150, 50))
    }

    /// The sum of absolute differences between horizontal neighbours: how much detail is kept.
    private func contrast(_ image: Bitmap) -> Int {
        image.withUnsafeBytes { bytes in
            var total = 0
            for y in 0..<image.height {
                for x in 1..<image.width {
                    let offset = y * image.bytesPerRow + x * 4
                    total += abs(Int(bytes[offset]) - Int(bytes[offset - 4]))
                }
            }
            return total
        }
    }
}
