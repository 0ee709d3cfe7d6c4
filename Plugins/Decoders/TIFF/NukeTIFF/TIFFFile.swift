// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

internal import CNukeLibTIFF
internal import CNukeTIFF
internal import NukeCore
internal import NukeImaging

#if canImport(FoundationEssentials)
    internal import FoundationEssentials
#else
    internal import Foundation
#endif

/// A TIFF's first page as libtiff reads it from a copy of the file's bytes. Used by one thread.
final class TIFFFile {
    private var file = nuke_tiff_file()
    private let bytes: UnsafeMutableRawBufferPointer

    /// The stored size, before the orientation is applied.
    var storedWidth: Int { Int(file.width) }
    var storedHeight: Int { Int(file.height) }
    /// How to turn the stored pixels upright (the Orientation tag).
    var orientation: ImageOrientation { ImageOrientation(rawValue: Int(file.orientation)) ?? .up }
    /// Whether an extra sample is alpha, premultiplied into the colours or not.
    var hasAlpha: Bool { file.has_alpha != 0 }
    var isAlphaPremultiplied: Bool { file.is_associated_alpha != 0 }
    /// The embedded ICC profile, when it describes the decoded RGB: a CMYK or L*a*b* file's
    /// profile does not (libtiff converts those to RGB by formula), so it is dropped.
    var iccProfile: Data? {
        let convertedByFormula = [PHOTOMETRIC_SEPARATED, PHOTOMETRIC_CIELAB, PHOTOMETRIC_ICCLAB, PHOTOMETRIC_ITULAB]
        guard !convertedByFormula.contains(Int32(file.photometric)), let profile = file.icc_profile,
            file.icc_profile_size > 0
        else { return nil }
        return Data(bytes: profile, count: Int(file.icc_profile_size))
    }

    /// Reads the header and the first directory; no allocation of libtiff's may pass
    /// `maximumAllocation` bytes.
    init(data: Data, maximumAllocation: Int) throws {
        guard
            data.starts(with: [0x49, 0x49, 0x2A, 0x00]) || data.starts(with: [0x4D, 0x4D, 0x00, 0x2A])
                || data.starts(with: [0x49, 0x49, 0x2B, 0x00]) || data.starts(with: [0x4D, 0x4D, 0x00, 0x2B])
        else { throw ImageDecodingError.unrecognizedFormat }
        bytes = UnsafeMutableRawBufferPointer.allocate(byteCount: data.count, alignment: 16)
        data.copyBytes(to: bytes)
        let status = nuke_tiff_open(
            &file,
            bytes.baseAddress!.assumingMemoryBound(to: UInt8.self),
            data.count,
            Int64(maximumAllocation)
        )
        // Every property is set: throwing from here runs `deinit`, which frees the bytes.
        guard status == NUKE_TIFF_OK else { throw Self.error(status, file: file) }
    }

    deinit {
        nuke_tiff_close(&file)
        bytes.deallocate()
    }

    /// The first page's pixels as stored (not turned upright): RGBA, straight alpha; refused
    /// past `maximumPixelCount` before any pixel is read.
    func readPixels(maximumPixelCount: Int) throws -> Bitmap {
        guard storedWidth * storedHeight <= maximumPixelCount else {
            throw ImageDecodingError.imageTooLarge(width: storedWidth, height: storedHeight, limit: maximumPixelCount)
        }
        return try Bitmap(
            width: storedWidth,
            height: storedHeight,
            pixelFormat: .rgba8,
            isOpaque: hasAlpha ? nil : true
        ) { buffer in
            let status = nuke_tiff_read_rgba(&file, buffer.baseAddress!, UInt64(maximumPixelCount))
            guard status == NUKE_TIFF_OK else { throw Self.error(status, file: file) }
            if hasAlpha, isAlphaPremultiplied { buffer.unpremultiplyRGBA() }
        }
    }

    private static func error(_ status: Int32, file: nuke_tiff_file) -> ImageDecodingError {
        let message = withUnsafeBytes(of: file.message) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        switch status {
        case NUKE_TIFF_UNSUPPORTED: return .unsupported(reason: "TIFF: \(message)")
        case NUKE_TIFF_TOO_LARGE:
            return .imageTooLarge(width: Int(file.width), height: Int(file.height), limit: 0)
        case NUKE_TIFF_NO_MEMORY: return .corrupt(reason: "TIFF: out of memory")
        default:
            // libtiff says "Read error" or "Seek error" when the data ends before a strip does.
            if message.contains("Read error") || message.contains("Seek error") || message.contains("EOF") {
                return .truncated
            }
            return .corrupt(reason: "TIFF: \(message)")
        }
    }
}
