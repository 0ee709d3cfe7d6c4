// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

import Foundation
import NukeCore
import NukeTestSupport
import Testing

@testable import NukeLCMS

@Suite struct MatrixShaperTransformTests {
    /// Every 8th level of every channel (32³ colours), with varying alpha.
    static func grid() throws -> Bitmap {
        var pixels: [UInt8] = []
        for r in stride(from: 0, through: 255, by: 8) {
            for g in stride(from: 0, through: 255, by: 8) {
                for b in stride(from: 0, through: 255, by: 8) {
                    pixels += [UInt8(r), UInt8(g), UInt8(b), UInt8(b ^ 0x55)]
                }
            }
        }
        return try Bitmap(width: 32 * 32, height: 32, pixelFormat: .rgba8, pixels: pixels)
    }

    /// The RGB matrix/curve fixtures: a wide gamut close to sRGB's, a wider one, and ProPhoto,
    /// whose colours fall far outside sRGB (sums below 0 and above 1).
    static let rgbProfiles = ["display-p3", "adobe-rgb", "prophoto"]

    /// The fast transform of the fixture `name` for RGBA, perceptual intent.
    static func rgbaTransform(_ name: String) throws -> MatrixShaperTransform {
        let profile = try LCMSProfile.icc(try fixture(name + ".icc"))
        return try #require(MatrixShaperTransform(profile: profile, pixelFormat: .rgba8, intent: .perceptual))
    }

    @Test(
        "The table-and-matrix path gives Little CMS's colours within 1 level on 32³ colours",
        arguments: rgbProfiles
    )
    func agreesWithLittleCMS(name: String) throws {
        let profile = try LCMSProfile.icc(try fixture(name + ".icc"))
        let fast = try Self.rgbaTransform(name)
        let reference = try LCMSTransform(from: profile, pixelFormat: .rgba8, intent: .perceptual)
        let grid = try Self.grid()
        #expect(try difference(try fast.apply(to: grid), try reference.apply(to: grid)) <= 1)
    }

    @Test(
        "The summed tables and the AVX-512 loop give the plain C loop's bytes, on padded rows and odd widths",
        arguments: rgbProfiles
    )
    func fastLoopsMatchPlainC(name: String) throws {
        let transform = try Self.rgbaTransform(name)
        // 1021 pixels a row (127 blocks of eight and five left over) in rows of 4100 bytes; the
        // grid's colours, cycled, so every block mixes dark and light, and every alpha value.
        let colours = try Self.grid().pixels
        let (width, height, stride) = (1021, 40, 4100)
        var pixels = [UInt8](repeating: 0xEE, count: stride * height)
        for row in 0..<height {
            for column in 0..<width {
                let colour = ((row * width + column) * 37 % (colours.count / 4)) * 4
                for channel in 0..<4 { pixels[row * stride + column * 4 + channel] = colours[colour + channel] }
                pixels[row * stride + column * 4 + 3] = UInt8(truncatingIfNeeded: row * width + column)
            }
        }
        let image = try Bitmap(width: width, height: height, pixelFormat: .rgba8, bytesPerRow: stride, pixels: pixels)
        let tables = try transform.apply(to: image, loop: .summedTables)
        let plain = try transform.apply(to: image, loop: .plainC)
        let avx512 = try transform.apply(to: image, loop: .avx512)
        #expect(tables.pixels.count == plain.pixels.count)
        #expect(tables.pixels.indices.first { tables.pixels[$0] != plain.pixels[$0] } == nil, "first different byte")
        #expect(avx512.pixels.elementsEqual(plain.pixels), "\(Self.firstDifference(avx512, plain))")
        #expect(tables.bytesPerRow == width * 4)
        // Alpha is copied.
        #expect((0..<height).allSatisfy { tables.pixel(x: 1020, y: $0)[3] == image.pixel(x: 1020, y: $0)[3] })
        // In place: the same pixels, the rows keep their stride and padding, and the bitmap it
        // shared its storage with is left as it was.
        var inPlace = image
        try transform.apply(inPlace: &inPlace)
        #expect(inPlace.bytesPerRow == stride)
        for row in 0..<height {
            let converted = inPlace.pixels[row * stride..<row * stride + width * 4]
            #expect(Array(converted) == Array(tables.pixels[row * width * 4..<(row + 1) * width * 4]), "row \(row)")
            #expect(inPlace.pixels[row * stride + width * 4..<(row + 1) * stride].allSatisfy { $0 == 0xEE })
        }
        #expect(image.pixels == pixels)
        // The default loop is one of them.
        #expect(try transform.apply(to: image, loop: .fastest).pixels == plain.pixels)
    }

