// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

public import NukeCore
internal import NukeImaging

#if canImport(FoundationEssentials)
    public import FoundationEssentials
#else
    public import Foundation
#endif

/// Decodes TIFF with libtiff: strips and tiles; 1- to 16-bit samples (16 scaled to 8 with
/// rounding); RGB, gray, palette, CMYK, YCbCr and CIE L*a*b*; every compression libtiff on the
/// system reads (none, LZW, Deflate, PackBits, JPEG, CCITT fax…); alpha, straight or
/// premultiplied.
///
/// - A file of several pages decodes its first (as browsers and imgproxy do).
/// - Pixels come out as straight-alpha RGBA, 8 bits a channel, turned upright by the file's
///   `Orientation` tag; its ICC profile is kept under `UserInfoKey.iccProfileKey`. CMYK and
///   L*a*b* are converted by libtiff's formulas, without their profile.
/// - The size is checked against the pixel limit from the first directory before any pixel is
///   read, and no single allocation of libtiff's may pass the memory budget.
/// - Floating-point samples are refused as `unsupported` (libtiff's RGBA reader does not scale
///   them); TIFF has no progressive form, so there are no previews. Thumbnails are resampled
///   after a full decode.
public final class TIFFDecoder: ImageDecoding {
    private let context: ImageDecodingContext

    /// Creates a decoder for one download.
    public init(context: ImageDecodingContext) {
        self.context = context
    }

    /// Decodes complete data.
    public func decode(_ data: Data) throws -> ImageContainer {
        let file = try TIFFFile(data: data, maximumAllocation: context.memoryBudget)
        let stored = try file.readPixels(maximumPixelCount: context.maximumPixelCount)
        let upright = stored.applyingOrientation(file.orientation)
        var container = ImageContainer(image: try context.thumbnail(of: upright), type: .tiff)
        if let profile = file.iccProfile { container.userInfo[.iccProfileKey] = profile }
        return container
    }

    /// The decoded pixels and, when the orientation turns them, their upright copy, plus a
    /// thumbnail's, from the first directory; `nil` past the pixel limit, which the decode
    /// refuses, or for data libtiff cannot open.
    public func estimatedMemory(for data: Data) -> Int? {
        guard let file = try? TIFFFile(data: data, maximumAllocation: context.memoryBudget),
            file.storedWidth * file.storedHeight <= context.maximumPixelCount
        else { return nil }
        let pixels = file.storedWidth * file.storedHeight * 4
        let target =
            context.request.thumbnail == nil
            ? (0, 0) : context.targetSize(width: file.storedWidth, height: file.storedHeight)
        return pixels * (file.orientation == .up ? 1 : 2) + target.0 * target.1 * 4
    }
}
