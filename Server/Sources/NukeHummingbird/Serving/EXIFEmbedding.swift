// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

import Foundation

/// Writes an EXIF block (a TIFF structure) into an encoded result: a JPEG APP1 `Exif` segment, a
/// PNG `eXIf` chunk, a WebP `EXIF` chunk (the file made extended, `VP8X`, when it was simple).
/// AVIF and GIF results are returned as they are.
enum EXIFEmbedding {
    /// `encoded` with `exif` in it; `width × height` and `hasAlpha` describe the image, for the
    /// `VP8X` header a simple WebP gains. Data that is not a well-formed file of `format` is
    /// returned unchanged.
    static func embedding(
        _ exif: Data,
        in encoded: Data,
        format: OutputFormat,
        width: Int,
        height: Int,
        hasAlpha: Bool
    ) -> Data {
        guard !exif.isEmpty, exif.count <= EXIFBlock.maximumSize else { return encoded }
        let bytes = [UInt8](encoded)
        let result: [UInt8]? =
            switch format {
            case .jpeg: jpeg(bytes, exif: [UInt8](exif))
            case .png: png(bytes, exif: [UInt8](exif))
            case .webp: webP(bytes, exif: [UInt8](exif), width: width, height: height, hasAlpha: hasAlpha)
            case .avif, .gif: nil
            }
        return result.map { Data($0) } ?? encoded
    }

    /// An APP1 segment after SOI, and after a JFIF APP0 when the file starts with one.
    private static func jpeg(_ bytes: [UInt8], exif: [UInt8]) -> [UInt8]? {
        guard bytes.count > 4, bytes[0] == 0xFF, bytes[1] == 0xD8 else { return nil }
        var insertion = 2
        if bytes[2] == 0xFF, bytes[3] == 0xE0, bytes.count > 6 {
            insertion = 4 + (Int(bytes[4]) << 8 | Int(bytes[5]))
            guard insertion <= bytes.count else { return nil }
        }
        let length = 2 + 6 + exif.count
        let segment = [0xFF, 0xE1, UInt8(length >> 8), UInt8(length & 0xFF)] + Array("Exif\0\0".utf8) + exif
        return Array(bytes[..<insertion]) + segment + bytes[insertion...]
    }

    /// An `eXIf` chunk right after IHDR (it must come before the image data).
    private static func png(_ bytes: [UInt8], exif: [UInt8]) -> [UInt8]? {
        let afterHeader = 8 + 8 + 13 + 4
        guard bytes.count > afterHeader, bytes[12..<16].elementsEqual("IHDR".utf8) else { return nil }
        let typeAndData = Array("eXIf".utf8) + exif
        let chunk = bigEndian(exif.count) + typeAndData + bigEndian(Int(CRC32.checksum(typeAndData)))
        return Array(bytes[..<afterHeader]) + chunk + bytes[afterHeader...]
    }

    /// An `EXIF` chunk at the end, with the `VP8X` header's EXIF flag set (a `VP8X` header made
    /// for a simple file, with the canvas size and alpha flag).
    private static func webP(_ bytes: [UInt8], exif: [UInt8], width: Int, height: Int, hasAlpha: Bool) -> [UInt8]? {
        guard bytes.count >= 30, bytes[0..<4].elementsEqual("RIFF".utf8), bytes[8..<12].elementsEqual("WEBP".utf8),
            width > 0, height > 0, width <= 1 << 24, height <= 1 << 24
        else { return nil }
        let chunk =
            Array("EXIF".utf8) + littleEndian(exif.count, size: 4) + exif + (exif.count.isMultiple(of: 2) ? [] : [0])
        var body: [UInt8]
        switch String(decoding: bytes[12..<16], as: UTF8.self) {
        case "VP8X":
            body = Array(bytes[12...])
            body[8] |= 0x08
        case "VP8 ", "VP8L":
            let flags: UInt8 = 0x08 | (hasAlpha ? 0x10 : 0)
            let header =
                Array("VP8X".utf8) + littleEndian(10, size: 4) + [flags, 0, 0, 0]
                + littleEndian(width - 1, size: 3) + littleEndian(height - 1, size: 3)
            body = header + bytes[12...]
        default:
            return nil
        }
        body += chunk
        return Array("RIFF".utf8) + littleEndian(4 + body.count, size: 4) + Array("WEBP".utf8) + body
    }

    private static func bigEndian(_ value: Int) -> [UInt8] {
        (0..<4).map { UInt8(truncatingIfNeeded: value >> (8 * (3 - $0))) }
    }

    /// `value`'s low `size` bytes, least significant first.
    static func littleEndian(_ value: Int, size: Int) -> [UInt8] {
        (0..<size).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) }
    }
}