    /// Whether this processor runs the AVX-512 loop (its flags, as Linux lists them).
    static let processorHasAVX512: Bool = {
        guard let flags = try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8) else { return false }
        let words = Set(flags.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\t" }))
        return ["avx512f", "avx512bw", "avx512vbmi"].allSatisfy { words.contains(Substring($0)) }
    }()

    @Test("The AVX-512 loop runs where the processor has it and the matrix fits 16 bits; plain C stands in")
    func avx512LoopChoice() throws {
        for name in ["display-p3", "adobe-rgb"] {
            let transform = try Self.rgbaTransform(name)
            let expected: LCMSColorManager.PixelLoop = Self.processorHasAVX512 ? .avx512 : .plainC
            #expect(transform.resolved(.avx512) == expected, "\(name)")
            if Self.processorHasAVX512 { #expect(transform.resolved(.fastest) == .avx512, "\(name)") }
            #expect(transform.resolved(.plainC) == .plainC)
        }
        // BT.2020's rows sum to about 1.66 and 0.66 each way: within the bound.
        let bt2020 = try #require(
            MatrixShaperTransform(
                profile: try LCMSProfile.cicp(CICP(colorPrimaries: 9, transferCharacteristics: 13)),
                pixelFormat: .rgba8,
                intent: .perceptual
            )
        )
        #expect(bt2020.resolved(.avx512) == (Self.processorHasAVX512 ? .avx512 : .plainC))
        // ProPhoto's matrix to sRGB has a row whose positive coefficients sum to about 2.03: its
        // sums can leave 16 bits.
        let prophoto = try Self.rgbaTransform("prophoto")
        #expect(prophoto.resolved(.avx512) == .plainC)
        #expect(prophoto.resolved(.fastest) == .summedTables)  // Chosen by what the processor has, never timed.
    }

    @Test(
        "Every loop gives the plain C loop's bytes for every 24-bit colour, clamped sums included",
        arguments: rgbProfiles
    )
    func summedTablesMatchPlainCEverywhere(name: String) throws {
        let transform = try Self.rgbaTransform(name)
        // 4096 × 4096: every colour once (red in the low byte of the pixel's index, then green,
        // then blue), with varying alpha.
        let image = try Bitmap(width: 4096, height: 4096, pixelFormat: .rgba8) { pixels in
            let words = UnsafeMutableRawPointer(pixels.baseAddress!)
            for index in 0..<UInt32(1 << 24) {
                words.storeBytes(of: (index | index << 27).littleEndian, toByteOffset: Int(index) &* 4, as: UInt32.self)
            }
        }
        let plain = try transform.apply(to: image, loop: .plainC)
        for loop in [LCMSColorManager.PixelLoop.summedTables, .avx512] {
            let converted = try transform.apply(to: image, loop: loop)
            let same = converted.withUnsafeBytes { converted in
                plain.withUnsafeBytes { plain in memcmp(converted.baseAddress!, plain.baseAddress!, plain.count) == 0 }
            }
            #expect(same, "\(loop): \(Self.firstDifference(converted, plain))")
        }
    }

