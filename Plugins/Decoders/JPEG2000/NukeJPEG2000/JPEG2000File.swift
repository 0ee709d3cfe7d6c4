// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

internal import CNukeJPEG2000
internal import NukeCore

#if canImport(FoundationEssentials)
    internal import FoundationEssentials
#else
    internal import Foundation
#endif

/// A JPEG 2000 file as OpenJPEG reads it from a copy of its bytes: the main header on opening,
/// the image at a chosen resolution on ``decode(droppingLevels:maximumPixelCount:)``. Used by one
/// thread at a time.
final class JPEG2000File {
    private var file = nuke_jp2_file()
    private let bytes: UnsafeMutableRawBufferPointer

    /// The full-resolution size.
    var width: Int { Int(file.width) }
    var height: Int { Int(file.height) }
    /// How many components each pixel has.
    var components: Int { Int(file.components) }
    /// How many resolution levels a decode may drop (each halves both sides).
    var droppableLevels: Int { max(0, Int(file.resolutions) - 1) }
    /// The embedded ICC profile, once decoded.
    var iccProfile: Data? {
        guard let profile = file.icc_profile, file.icc_profile_size > 0 else { return nil }
        return Data(bytes: profile, count: Int(file.icc_profile_size))
    }

    /// Reads the main header.
    init(data: Data) throws {
        bytes = UnsafeMutableRawBufferPointer.allocate(byteCount: max(1, data.count), alignment: 16)
        data.copyBytes(to: bytes)
        let status = nuke_jp2_open(&file, bytes.baseAddress!.assumingMemoryBound(to: UInt8.self), data.count)
        // Every property is set: throwing from here runs `deinit`, which frees the bytes.
        guard status == NUKE_JP2_OK else { throw Self.error(status, file: file) }
    }

    deinit {
        nuke_jp2_close(&file)
        bytes.deallocate()
    }

    /// The image at full resolution less `levels`, as straight RGBA; OpenJPEG's planes (4 bytes a
    /// sample) and the output are checked against `memoryBudget` first.
    func decode(droppingLevels levels: Int, memoryBudget: Int) throws -> Bitmap {
        let scale = 1 << levels
        let (width, height) = ((self.width + scale - 1) / scale, (self.height + scale - 1) / scale)
        let (planes, overflow) = (width * height).multipliedReportingOverflow(by: 4 * (components + 1))
        guard !overflow, planes <= memoryBudget else {
            throw ImageDecodingError.exceedsMemoryBudget(bytes: overflow ? .max : planes, budget: memoryBudget)
        }
        var (decodedWidth, decodedHeight): (UInt32, UInt32) = (0, 0)
        let status = nuke_jp2_decode(&file, UInt32(levels), &decodedWidth, &decodedHeight)
        guard status == NUKE_JP2_OK else { throw Self.error(status, file: file) }
        guard Int(decodedWidth) * Int(decodedHeight) <= width * height else {
            throw ImageDecodingError.corrupt(reason: "JPEG 2000: components larger than the image")
        }
        return try Bitmap(width: Int(decodedWidth), height: Int(decodedHeight), pixelFormat: .rgba8) { pixels in
            let status = nuke_jp2_copy_rgba(&file, pixels.baseAddress!)
            guard status == NUKE_JP2_OK else { throw Self.error(status, file: file) }
        }
    }

    private static func error(_ status: Int32, file: nuke_jp2_file) -> ImageDecodingError {
        let message = withUnsafeBytes(of: file.message) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        switch status {
        case NUKE_JP2_NOT_JPEG2000: return .unrecognizedFormat
        case NUKE_JP2_UNSUPPORTED: return .unsupported(reason: "JPEG 2000: \(message)")
        default:
            // OpenJPEG says "Stream too short" or "...is truncated" when the data ends early.
            let lowercased = message.lowercased()
            if lowercased.contains("too short") || lowercased.contains("truncat") || lowercased.contains("end of") {
                return .truncated
            }
            return .corrupt(reason: "JPEG 2000: \(message)")
        }
    }
}
