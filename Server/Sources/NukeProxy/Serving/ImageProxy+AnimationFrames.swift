// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

import Nuke

/// imgproxy's animation frame limit (`mafr`, `IMGPROXY_MAX_ANIMATION_FRAME_RESOLUTION`): when one
/// is set, an animation's frames are held to it instead of to the source pixel limit, which
/// still holds still images. Which of the two applies is known only once the source is decoded,
/// so the decode is allowed the larger, and the decoded source checked against its own.
extension ImageProxy {
    /// `request` with its decoded pixel limit raised to ``ProxyPlan/maximumAnimationFramePixels``
    /// when that is higher.
    func admittingAnimationFrames(_ request: ImageRequest, plan: ProxyPlan) -> ImageRequest {
        guard let frameLimit = plan.maximumAnimationFramePixels else { return request }
        var request = request
        request.limits.maximumDecodedPixelCount = max(
            pipeline.configuration.maximumDecodedPixelCount(for: request),
            frameLimit
        )
        return request
    }

    /// Refuses a source decoded for `plan` (422) whose frames pass the animation frame limit, or,
    /// still, whose pixels pass the source pixel limit, as imgproxy's `CheckDimensions` does.
    func checkSourcePixels(of container: ImageContainer, plan: ProxyPlan) throws(ProxyRequestError) {
        guard let frameLimit = plan.maximumAnimationFramePixels else { return }
        guard let source = container.userInfo[.proxySourceFactsKey] as? SourceFacts else {
            throw .unprocessableSource(
                "an animation frame limit needs the source's size, which this pipeline's decoders do not record "
                    + "(PluginRegistry.recordSourceFacts())"
            )
        }
        let stillLimit = pipeline.configuration.maximumDecodedPixelCount(for: plan.sourceRequest())
        let (limit, what) = source.frameCount > 1 ? (frameLimit, "each frame") : (stillLimit, "a still image")
        let (pixels, overflow) = source.width.multipliedReportingOverflow(by: source.height)
        guard !overflow, pixels <= limit else {
            throw .unprocessableSource(
                "the source is \(source.width)×\(source.height): \(what) may have \(limit) pixels"
            )
        }
    }
}
