// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

extension ImageDecodingContext {
    /// The size a decoded `width × height` image should have for the request: the thumbnail's
    /// target size, or the image's own size when the request asks for no thumbnail.
    public func targetSize(width: Int, height: Int) -> (width: Int, height: Int) {
        guard let thumbnail = request.thumbnail else { return (width, height) }
        return thumbnail.targetPixelSize(width: width, height: height)
    }

    /// `image` resampled to the request's thumbnail size, or `image` itself when the request asks
    /// for no thumbnail (or the image is already that size). For decoders that cannot scale at
    /// decode time. Resampled with ``resamplingKernel``, if any.
    public func thumbnail(of image: Bitmap) throws -> Bitmap {
        let target = targetSize(width: image.width, height: image.height)
        guard target != (image.width, image.height) else { return image }
        return try image.resized(width: target.width, height: target.height, kernel: resamplingKernel)
    }
}
