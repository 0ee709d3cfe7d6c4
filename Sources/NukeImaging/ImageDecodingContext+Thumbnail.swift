// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

public import NukeCore

extension ImageDecodingContext {
    /// `image` resampled to the request's thumbnail size, or `image` itself when the request asks
    /// for no thumbnail (or the image is already that size). For decoders that cannot scale at
    /// decode time. Resampled with `ImageDecodingContext.resamplingKernel`, if any.
    public func thumbnail(of image: Bitmap) throws -> Bitmap {
        let target = targetSize(width: image.width, height: image.height)
        guard target != (image.width, image.height) else { return image }
        return try image.resized(width: target.width, height: target.height, kernel: resamplingKernel)
    }
}
