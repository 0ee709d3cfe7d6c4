// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

import CNukeJPEG
import Foundation
import NukeCore
import NukeTestSupport
import Testing

@Suite("The AVX2 6x6 and 3x3 inverse DCTs give libjpeg's bytes")
struct JPEGFastIDCTTests {
    /// SplitMix64: the same blocks on every run.
    struct Generator: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var value = state
            value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
            value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
            return value ^ (value >> 31)
        }
    }

    /// Differing blocks between libjpeg's `size`×`size` IDCT and ours over `count` blocks from `block`.
    func differingBlocks(
        size: Int,
        count: Int,
        block: (inout Generator) -> (coefficients: [Int16], quantizers: [Int16])
    ) throws -> Int {
        var generator = Generator(state: 2026)
        var coefficients: [Int16] = []
        var quantizers: [Int16] = []
        for _ in 0..<count {
            let next = block(&generator)
            coefficients += next.coefficients
            quantizers += next.quantizers
        }
        let jpeg = try fixture("baseline-420.jpg")
        return Int(
            jpeg.withUnsafeBytes { bytes in
                nuke_jpeg_compare_idct(
                    bytes.baseAddress?.assumingMemoryBound(to: UInt8.self),
                    bytes.count,
                    Int32(size),
                    coefficients,
                    quantizers,
                    Int32(count)
                )
            }
        )
    }

    @Test(
        "Blocks as real files hold them: quantizers 1 to 255, coefficients within their range",
        arguments: [6, 3]
    )
    func realisticBlocks(size: Int) throws {
        let differing = try differingBlocks(size: size, count: 40_000) { generator in
            let quantizers = (0..<64).map { _ in Int16.random(in: 1...255, using: &generator) }
            // Mostly zeros, as after quantization; each kept value within what 8-bit data can give.
            let coefficients = quantizers.map { quantizer -> Int16 in
                guard Int.random(in: 0..<4, using: &generator) == 0 else { return 0 }
                let limit = Int16(2047 / Int(quantizer) + 1)
                return Int16.random(in: -limit...limit, using: &generator)
            }
            return (coefficients, quantizers)
        }
        #expect(differing == 0)
    }

    @Test(
        "Crafted blocks: any coefficients, any 16-bit quantizers (past 32-bit range: libjpeg's own)",
        arguments: [6, 3]
    )
    func extremeBlocks(size: Int) throws {
        let differing = try differingBlocks(size: size, count: 30_000) { generator in
            // Any quantizers; small ones; or 1, which keeps every coefficient inside the first
            // range check and leaves the second to decide.
            let range: ClosedRange<Int16> = [.min ... .max, 1...8, 1...1].randomElement(using: &generator)!
            let quantizers = (0..<64).map { _ in Int16.random(in: range, using: &generator) }
            let coefficients = (0..<64).map { _ in Int16.random(in: .min ... .max, using: &generator) }
            return (coefficients, quantizers)
        }
        #expect(differing == 0)
    }

    /// `name`.jpg decoded at 3/8 by the C decoder (which must succeed), its result, and the
    /// decode `djpeg` made of it.
    func decodeAtThreeEighths(_ name: String) throws -> (result: nuke_jpeg_result, decoded: Bitmap, expected: Bitmap) {
        let data = try fixture(name + ".jpg")
        let expected = try reference(name + "-three-eighths")
        var result = nuke_jpeg_result()
        var message = [CChar](repeating: 0, count: Int(NUKE_JPEG_MESSAGE_SIZE))
        let stride = expected.width * 4
        var pixels = [UInt8](repeating: 0, count: stride * expected.height)
        let status = data.withUnsafeBytes { bytes in
            nuke_jpeg_decode(
                bytes.baseAddress?.assumingMemoryBound(to: UInt8.self),
                bytes.count,
                3,
                0,
                100,
                0,
                1,
                0,
                &pixels,
                pixels.count,
                stride,
                nil,
                &result,
                &message
            )
        }
        #expect(status == NUKE_JPEG_OK)
        let decoded = try Bitmap(
            width: Int(result.width),
            height: Int(result.height),
            pixelFormat: .rgba8,
            pixels: pixels
        )
        return (result, decoded, expected)
    }

    @Test("A 3/8 decode of 4:2:0 files uses them and gives djpeg's bytes", arguments: ["baseline-420", "photo-420"])
    func threeEighthsDecode(name: String) throws {
        let (result, decoded, expected) = try decodeAtThreeEighths(name)
        // Luma's 3x3 and both chroma components' 6x6.
        #expect(result.fast_idct_components == (nuke_jpeg_has_fast_idct() != 0 ? 3 : 0))
        #expect(ReferenceImage.maximumDifference(decoded, expected) == 0)
    }

    @Test("This machine's libjpeg-turbo passes the self-test, so its functions may be replaced")
    func selfTestPasses() {
        #expect(nuke_jpeg_hooks_self_test_passed() == 1)
    }

    @Test("With the replacements turned off, libjpeg's own IDCTs decode the same bytes")
    func fallback() throws {
        nuke_jpeg_set_hooks_allowed(0)
        defer { nuke_jpeg_set_hooks_allowed(1) }
        let (result, decoded, expected) = try decodeAtThreeEighths("photo-420")
        #expect(result.fast_idct_components == 0)
        #expect(ReferenceImage.maximumDifference(decoded, expected) == 0)
    }
}
