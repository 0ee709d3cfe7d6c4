// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

internal import NukeCore

#if canImport(FoundationEssentials)
    internal import FoundationEssentials
#else
    internal import Foundation
#endif

/// A device-independent bitmap's header (the part after a BMP file's 14-byte file header, or an
/// icon's image as it stands): every version in use — `BITMAPCOREHEADER` (12 bytes), OS/2 2.x
/// (16–64), `BITMAPINFOHEADER` (40) with its masks after it, and V2–V5 (52–124) — and the palette.
struct BMPHeader {
    enum Compression: Equatable {
        case none
        case rle8
        case rle4
        /// Each channel where its mask says (`BI_BITFIELDS`, `BI_ALPHABITFIELDS`, or the defaults
        /// of 16- and 32-bit files).
        case bitFields
    }

    /// A channel's place in a 16- or 32-bit pixel.
    struct Mask: Equatable {
        var mask: UInt32
        var shift: UInt32
        var maximum: UInt32

        init(_ mask: UInt32) {
            self.mask = mask
            shift = mask == 0 ? 0 : UInt32(mask.trailingZeroBitCount)
            maximum = mask >> shift
        }

        /// The channel of `pixel`, scaled to 8 bits as Pillow scales it (truncating).
        @inline(__always)
        func value(of pixel: UInt32) -> UInt8 {
            guard maximum > 0 else { return 0 }
            return UInt8(truncatingIfNeeded: (pixel & mask) >> shift * 255 / maximum)
        }
    }

    let width: Int
    let height: Int
    /// Rows are stored top first (a negative height), else bottom first.
    let isTopDown: Bool
    let bitsPerPixel: Int
    let compression: Compression
    /// Red, green, blue and alpha masks of 16- and 32-bit pixels (alpha's 0 when there is none).
    let masks: (red: Mask, green: Mask, blue: Mask, alpha: Mask)
    /// The palette of pixels of 8 bits or fewer, as RGBA (little-endian), 256 entries.
    let palette: [UInt32]
    /// Where the header and palette end, from the start of the header.
    let end: Int

    /// Whether the pixels carry alpha of their own.
    var hasAlpha: Bool { compression == .bitFields && masks.alpha.mask != 0 }

    /// Reads the header at `start` of `bytes`; `height` is halved for icons, whose height counts
    /// the AND mask too.
    init(_ bytes: UnsafeRawBufferPointer, at start: Int, isIcon: Bool = false) throws(ImageDecodingError) {
        guard start >= 0, start < bytes.count else { throw .truncated }
        func u16(_ offset: Int) throws(ImageDecodingError) -> Int {
            guard start + offset + 2 <= bytes.count else { throw .truncated }
            return bytes.littleEndianInteger(at: start + offset, size: 2)
        }
        func u32(_ offset: Int) throws(ImageDecodingError) -> UInt32 {
            guard start + offset + 4 <= bytes.count else { throw .truncated }
            return bytes.littleEndianInteger(at: start + offset, size: 4, as: UInt32.self)
        }
        let size = Int(try u32(0))
        let isCore = size == 12
        guard isCore || (16...124).contains(size) else {
            throw .corrupt(reason: "BMP: a header of \(size) bytes")
        }
        let rawWidth = isCore ? try u16(4) : Int(Int32(bitPattern: try u32(4)))
        var rawHeight = isCore ? try u16(6) : Int(Int32(bitPattern: try u32(8)))
        bitsPerPixel = isCore ? try u16(10) : try u16(14)
        let code = size >= 20 ? try u32(16) : 0
        if isIcon { rawHeight /= 2 }
        guard rawWidth > 0, rawHeight != 0 else { throw .corrupt(reason: "BMP: no pixels (\(rawWidth)×\(rawHeight))") }
        (width, height, isTopDown) = (rawWidth, abs(rawHeight), rawHeight < 0)
        var red: UInt32 = 0
        var green: UInt32 = 0
        var blue: UInt32 = 0
        var alpha: UInt32 = 0
        var masksEnd = size
        switch (code, bitsPerPixel) {
        case (0, 1), (0, 2), (0, 4), (0, 8), (0, 24): compression = .none
        case (0, 16): (compression, red, green, blue) = (.bitFields, 0x7C00, 0x03E0, 0x001F)
        case (0, 32):
            (compression, red, green, blue) = (.bitFields, 0xFF_0000, 0xFF00, 0xFF)
            // An icon's 32-bit pixels are BGRA; a file's are BGRX (as Pillow reads them).
            if isIcon { alpha = 0xFF00_0000 }
        case (1, 8): compression = .rle8
        case (2, 4): compression = .rle4
        case (3, 16), (3, 32), (6, 16), (6, 32):
            compression = .bitFields
            // BITMAPINFOHEADER keeps its masks after it; later versions inside.
            let masksAt = size == 40 ? size : 40
            (red, green, blue) = (try u32(masksAt), try u32(masksAt + 4), try u32(masksAt + 8))
            if code == 6 || size >= 56 { alpha = try u32(masksAt + 12) }
            if size == 40 { masksEnd = size + (code == 6 ? 16 : 12) }
        default:
            throw .unsupported(reason: "BMP: compression \(code) at \(bitsPerPixel) bits a pixel")
        }
        masks = (Mask(red), Mask(green), Mask(blue), Mask(alpha))
        // Masks must not overlap, or one channel's bits would show in another.
        guard red & green == 0, red & blue == 0, green & blue == 0, alpha & (red | green | blue) == 0 else {
            throw .corrupt(reason: "BMP: overlapping channel masks")
        }
        var colors: [UInt32] = []
        if bitsPerPixel <= 8 {
            let declared = size >= 36 ? Int(try u32(32)) : 0
            let count = declared == 0 || declared > 1 << bitsPerPixel ? 1 << bitsPerPixel : declared
            let entrySize = isCore ? 3 : 4
            colors.reserveCapacity(count)
            for index in 0..<count {
                let offset = masksEnd + index * entrySize
                guard start + offset + 3 <= bytes.count else { throw .truncated }
                let (b, g, r) = (bytes[start + offset], bytes[start + offset + 1], bytes[start + offset + 2])
                colors.append(UInt32(r) | UInt32(g) << 8 | UInt32(b) << 16 | 0xFF00_0000)
            }
            masksEnd += count * entrySize
            // Indices past a short palette are black, as in Pillow: lookups never leave it.
            colors += [UInt32](repeating: 0xFF00_0000, count: 256 - colors.count)
        }
        palette = colors
        end = masksEnd
    }
}
