// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

/// Decoded sources kept for later requests of other sizes
/// (``ImagePipeline/Configuration/decodedSourceCache``): a decode serves a later request when its
/// image is at least as large as that request's first processor needs, or is the full image.
extension JobServices {
    /// The kept decode of `request`'s source that serves `downscalers` (or, without them, a
    /// full decode), if there is one and the request reads memory caches.
    func reusableDecode(for request: ImageRequest, downscalers: [any ImageDownscaling]) -> ImageContainer? {
        guard !request.options.contains(.disableMemoryCacheReads), let cache = decodedSourceCache,
            let key = Self.decodedSourceKey(request), let kept = cache[key]
        else { return nil }
        guard let full = kept.originalPixelSize else { return kept }  // The full image serves all.
        guard let minimum = ShrinkOnLoad(downscalers: downscalers).minimumSize(width: full.width, height: full.height)
        else { return nil }
        // Both in the decode's own orientation: upright when the decoder turned it.
        return kept.image.width >= minimum.width && kept.image.height >= minimum.height ? kept : nil
    }

    /// Keeps `container`, decoded for `request`, unless a larger one is kept or writes are off.
    func keepDecode(_ container: ImageContainer, for request: ImageRequest) {
        guard !request.options.contains(.disableMemoryCacheWrites), let cache = decodedSourceCache,
            !container.isPreview, let key = Self.decodedSourceKey(request)
        else { return }
        if let kept = cache[key], kept.image.pixelCount >= container.image.pixelCount { return }
        cache[key] = container
    }

    /// The source's identity and everything that changes its decode — scale, the request's
    /// limits and colour management — for plain URL requests (no thumbnail, no custom HTTP
    /// request, no closure).
    private static func decodedSourceKey(_ request: ImageRequest) -> ImageCacheKey? {
        guard request.thumbnail == nil, case .url = request.resource, let source = request.originalImageID else {
            return nil
        }
        let limits = request.limits
        let parts: [String] = [
            "nuke.decoded-source", "\(request.scale)", "\(limits.maximumResponseDataSize ?? -1)",
            "\(limits.maximumDecodedPixelCount ?? -1)", "\(limits.maximumAnimationFrameCount ?? -1)",
            request.colorManagement?.identifier ?? "-", source,
        ]
        return ImageCacheKey(key: parts.joined(separator: "|"))
    }
}
