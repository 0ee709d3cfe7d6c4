// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

#if canImport(FoundationEssentials)
    internal import FoundationEssentials
#else
    internal import Foundation
#endif

extension ImagePipeline {
    // MARK: Decoding

    nonisolated func makeDecodingContext(
        request: ImageRequest,
        data: Data,
        isCompleted: Bool,
        dataResponse: DataResponse?,
        cacheType: ImageResponse.CacheType? = nil,
        previewPolicy: PreviewPolicy = .incremental
    ) -> ImageDecodingContext {
        var context = ImageDecodingContext(
            request: request,
            data: data,
            isCompleted: isCompleted,
            dataResponse: dataResponse,
            cacheType: cacheType,
            previewPolicy: previewPolicy,
            maximumPixelCount: configuration.maximumDecodedPixelCount(for: request),
            animationMemoryBudget: configuration.animationMemoryBudget,
            maximumFrameCount: configuration.maximumAnimationFrameCount(for: request),
            registry: configuration.registry
        )
        if case .convertToSRGB(let intent) = configuration.colorManagement(for: request),
            let manager = configuration.registry.colorManager
        {
            context.colorConversion = ColorConversion(manager: manager, intent: intent)
        }
        if let downscaler = request.shrinkOnLoadFor {
            context.shrinkOnLoad = ShrinkOnLoad(downscalers: [downscaler])
        }
        return context
    }

    /// Decodes on the calling (background) thread and checks the result against the pixel limit,
    /// as a second line of defence behind decoders' own header checks.
    nonisolated func decode(
        _ data: Data,
        with decoder: any ImageDecoding,
        context: ImageDecodingContext
    ) -> Result<ImageContainer, Error> {
        do {
            var container = try decoder.decode(data)
            // No copy of the image is kept here: colour management converts it in its storage.
            if container.image.pixelCount > context.maximumPixelCount {
                throw ImageDecodingError.imageTooLarge(
                    width: container.image.width,
                    height: container.image.height,
                    limit: context.maximumPixelCount
                )
            }
            if container.type == nil { container.type = context.assetType }
            manageColor(of: &container, for: context.request)
            return .success(container)
        } catch {
            return .failure(.decodingFailed(decoder: decoder, context: context, error: error))
        }
    }
}
