// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

public import NukeCore
internal import NukeImaging

#if canImport(FoundationEssentials)
    public import FoundationEssentials
#else
    public import Foundation
#endif

/// Decodes icons and cursors (ICO, CUR): the largest image of the file (the most pixels, then
/// the most bits a pixel, then the first, as Pillow picks it), a bitmap (every depth, its AND mask
/// as transparency unless its 32-bit pixels carry alpha) or a PNG, decoded by the PNG decoder of
/// the registry ``BMPPlugin`` was installed in.
///
/// The declared size of every image is checked against the pixel limit before any pixel is
/// decoded; there are no previews.
public final class ICODecoder: ImageDecoding {
    private let context: ImageDecodingContext
    private let pngDecoders: PluginRegistry

    /// Creates a decoder for one download; PNG images inside are decoded by `pngDecoders`' decoder
    /// for PNG.
    public init(context: ImageDecodingContext, pngDecoders: PluginRegistry) {
        self.context = context
        self.pngDecoders = pngDecoders
    }

    /// Decodes complete data.
    public func decode(_ data: Data) throws -> ImageContainer {
        let entry = try data.withUnsafeBytes { try Self.largestEntry($0) }
        let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        if data.dropFirst(entry.offset).starts(with: png) {
            let embedded = data.subdata(in: data.startIndex + entry.offset..<data.endIndex)
            let inner = ImageDecodingContext(
                request: context.request,
                data: embedded,
                maximumPixelCount: context.maximumPixelCount,
                registry: pngDecoders
            )
            guard let decoder = pngDecoders.decoder(for: inner) else {
                throw ImageDecodingError.unsupported(reason: "ICO: a PNG image, and no PNG decoder before BMPPlugin")
            }
            var container = try decoder.decode(embedded)
            container.type = .ico
            return container
        }
        let image = try data.withUnsafeBytes { bytes in
            let header = try BMPHeader(bytes, at: entry.offset, isIcon: true)
            var bitmap = try header.bitmap(
                bytes,
                pixelsAt: entry.offset + header.end,
                maximumPixelCount: context.maximumPixelCount
            )
            if !header.hasAlpha || Self.alphaIsZero(bitmap) {
                bitmap = try Self.applyingMask(
                    bytes,
                    at: entry.offset + header.end + header.rowStride * header.height,
                    of: header,
                    to: bitmap
                )
            }
            return bitmap
        }
        return ImageContainer(image: try context.thumbnail(of: image), type: .ico)
    }

    /// The chosen image's declared pixels, and a thumbnail's copy if asked; `nil` past the pixel
    /// limit, which the decode refuses.
    public func estimatedMemory(for data: Data) -> Int? {
        guard let entry = try? data.withUnsafeBytes({ try Self.largestEntry($0) }) else { return nil }
        let size = data.withUnsafeBytes { bytes in
            (try? BMPHeader(bytes, at: entry.offset, isIcon: true)).map { ($0.width, $0.height) }
        }
        let (width, height) = size ?? (entry.width, entry.height)
        guard width * height <= context.maximumPixelCount else { return nil }
        let target = context.request.thumbnail == nil ? (0, 0) : context.targetSize(width: width, height: height)
        return width * height * 4 + target.0 * target.1 * 4
    }

    struct Entry {
        var width: Int
        var height: Int
        var bitsPerPixel: Int
        var offset: Int
    }

    /// The directory's largest image.
    static func largestEntry(_ bytes: UnsafeRawBufferPointer) throws(ImageDecodingError) -> Entry {
        func u16(_ at: Int) -> Int { bytes.littleEndianInteger(at: at, size: 2) }
        guard bytes.count >= 6, u16(0) == 0, u16(2) == 1 || u16(2) == 2 else { throw .unrecognizedFormat }
        let count = u16(4)
        guard count > 0 else { throw .corrupt(reason: "ICO: no images") }
        guard bytes.count >= 6 + count * 16 else { throw .truncated }
        var best: Entry?
        for index in 0..<count {
            let at = 6 + index * 16
            let colors = Int(bytes[at + 2])
            let declaredBits = u16(at + 6)
            // A directory without a depth says how many colours; 0 colours is 256 or more.
            let colorBits = colors > 1 ? Int.bitWidth - (colors - 1).leadingZeroBitCount : 8
            let bits = declaredBits > 0 ? declaredBits : colorBits
            let offset = bytes.littleEndianInteger(at: at + 12, size: 4)
            let entry = Entry(
                width: bytes[at] == 0 ? 256 : Int(bytes[at]),
                height: bytes[at + 1] == 0 ? 256 : Int(bytes[at + 1]),
                bitsPerPixel: bits,
                offset: offset
            )
            if let current = best,
                (current.width * current.height, current.bitsPerPixel) >= (entry.width * entry.height, bits)
            {
                continue
            }
            best = entry
        }
        guard let best, best.offset < bytes.count else { throw .truncated }
        return best
    }

    /// Whether every pixel's alpha is 0: 32-bit icons written before alpha existed, whose AND
    /// mask is their transparency.
    private static func alphaIsZero(_ bitmap: Bitmap) -> Bool {
        bitmap.withUnsafeBytes { pixels in stride(from: 3, to: pixels.count, by: 4).allSatisfy { pixels[$0] == 0 } }
    }

    /// `bitmap` with the AND mask's set bits transparent and the rest opaque.
    private static func applyingMask(
        _ bytes: UnsafeRawBufferPointer,
        at offset: Int,
        of header: BMPHeader,
        to bitmap: Bitmap
    ) throws -> Bitmap {
        let stride = (header.width + 31) / 32 * 4
        guard offset <= bytes.count, stride * header.height <= bytes.count - offset else {
            throw ImageDecodingError.truncated
        }
        return try Bitmap(width: header.width, height: header.height, pixelFormat: .rgba8) { output in
            bitmap.withUnsafeBytes { pixels in
                for storedRow in 0..<header.height {
                    let row = header.isTopDown ? storedRow : header.height - 1 - storedRow
                    for x in 0..<header.width {
                        let bit = bytes[offset + storedRow * stride + x / 8] >> (7 - x % 8) & 1
                        let index = (row * header.width + x) * 4
                        for channel in 0..<3 { output[index + channel] = pixels[index + channel] }
                        output[index + 3] = bit == 1 ? 0 : 255
                    }
                }
            }
        }
    }
}
