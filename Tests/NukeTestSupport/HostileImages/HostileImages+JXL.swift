// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

#if canImport(FoundationEssentials)
    public import FoundationEssentials
#else
    public import Foundation
#endif

extension HostileImages {
    /// A bare JPEG XL codestream of 22 bytes whose header declares `width × height` (1 to 2³⁰
    /// each) with default metadata, and no image data: libjxl reports the size from it.
    public static func jxl(width: Int, height: Int) -> Data {
        var bits: [Bool] = []
        func put(_ value: Int, _ count: Int) {
            for bit in 0..<count { bits.append(value >> bit & 1 == 1) }
        }
        put(0, 1)  // SizeHeader.small: no
        put(3, 2)  // height: U32 selector 3, Bits(30) + 1
        put(height - 1, 30)
        put(0, 3)  // ratio 0: the width follows
        put(3, 2)
        put(width - 1, 30)
        put(1, 1)  // ImageMetadata.all_default
        var bytes: [UInt8] = [0xFF, 0x0A]  // the codestream's signature; fields are packed from bit 0
        for start in stride(from: 0, to: bits.count, by: 8) {
            let byte = bits[start..<min(start + 8, bits.count)].enumerated().reduce(0) {
                $0 | ($1.element ? 1 << $1.offset : 0)
            }
            bytes.append(UInt8(byte))
        }
        return Data(bytes + [UInt8](repeating: 0, count: max(0, 22 - bytes.count)))
    }
}
