// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

import Nuke

/// Resizes an image as a ``SizeGeometry`` says (`--size`), with the library's Lanczos resampler,
/// within the pipeline's pixel limit. When it reduces the image, the decoder may shrink it on
/// load; the target is then computed from the full image's size.
struct GeometryResize: ImageDownscaling, Hashable {
    let geometry: SizeGeometry

    var identifier: String { "nuke.cli.size(\(geometry))" }

    func process(_ image: Bitmap) -> Bitmap? {
        let size = geometry.targetSize(width: image.width, height: image.height)
        guard size != (image.width, image.height) else { return image }
        return try? image.resized(width: size.width, height: size.height)
    }

    func process(_ container: ImageContainer, context: ImageProcessingContext) throws -> ImageContainer {
        let image = container.image
        let source = container.originalPixelSize ?? (image.width, image.height)
        let size = geometry.targetSize(width: source.width, height: source.height)
        try context.checkOutputSize(width: size.width, height: size.height)
        var result = container
        if size != (image.width, image.height) {
            result.image = try image.resized(width: size.width, height: size.height, kernel: context.resamplingKernel)
        }
        result.originalPixelSize = nil
        return result
    }

    /// The target itself when it is smaller than the image in both dimensions.
    func minimumInputSize(width: Int, height: Int) -> (width: Int, height: Int)? {
        let size = geometry.targetSize(width: width, height: height)
        guard size.width < width, size.height < height else { return nil }
        return size
    }
}
