// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

internal import CNukeLibLCMS
internal import NukeCore

/// A Little CMS transform from one profile to sRGB for one pixel format.
///
/// `@unchecked Sendable`: the transform is created without Little CMS's one-pixel cache
/// (`cmsFLAGS_NOCACHE`), which is its only mutable state, so `cmsDoTransform` may run on it from
/// several threads at once; the handle itself never changes.
final class LCMSTransform: ColorTransform, @unchecked Sendable {
    private let handle: cmsHTRANSFORM
    let pixelFormat: PixelFormat

    init(from source: LCMSProfile, pixelFormat: PixelFormat, intent: RenderingIntent) throws {
        let expected = pixelFormat == .gray8 ? cmsSigGrayData : cmsSigRgbData
        guard source.colorSpace == expected else {
            throw ColorManagementError.profileMismatch(profile: source.colorSpaceName, pixels: pixelFormat)
        }
        let destination = pixelFormat == .gray8 ? try LCMSProfile.sRGBGray() : LCMSProfile.sRGB()
        let format = pixelFormat == .gray8 ? nuke_lcms_type_gray_8() : nuke_lcms_type_rgba_8()
        guard
            let handle = cmsCreateTransform(
                source.handle,
                format,
                destination.handle,
                format,
                cmsUInt32Number(intent.rawValue),
                nuke_lcms_flags()
            )
        else { throw ColorManagementError.invalidProfile(reason: "Little CMS cannot make a transform from it") }
        self.handle = handle
        self.pixelFormat = pixelFormat
    }

    deinit {
        cmsDeleteTransform(handle)
    }

    /// `image` converted (alpha copied).
    func apply(to image: Bitmap) throws -> Bitmap {
        try Bitmap(width: image.width, height: image.height, pixelFormat: image.pixelFormat, isOpaque: image.isOpaque) {
            output in
            image.withUnsafeBytes { input in
                // Row by row: Little CMS counts pixels in 32 bits.
                let rowBytes = image.width * image.pixelFormat.bytesPerPixel
                for row in 0..<image.height {
                    cmsDoTransform(
                        handle,
                        input.baseAddress! + row * image.bytesPerRow,
                        output.baseAddress! + row * rowBytes,
                        cmsUInt32Number(image.width)
                    )
                }
            }
        }
    }
}

/// Converts pixels of one format from one profile to sRGB.
protocol ColorTransform: Sendable {
    /// `image` converted.
    func apply(to image: Bitmap) throws -> Bitmap
}
