// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

/// The picture size an HEVC sequence parameter set declares, read as libde265 1.0 reads it.
///
/// libde265 allocates and decodes every picture at this size (the conformance window crops only
/// the output), whatever size the HEIF container states: CI's fuzz-heif run went past 2 GB on a
/// HEIF input it did not keep, and a tile whose parameter set declares 16,384 pixels a side, one
/// field changed, does the same (`coded-picture-size.heic`: 1.2 GB and 112 s under the fuzzer).
struct HEVCSequenceParameterSet {
    /// The NAL unit type of a sequence parameter set.
    static let nalUnitType = 33

    var width: Int
    var height: Int

    /// Reads a sequence parameter set NAL unit (its 2-byte header first); `nil` for one that
    /// libde265 refuses before it knows a picture size, or that is not a parameter set.
    init?(nalUnit: ArraySlice<UInt8>) {
        guard nalUnit.count > 2, Int(nalUnit[nalUnit.startIndex] >> 1) & 63 == Self.nalUnitType else { return nil }
        var reader = BitReader(nalUnit.dropFirst(2))
        reader.skip(4)  // video parameter set id
        let subLayers = reader.bits(3) + 1
        guard subLayers <= 7 else { return nil }
        reader.skip(1)  // temporal id nesting
        // profile_tier_level: the general profile (88 bits) and level (8), then each sub-layer's.
        reader.skip(96)
        let present = (1..<subLayers).map { _ in (profile: reader.bits(1) == 1, level: reader.bits(1) == 1) }
        if subLayers > 1 { reader.skip(2 * (8 - (subLayers - 1))) }
        for layer in present {
            if layer.profile { reader.skip(88) }
            if layer.level { reader.skip(8) }
        }
        guard let id = reader.unsignedExpGolomb(), id < 16, let chroma = reader.unsignedExpGolomb(), chroma <= 3
        else { return nil }
        if chroma == 3 { reader.skip(1) }  // separate colour planes
        guard let width = reader.unsignedExpGolomb(), let height = reader.unsignedExpGolomb(),
            (1...65_535).contains(width), (1...65_535).contains(height)
        else { return nil }
        (self.width, self.height) = (width, height)
    }

    /// Reads the bits of a NAL unit's payload, emulation prevention bytes (a 3 after two zero
    /// bytes) removed; past the end, bits read as zero, as in libde265.
    private struct BitReader {
        private let bytes: ArraySlice<UInt8>
        private var index: Int
        private var zeros = 0
        private var current: UInt8 = 0
        private var bitsLeft = 0

        init(_ bytes: ArraySlice<UInt8>) {
            self.bytes = bytes
            index = bytes.startIndex
        }

        /// The next `count` bits (at most 32), most significant first.
        mutating func bits(_ count: Int) -> Int {
            var value = 0
            for _ in 0..<count {
                if bitsLeft == 0 { load() }
                bitsLeft -= 1
                value = value << 1 | Int(current >> bitsLeft & 1)
            }
            return value
        }

        mutating func skip(_ count: Int) {
            for _ in 0..<count { _ = bits(1) }
        }

        /// An `ue(v)` field; `nil` past 20 leading zeros, where libde265 stops.
        mutating func unsignedExpGolomb() -> Int? {
            var leadingZeros = 0
            while bits(1) == 0 {
                leadingZeros += 1
                guard leadingZeros <= 20 else { return nil }
            }
            return (1 << leadingZeros) - 1 + bits(leadingZeros)
        }

        private mutating func load() {
            bitsLeft = 8
            guard index < bytes.endIndex else {
                current = 0
                return
            }
            if zeros >= 2, bytes[index] == 3 {
                index += 1
                zeros = 0
                guard index < bytes.endIndex else {
                    current = 0
                    return
                }
            }
            current = bytes[index]
            zeros = current == 0 ? zeros + 1 : 0
            index += 1
        }
    }
}
