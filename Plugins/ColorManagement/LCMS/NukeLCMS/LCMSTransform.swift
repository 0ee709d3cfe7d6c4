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
        // Both profiles stay open until the transform is made (Little CMS reads their tags then).
        let made = withExtendedLifetime((source, destination)) {
            cmsCreateTransform(
                source.handle,
                format,
                destination.handle,
                format,
                cmsUInt32Number(intent.rawValue),
                nuke_lcms_flags()
            )
        }
        guard let handle = made else {
            throw ColorManagementError.invalidProfile(reason: "Little CMS cannot make a transform from it")
        }
        self.handle = handle
        self.pixelFormat = pixelFormat
    }

    /// A transform from a CMYK profile to sRGB RGBA (alpha set opaque).
    init(cmykFrom source: LCMSProfile, intent: RenderingIntent) throws {
        guard source.colorSpace == cmsSigCmykData else {
            throw ColorManagementError.profileMismatch(profile: source.colorSpaceName, pixels: .rgba8)
        }
        let destination = LCMSProfile.sRGB()
        let made = withExtendedLifetime((source, destination)) {
            cmsCreateTransform(
                source.handle,
                nuke_lcms_type_cmyk_8(),
                destination.handle,
                nuke_lcms_type_rgba_8(),
                cmsUInt32Number(intent.rawValue),
                nuke_lcms_flags_without_alpha()
            )
        }
        guard let handle = made else {
            throw ColorManagementError.invalidProfile(reason: "Little CMS cannot make a transform from it")
        }
        self.handle = handle
        self.pixelFormat = .rgba8
    }

    deinit {
        cmsDeleteTransform(handle)
    }

    /// CMYK `pixels` converted to opaque RGBA.
    func apply(to pixels: CMYKPixels) throws -> Bitmap {
        try Bitmap(width: pixels.width, height: pixels.height, pixelFormat: .rgba8, isOpaque: true) { output in
            // Little CMS leaves the extra (alpha) channel alone.
            output.update(repeating: 255)
            pixels.bytes.withUnsafeBytes { input in
                let rowBytes = pixels.width * 4
                for row in 0..<pixels.height {
                    cmsDoTransform(
                        handle,
                        input.baseAddress! + row * rowBytes,
                        output.baseAddress! + row * rowBytes,
                        cmsUInt32Number(pixels.width)
                    )
                }
            }
        }
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

    /// Converts `image` in its storage (copied first if shared).
    func apply(inPlace image: inout Bitmap) throws
}

extension ColorTransform {
    /// Stores what ``apply(to:)`` returns.
    func apply(inPlace image: inout Bitmap) throws {
        image = try apply(to: image)
    }
}
