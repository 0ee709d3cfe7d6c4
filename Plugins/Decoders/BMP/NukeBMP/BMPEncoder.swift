// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

public import NukeCore

#if canImport(FoundationEssentials)
    public import FoundationEssentials
#else
    public import Foundation
#endif

/// Encodes bitmaps as uncompressed BMP files, rows bottom first as every reader expects: gray
/// images with a 256-gray palette (`BITMAPINFOHEADER`), opaque colour images in 24 bits, and
/// images with transparency in 32 bits with an alpha mask (`BITMAPV4HEADER`, marked sRGB).
public struct BMPEncoder: ImageEncoding, Hashable {
    /// Creates an encoder.
    public init() {}

    /// Encodes `image`.
    ///
    /// - Throws: `ImageEncodingError.unsupportedImage(reason:)` for an empty image or one whose
    ///   file would pass BMP's 4 GiB size field.
    public func encode(_ image: Bitmap) throws -> Data {
        guard image.width > 0, image.height > 0, image.width <= Int(Int32.max), image.height <= Int(Int32.max) else {
            throw ImageEncodingError.unsupportedImage(reason: "\(image.width)×\(image.height) cannot be a BMP")
        }
        let layout = Layout(image)
        let (rowStride, overflow) = (image.width * layout.bitsPerPixel).addingReportingOverflow(31)
        let pixelBytes = (rowStride / 32 * 4).multipliedReportingOverflow(by: image.height)
        let pixelOffset = 14 + layout.headerSize + layout.palette.count
        guard !overflow, !pixelBytes.overflow, pixelBytes.partialValue <= Int(UInt32.max) - pixelOffset else {
            throw ImageEncodingError.unsupportedImage(reason: "\(image.width)×\(image.height) is too large for a BMP")
        }
        var file: [UInt8] = Array("BM".utf8) + .littleEndian(pixelOffset + pixelBytes.partialValue, size: 4)
        file += [0, 0, 0, 0] + .littleEndian(pixelOffset, size: 4)
        file += layout.header(width: image.width, height: image.height, pixelBytes: pixelBytes.partialValue)
        file += layout.palette
        file += [UInt8](repeating: 0, count: pixelBytes.partialValue)
        let stride = rowStride / 32 * 4
        let channels = layout.bitsPerPixel / 8
        image.withUnsafeBytes { pixels in
            file.withUnsafeMutableBufferPointer { output in
                for y in 0..<image.height {
                    let source = y * image.bytesPerRow
                    let target = pixelOffset + (image.height - 1 - y) * stride
                    guard channels > 1 else {
                        for x in 0..<image.width { output[target + x] = pixels[source + x] }
                        continue
                    }
                    // RGBA in, BGR or BGRA out.
                    for x in 0..<image.width {
                        let (from, to) = (source + x * 4, target + x * channels)
                        output[to] = pixels[from + 2]
                        output[to + 1] = pixels[from + 1]
                        output[to + 2] = pixels[from]
                        if channels == 4 { output[to + 3] = pixels[from + 3] }
                    }
                }
            }
        }
        return Data(file)
    }

    /// The pixel depth, header and palette an image is written with.
    private struct Layout {
        let bitsPerPixel: Int
        let headerSize: Int
        let palette: [UInt8]

        init(_ image: Bitmap) {
            switch (image.pixelFormat, image.isOpaque) {
            case (.gray8, _):
                (bitsPerPixel, headerSize) = (8, 40)
                palette = (0..<256).flatMap { [UInt8($0), UInt8($0), UInt8($0), 0] }
            case (.rgba8, true):
                (bitsPerPixel, headerSize, palette) = (24, 40, [])
            case (.rgba8, false):
                (bitsPerPixel, headerSize, palette) = (32, 108, [])
            }
        }

        /// The info header: `BITMAPINFOHEADER`, or for 32 bits `BITMAPV4HEADER` with its masks
        /// (`BI_BITFIELDS`: red, green, blue, alpha), sRGB, and no gamma or endpoints.
        func header(width: Int, height: Int, pixelBytes: Int) -> [UInt8] {
            let hasMasks = bitsPerPixel == 32
            var header: [UInt8] = .littleEndian(headerSize, size: 4)
            header += .littleEndian(width, size: 4) + .littleEndian(height, size: 4)
            header += .littleEndian(1, size: 2) + .littleEndian(bitsPerPixel, size: 2)
            header += .littleEndian(hasMasks ? 3 : 0, size: 4) + .littleEndian(pixelBytes, size: 4)
            // 72 dpi, in pixels a metre; the palette's size (0: all of it), all colours important.
            header += .littleEndian(2835, size: 4) + .littleEndian(2835, size: 4)
            header += .littleEndian(palette.count / 4, size: 4) + .littleEndian(0, size: 4)
            guard hasMasks else { return header }
            for mask in [0x00FF_0000, 0x0000_FF00, 0x0000_00FF, 0xFF00_0000] { header += .littleEndian(mask, size: 4) }
            header += Array("BGRs".utf8)  // LCS_sRGB, stored little-endian
            header += [UInt8](repeating: 0, count: 36 + 12)
            return header
        }
    }
}
