// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

import Foundation
import NukeCore
import NukeProcessorSpec
import NukeTestSupport
import Testing

@testable import NukeProcessors

/// Processors whose output size comes from their parameters (a text spec, a URL) are bounded by
/// the pipeline's pixel limit, checked before anything is allocated.
@Suite struct ProcessorBudgetTests {
    @Test("resize(width:1000000,upscale:true) from a text spec fails with a typed error instead of making the image")
    func hugeUpscaleFromSpec() async throws {
        let pipeline = HostileImages.pipeline(installing: ProcessorsPlugin()) {
            $0.maximumDecodedPixelCount = 4_000_000
        }
        let processors = try pipeline.configuration.registry.processors(
            fromSpec: "resize(width:1000000,upscale:true)"
        )
        let source = try HostileImages.noise(width: 40, height: 30)
        let request = ImageRequest(
            id: "small",
            image: { ImageContainer(image: source) },
            processors: processors
        )
        do {
            _ = try await pipeline.image(for: request)
            Issue.record("the upscale succeeded")
        } catch let ImagePipeline.Error.processingFailed(_, _, error) {
            // The spec's sizes are capped (the output would be 13332×9999), still far over 4 MP.
            guard case .outputTooLarge(let width, let height, 4_000_000)? = error as? ImageProcessingError else {
                Issue.record("expected outputTooLarge, got \(error)")
                return
            }
            #expect(width * height > 4_000_000)
        }
    }

    @Test("An upscale within the limit still works; the crop path checks the scaled image before cropping")
    func limitIsExact() throws {
        let source = try HostileImages.noise(width: 40, height: 30)
        let context = { (limit: Int) in
            ImageProcessingContext(
                request: ImageRequest(url: nil),
                response: ImageResponse(container: ImageContainer(image: source), request: ImageRequest(url: nil)),
                isCompleted: true,
                maximumPixelCount: limit
            )
        }
        let upscale = ImageProcessors.Resize(width: 400, unit: .pixels, upscale: true)
        let image = try upscale.process(ImageContainer(image: source), context: context(400 * 300)).image
        #expect(image.width == 400 && image.height == 300)
        #expect(throws: ImageProcessingError.outputTooLarge(width: 400, height: 300, limit: 400 * 300 - 1)) {
            try upscale.process(ImageContainer(image: source), context: context(400 * 300 - 1))
        }
        // Fill a 100×100 square: scaled to 133×100 first, then cropped.
        let fill = ImageProcessors.Resize(
            size: ImageSize(width: 100, height: 100),
            unit: .pixels,
            contentMode: .aspectFill,
            crop: true,
            upscale: true
        )
        #expect(throws: ImageProcessingError.outputTooLarge(width: 133, height: 100, limit: 100 * 100)) {
            try fill.process(ImageContainer(image: source), context: context(100 * 100))
        }
    }
}
