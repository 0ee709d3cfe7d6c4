// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

internal import CNukeLibAVIF
internal import NukeCore
internal import NukeImaging

/// The transforms an AVIF container asks of its pixels, applied in HEIF's order: the clean
/// aperture's crop (`clap`), then the rotation (`irot`), then the mirror (`imir`).
///
/// EXIF orientation inside an AVIF is not applied: HEIF's own boxes govern, as in browsers.
struct AVIFTransforms {
    /// The crop rectangle, if the file has a valid clean aperture.
    var crop: (x: Int, y: Int, width: Int, height: Int)?
    /// Anticlockwise quarter turns, 0…3.
    var quarterTurns = 0
    /// 0: top and bottom swap; 1: left and right swap; `nil`: no mirror.
    var mirrorMode: Int?

    init(_ image: UnsafeMutablePointer<avifImage>) {
        let flags = image.pointee.transformFlags
        if flags & avifTransformFlags(AVIF_TRANSFORM_CLAP.rawValue) != 0 {
            var rect = avifCropRect()
            var diagnostics = avifDiagnostics()
            var clap = image.pointee.clap
            if avifCropRectConvertCleanApertureBox(
                &rect,
                &clap,
                image.pointee.width,
                image.pointee.height,
                image.pointee.yuvFormat,
                &diagnostics
            ) != 0, rect.width > 0, rect.height > 0 {
                crop = (Int(rect.x), Int(rect.y), Int(rect.width), Int(rect.height))
            }
        }
        if flags & avifTransformFlags(AVIF_TRANSFORM_IROT.rawValue) != 0 {
            quarterTurns = Int(image.pointee.irot.angle & 3)
        }
        if flags & avifTransformFlags(AVIF_TRANSFORM_IMIR.rawValue) != 0 {
            mirrorMode = Int(image.pointee.imir.mode & 1)
        }
    }

    /// The size after the transforms of a `width × height` image.
    func size(width: Int, height: Int) -> (width: Int, height: Int) {
        let cropped = crop.map { ($0.width, $0.height) } ?? (width, height)
        return quarterTurns % 2 == 1 ? (cropped.1, cropped.0) : cropped
    }

    /// `bitmap` with the transforms applied.
    func apply(to bitmap: Bitmap) throws -> Bitmap {
        var result = bitmap
        if let crop, crop != (0, 0, bitmap.width, bitmap.height) {
            result = try Self.crop(result, to: crop)
        }
        // ImageOrientation says how stored pixels turn upright: `.left` turns them a quarter
        // anticlockwise, `.downMirrored` swaps top and bottom, `.upMirrored` left and right.
        let rotation: [ImageOrientation] = [.up, .left, .down, .right]
        if quarterTurns != 0 { result = result.applyingOrientation(rotation[quarterTurns]) }
        if let mirrorMode { result = result.applyingOrientation(mirrorMode == 0 ? .downMirrored : .upMirrored) }
        return result
    }

    private static func crop(_ bitmap: Bitmap, to rect: (x: Int, y: Int, width: Int, height: Int)) throws -> Bitmap {
        do {
            return try bitmap.cropped(x: rect.x, y: rect.y, width: rect.width, height: rect.height)
        } catch BitmapError.rectangleOutsideImage {
            throw ImageDecodingError.corrupt(reason: "the clean aperture lies outside the image")
        }
    }
}
