// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

public import NukeCore
internal import NukeImaging

#if canImport(FoundationEssentials)
    public import FoundationEssentials
#else
    public import Foundation
#endif

/// Decodes BMP: every header version in use (`BITMAPCOREHEADER`, OS/2 2.x, `BITMAPINFOHEADER`,
/// V2 to V5), 1, 2, 4 and 8 bits through the palette, 16 and 32 bits through channel masks
/// (`BI_BITFIELDS`, `BI_ALPHABITFIELDS`, alpha where a mask says so), 24 bits, RLE8 and RLE4,
/// rows stored bottom first or top first.
///
/// - Pixels come out as straight-alpha RGBA, 8 bits a channel (masks of other widths scaled as
///   Pillow scales them); 32-bit pixels without an alpha mask are opaque, as in Pillow.
/// - The size is checked against the pixel limit from the header before any pixel is decoded.
/// - Embedded JPEG and PNG (`BI_JPEG`, `BI_PNG`, printers' forms) are refused as `unsupported`.
/// - BMP has no progressive form, so there are no previews; thumbnails are resampled after a
///   full decode.
public final class BMPDecoder: ImageDecoding {
    private let context: ImageDecodingContext

    /// Creates a decoder for one download.
    public init(context: ImageDecodingContext) {
        self.context = context
    }

    /// Decodes complete data.
    public func decode(_ data: Data) throws -> ImageContainer {
        let image = try data.withUnsafeBytes { bytes in
            let (header, pixelsAt) = try Self.header(bytes)
            return try header.bitmap(bytes, pixelsAt: pixelsAt, maximumPixelCount: context.maximumPixelCount)
        }
        return ImageContainer(image: try context.thumbnail(of: image), type: .bmp)
    }

    /// The decoded pixels, and a thumbnail's copy if asked, from the header; `nil` past the pixel
    /// limit, which the decode refuses.
    public func estimatedMemory(for data: Data) -> Int? {
        guard let header = try? data.withUnsafeBytes({ try Self.header($0).header }),
            header.width * header.height <= context.maximumPixelCount
        else { return nil }
        let target =
            context.request.thumbnail == nil ? (0, 0) : context.targetSize(width: header.width, height: header.height)
        return header.width * header.height * 4 + target.0 * target.1 * 4
    }

    /// The header after the 14-byte file header, and where the pixels start.
    private static func header(_ bytes: UnsafeRawBufferPointer) throws(ImageDecodingError) -> (
        header: BMPHeader, pixelsAt: Int
    ) {
        guard bytes.count >= 2, bytes[0] == 0x42, bytes[1] == 0x4D else { throw .unrecognizedFormat }
        guard bytes.count >= 18 else { throw .truncated }
        let offset = bytes.littleEndianInteger(at: 10, size: 4)
        let header = try BMPHeader(bytes, at: 14)
        return (header, offset == 0 ? 14 + header.end : offset)
    }
}

extension BMPHeader {
    /// The image, refused past `maximumPixelCount` before its pixels are allocated.
    func bitmap(_ bytes: UnsafeRawBufferPointer, pixelsAt offset: Int, maximumPixelCount: Int) throws -> Bitmap {
        guard width * height <= maximumPixelCount else {
            throw ImageDecodingError.imageTooLarge(width: width, height: height, limit: maximumPixelCount)
        }
        return try Bitmap(width: width, height: height, pixelFormat: .rgba8, isOpaque: hasAlpha ? nil : true) {
            try decodePixels(bytes, at: offset, into: $0)
        }
    }
}
