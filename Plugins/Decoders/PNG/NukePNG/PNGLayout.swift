// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

internal import NukeCore

#if canImport(FoundationEssentials)
    internal import FoundationEssentials
#else
    internal import Foundation
#endif

/// The decoded size and pixel format of a PNG, read from its IHDR and the chunks before the image
/// data (a `tRNS` chunk turns gray into RGBA), so the output can be allocated before decoding.
struct PNGLayout {
    var width: Int
    var height: Int
    var pixelFormat: PixelFormat

    var pixelCount: Int { width * height }

    /// `nil` when the data does not start with a well-formed signature and IHDR, or the chunks
    /// before the first IDAT are not all present; the decoder then lets libpng report why.
    init?(_ data: Data) {
        let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        guard data.count >= 33, data.starts(with: signature) else { return nil }
        let base = data.startIndex
        func integer(_ offset: Int) -> Int { data.bigEndianInteger(at: base + offset, size: 4) }
        guard integer(8) == 13, data[(base + 12)..<(base + 16)].elementsEqual(Array("IHDR".utf8)) else { return nil }
        width = integer(16)
        height = integer(20)
        let colorType = data[base + 25]
        guard width > 0, height > 0, width < 1 << 31, height < 1 << 31, [0, 2, 3, 4, 6].contains(colorType) else {
            return nil
        }
        var hasTransparency = false
        var offset = 33
        while true {
            guard offset + 8 <= data.count else { return nil }
            let length = integer(offset)
            let type = String(decoding: data[(base + offset + 4)..<(base + offset + 8)], as: UTF8.self)
            if type == "IDAT" { break }
            if type == "tRNS" { hasTransparency = true }
            guard length >= 0, offset + 12 + length <= data.count else { return nil }
            offset += 12 + length
        }
        pixelFormat = colorType == 0 && !hasTransparency ? .gray8 : .rgba8
    }
}
