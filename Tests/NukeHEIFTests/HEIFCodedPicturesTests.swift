// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

import Foundation
import NukeCore
import Testing

@testable import NukeHEIF

@Suite struct HEIFCodedPicturesTests {
    @Test("The picture sizes of the parameter sets in hvcC and in the items' own data are read")
    func sizes() throws {
        func sizes(_ name: String) throws -> [[Int]] {
            HEIFCodedPictures([UInt8](try fixture(name))).sizes.map { [$0.width, $0.height] }
        }
        // heif-enc codes a 48×32 image as a grid of one 64×64 tile; the thumbnail file has a 256×192 image
        // and a 64×48 thumbnail, coded as 64×64 and cropped.
        #expect(try sizes("lossy.heic") == [[64, 64]])
        let thumbnail = try sizes("thumbnail.heic")
        #expect(thumbnail == [[256, 192], [64, 64]], "\(thumbnail)")
        #expect(try sizes("coded-picture-size.heic") == [[16_384, 16_384]])
        #expect(try sizes("in-band-picture-size.heic") == [[64, 64], [16_384, 16_384]])
        #expect(HEIFCodedPictures([UInt8](try fixture("coded-picture-size.heic"))).largestPixelCount == 1 << 28)
        let data = try fixture("in-band-picture-size.heic")
        for length in 0..<data.count {
            _ = HEIFCodedPictures([UInt8](data.prefix(length)))  // reads what it can, never past the end
        }
    }

    /// A sequence parameter set NAL unit: header, VPS id 0, `subLayers`, the general profile,
    /// tier and level, sub-layer flags, SPS id 0, 4:2:0, then `width` and `height`.
    static func parameterSet(width: Int, height: Int, subLayers: Int = 1, id: Int = 0) -> [UInt8] {
        var bits = "0000" + String(subLayers - 1, radix: 2).leftPadded(to: 3) + "1"
        bits += String(repeating: "0", count: 96)
        if subLayers > 1 {
            bits += String(repeating: "10", count: subLayers - 1)  // profiles present, levels not
            bits += String(repeating: "00", count: 8 - (subLayers - 1))
            bits += String(repeating: "0", count: 88 * (subLayers - 1))
        }
        func expGolomb(_ value: Int) -> String {
            let binary = String(value + 1, radix: 2)
            return String(repeating: "0", count: binary.count - 1) + binary
        }
        bits += expGolomb(id) + expGolomb(1) + expGolomb(width) + expGolomb(height) + "1"
        bits += String(repeating: "0", count: (8 - bits.count % 8) % 8)
        var payload: [UInt8] = stride(from: 0, to: bits.count, by: 8).map {
            let start = bits.index(bits.startIndex, offsetBy: $0)
            return UInt8(bits[start..<bits.index(start, offsetBy: 8)], radix: 2)!
        }
        // Emulation prevention: a 3 after every two zero bytes followed by a byte of 3 or less.
        var escaped: [UInt8] = []
        var zeros = 0
        for byte in payload {
            if zeros >= 2, byte <= 3 {
                escaped.append(3)
                zeros = 0
            }
            escaped.append(byte)
            zeros = byte == 0 ? zeros + 1 : 0
        }
        payload = escaped
        return [0x42, 0x01] + payload
    }

    @Test("Parameter sets are read as libde265 reads them, emulation prevention and sub-layers included")
    func parameterSets() {
        for (width, height, subLayers) in [(64, 64, 1), (16_384, 16_384, 1), (65_535, 1, 3), (1, 65_535, 7)] {
            let nal = Self.parameterSet(width: width, height: height, subLayers: subLayers)
            let read = HEVCSequenceParameterSet(nalUnit: nal[...])
            #expect(read?.width == width && read?.height == height, "\(width)×\(height), \(subLayers) sub-layers")
        }
        // What libde265 refuses before it allocates: no picture size for it.
        for nal in [
            Self.parameterSet(width: 65_536, height: 64),  // over 65,535
            Self.parameterSet(width: 64, height: 0),
            Self.parameterSet(width: 64, height: 64, subLayers: 8),
            Self.parameterSet(width: 64, height: 64, id: 16),
            [0x44, 0x01] + Self.parameterSet(width: 64, height: 64).dropFirst(2),  // a picture parameter set
            Array(Self.parameterSet(width: 64, height: 64).prefix(2)),
        ] {
            #expect(HEVCSequenceParameterSet(nalUnit: nal[...]) == nil, "\(nal)")
        }
        // Cut short, the missing bits read as zeros (as in libde265): no size here.
        #expect(HEVCSequenceParameterSet(nalUnit: Self.parameterSet(width: 64, height: 64).prefix(14)) == nil)
    }

    @Test("Coded images decoded for one image: tiles per use, alpha planes, nested grids")
    func codedImagesDecoded() throws {
        func count(_ references: [(type: String, from: Int, to: [Int])]) throws -> Int {
            let references = HEIFItemReferences([UInt8](HEIFItemReferencesTests.file(references)))
            try references.check()
            return references.mostCodedImagesDecoded()
        }
        #expect(try count([]) == 1)
        #expect(try count([("dimg", 1, [2, 3, 4, 5])]) == 4)
        #expect(try count([("dimg", 1, [2, 2, 2, 2, 2, 2])]) == 6)
        // A grid with an alpha grid: both grids' tiles.
        #expect(try count([("dimg", 1, [2, 3]), ("dimg", 4, [5, 6, 7]), ("auxl", 4, [1])]) == 5)
        // An identity transform of a grid, and a thumbnail (not decoded with the image).
        #expect(try count([("dimg", 9, [1]), ("dimg", 1, [2, 3]), ("thmb", 8, [9])]) == 2)
        // Nested grids multiply: 8 levels of 300 uses each would overflow; the count saturates.
        let nested = (1...8).map { (type: "dimg", from: $0, to: [Int](repeating: $0 + 1, count: 300)) }
        #expect(try count(nested) == .max)
        #expect(try count(Array(nested.prefix(7))) == 300 * 300 * 300 * 300 * 300 * 300 * 300)
    }
}

extension String {
    fileprivate func leftPadded(to length: Int) -> String {
        String(repeating: "0", count: max(0, length - count)) + self
    }
}
