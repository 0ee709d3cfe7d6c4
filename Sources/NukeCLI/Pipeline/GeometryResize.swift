// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

import Nuke

/// Resizes an image as a ``SizeGeometry`` says (`--size`), with the library's Lanczos resampler,
/// within the pipeline's pixel limit.
struct GeometryResize: ImageProcessing, Hashable {
    let geometry: SizeGeometry

    var identifier: String { "nuke.cli.size(\(geometry))" }

    func process(_ image: Bitmap) -> Bitmap? {
        let size = geometry.targetSize(width: image.width, height: image.height)
        guard size != (image.width, image.height) else { return image }
        return try? image.resized(width: size.width, height: size.height)
    }

    func process(_ container: ImageContainer, context: ImageProcessingContext) throws -> ImageContainer {
        let size = geometry.targetSize(width: container.image.width, height: container.image.height)
        try context.checkOutputSize(width: size.width, height: size.height)
        guard let image = process(container.image) else {
            throw ImageProcessingError.processorReturnedNil(identifier: identifier)
        }
        return container.map { _ in image }
    }
}
