// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

internal import NukeCore

#if canImport(FoundationEssentials)
    public import FoundationEssentials
#else
    public import Foundation
#endif

/// ICC profiles for the metadata editors' tests.
public enum ICCFixtures {
    /// A well-formed ICC v2 RGB display profile of `size` bytes or a little more: the 128-byte
    /// header (D50 PCS illuminant, as libpng checks), a tag table and one `desc` tag whose text
    /// fills the rest. Not a colour transform anyone should use; its bytes are what is carried.
    public static func rgbProfile(size: Int = 600) -> Data {
        let text = Array(repeating: UInt8(ascii: "N"), count: max(1, size - 128 - 16 - 12 - 67)) + [0]
        // textDescriptionType: ASCII count and text, then empty Unicode and ScriptCode parts.
        let desc =
            Array("desc".utf8) + [0, 0, 0, 0] + bigEndian(text.count) + text + [UInt8](repeating: 0, count: 8)
            + [UInt8](repeating: 0, count: 3 + 67)
        let paddedDesc = desc + [UInt8](repeating: 0, count: (4 - desc.count % 4) % 4)
        let tagTable = bigEndian(1) + Array("desc".utf8) + bigEndian(128 + 12) + bigEndian(desc.count)
        let total = 128 + tagTable.count + paddedDesc.count
        var header = bigEndian(total) + Array("none".utf8) + [0x02, 0x10, 0, 0] + Array("mntr".utf8)
        header += Array("RGB ".utf8) + Array("XYZ ".utf8) + [UInt8](repeating: 0, count: 12) + Array("acsp".utf8)
        header += [UInt8](repeating: 0, count: 68 - header.count)
        header += bigEndian(0x0000_F6D6) + bigEndian(0x0001_0000) + bigEndian(0x0000_D32D)
        header += [UInt8](repeating: 0, count: 128 - header.count)
        return Data(header + tagTable + paddedDesc)
    }

    private static func bigEndian(_ value: Int) -> [UInt8] { .bigEndian(value, size: 4) }
}