    @Test("Each pixel loop a colour manager is configured with gives the same bytes, in place and into a new bitmap")
    func configuredLoops() throws {
        let profile = ColorProfile.icc(try fixture("prophoto.icc"))
        let grid = try Self.grid()
        var reference = LCMSColorManager.Configuration()
        reference.pixelLoop = .plainC
        let expected = try #require(
            try LCMSColorManager(configuration: reference).convertToSRGB(grid, from: profile, intent: .perceptual)
        )
        #expect(expected != grid)
        for loop in LCMSColorManager.PixelLoop.allCases {
            var configuration = LCMSColorManager.Configuration()
            configuration.pixelLoop = loop
            let manager = LCMSColorManager(configuration: configuration)
            #expect(try manager.convertToSRGB(grid, from: profile, intent: .perceptual) == expected, "\(loop)")
            var inPlace = grid
            #expect(try manager.convertToSRGB(&inPlace, from: profile, intent: .perceptual))
            #expect(inPlace == expected, "\(loop), in place")
        }
    }

    /// Where two same-sized bitmaps first differ, for a failure's message.
    static func firstDifference(_ first: Bitmap, _ second: Bitmap) -> String {
        let index = first.pixels.indices.first { first.pixels[$0] != second.pixels[$0] }
        return index.map { "first different byte: pixel \($0 / 4), channel \($0 % 4)" } ?? "no difference"
    }

    @Test("Gray curves agree too; absolute colorimetry and other colour spaces are left to Little CMS")
    func grayAndFallbacks() throws {
        let gray = try LCMSProfile.icc(try fixture("gray-22.icc"))
        let ramp = try Bitmap(width: 256, height: 1, pixelFormat: .gray8, pixels: (0...255).map { UInt8($0) })
        let fast = try #require(MatrixShaperTransform(profile: gray, pixelFormat: .gray8, intent: .perceptual))
        let reference = try LCMSTransform(from: gray, pixelFormat: .gray8, intent: .perceptual)
        #expect(try difference(try fast.apply(to: ramp), try reference.apply(to: ramp)) <= 1)
        let p3 = try LCMSProfile.icc(try fixture("display-p3.icc"))
        #expect(MatrixShaperTransform(profile: p3, pixelFormat: .rgba8, intent: .absoluteColorimetric) == nil)
        #expect(MatrixShaperTransform(profile: p3, pixelFormat: .gray8, intent: .perceptual) == nil)
        #expect(MatrixShaperTransform(profile: gray, pixelFormat: .rgba8, intent: .perceptual) == nil)
    }

    @Test("A profile whose matrix would overflow the integer loop goes to Little CMS instead")
    func outOfRangeMatrix() throws {
        // A red colorant far outside any real gamut: sRGB's inverse times these colorants has a
        // row whose coefficients sum past 8 in absolute value.
        let data = Self.matrixProfile(red: (3.5, 1.0, 0.05), green: (0.3, 0.7, 0.1), blue: (0.1, 0.1, 0.8))
        let profile = try LCMSProfile.icc(data)
        #expect(MatrixShaperTransform(profile: profile, pixelFormat: .rgba8, intent: .perceptual) == nil)
        let image = try Self.grid()
        let converted = try #require(try LCMSColorManager().convertToSRGB(image, from: .icc(data), intent: .perceptual))
        let reference = try LCMSTransform(from: profile, pixelFormat: .rgba8, intent: .perceptual).apply(to: image)
        #expect(converted == reference)
        // The same colorants scaled into range take the fast path.
        let tame = Self.matrixProfile(red: (0.35, 0.1, 0.005), green: (0.3, 0.7, 0.1), blue: (0.1, 0.1, 0.8))
        #expect(
            MatrixShaperTransform(profile: try LCMSProfile.icc(tame), pixelFormat: .rgba8, intent: .perceptual) != nil
        )
    }

    /// An ICC v2 display profile with the given colorants (XYZ), a D50 white point and gamma 2.2
    /// curves: the smallest profile Little CMS reads as matrix/curve.
    static func matrixProfile(
        red: (Double, Double, Double),
        green: (Double, Double, Double),
        blue: (Double, Double, Double)
    ) -> Data {
        func uint32(_ value: UInt32) -> [UInt8] { withUnsafeBytes(of: value.bigEndian, Array.init) }
        func fixed(_ value: Double) -> [UInt8] { uint32(UInt32(bitPattern: Int32((value * 65536).rounded()))) }
        func signature(_ text: String) -> [UInt8] { Array(text.utf8) }
        func xyz(_ value: (Double, Double, Double)) -> [UInt8] {
            signature("XYZ ") + [0, 0, 0, 0] + fixed(value.0) + fixed(value.1) + fixed(value.2)
        }
        let curve = signature("curv") + [0, 0, 0, 0] + uint32(1) + [0x02, 0x33]  // gamma 2.2 (u8Fixed8)
        let d50 = (0.9642, 1.0, 0.8249)
        let tags: [(String, [UInt8])] = [
            ("rXYZ", xyz(red)), ("gXYZ", xyz(green)), ("bXYZ", xyz(blue)), ("wtpt", xyz(d50)),
            ("rTRC", curve), ("gTRC", curve), ("bTRC", curve),
        ]
        var offset = 128 + 4 + tags.count * 12
        var table = uint32(UInt32(tags.count))
        var bodies: [UInt8] = []
        for (name, body) in tags {
            let padded = body + [UInt8](repeating: 0, count: (4 - body.count % 4) % 4)
            table += signature(name) + uint32(UInt32(offset)) + uint32(UInt32(body.count))
            bodies += padded
            offset += padded.count
        }
        var header = uint32(UInt32(offset)) + signature("none") + [0x02, 0x10, 0, 0]
        header += signature("mntr") + signature("RGB ") + signature("XYZ ")
        header += [UInt8](repeating: 0, count: 12) + signature("acsp")
        header += [UInt8](repeating: 0, count: 24) + uint32(0) + fixed(d50.0) + fixed(d50.1) + fixed(d50.2)
        header += [UInt8](repeating: 0, count: 128 - header.count)
        return Data(header + table + bodies)
    }
}
