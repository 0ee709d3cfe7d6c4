// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

internal import NukeCore

#if canImport(FoundationEssentials)
    internal import FoundationEssentials
#else
    internal import Foundation
#endif

extension DecoderContract {
    func survivesDamagedData() async throws {
        let outcome = try await runDecoderFuzzPass(
            seeds: fixtures,
            makeDecoder: { [self] context in (try? decoder(for: context.data)) ?? ImageDecoders.Empty() },
            maximumPixelCount: maximumPixelCount,
            check: { [validate, maximumPixelCount] container in
                if container.image.pixelCount > maximumPixelCount { return "over the pixel limit" }
                return everyFrameIsNonEmpty(container) ?? validate(container)
            }
        )
        try ensure(outcome.output.isEmpty || printsBecause != nil, "the library printed: \(outcome.output.prefix(3))")
        try ensure(outcome.anomalies.isEmpty, "anomalies: \(outcome.anomalies.prefix(5))")
        try ensure(outcome.decoded + outcome.failed == 10_000, "\(outcome.decoded + outcome.failed) of 10,000 variants")
        try ensure(
            outcome.decoded > 0 && outcome.failed > 0,
            "every variant \(outcome.decoded > 0 ? "decoded" : "failed")"
        )
    }

    func estimatesMemory() throws {
        for (index, bomb) in bombs.enumerated() {
            // Any header, however hostile, gives an estimate or none: never a trap.
            let estimate = try decoder(for: bomb).estimatedMemory(for: bomb)
            try ensure((estimate ?? 0) >= 0, "bomb \(index): a negative estimate, \(estimate ?? 0)")
        }
        for (index, fixture) in fixtures.enumerated() {
            for shrinks in [false, true] {
                var context = ImageDecodingContext(
                    request: ImageRequest(url: nil),
                    data: fixture,
                    maximumPixelCount: maximumPixelCount
                )
                context.assetType = type
                if shrinks { context.shrinkOnLoad = ShrinkOnLoad(downscalers: [QuarterSize()]) }
                guard let decoder = registry.decoder(for: context) else {
                    throw DecoderContractViolation("the plugin registers no decoder for \(type)")
                }
                let image = try decoder.decode(fixture).image
                let estimate = decoder.estimatedMemory(for: fixture)
                let bytes = image.width * image.height * image.pixelFormat.bytesPerPixel
                try ensure(
                    (estimate ?? 0) >= bytes,
                    "fixture \(index)\(shrinks ? " shrunk" : ""): estimated \(String(describing: estimate)) bytes for "
                        + "a \(image.width)×\(image.height) image of \(bytes)"
                )
            }
        }
    }

    func loadsThroughPipeline() async throws {
        let pipeline = pipeline()
        for (index, fixture) in fixtures.enumerated() {
            let direct = try decoder(for: fixture).decode(fixture)
            let response = try await pipeline.imageTask(with: ImageRequest(id: "fixture-\(index)", data: { fixture }))
                .response
            try ensure(
                response.container.type == type,
                "fixture \(index) loaded as \(String(describing: response.container.type))"
            )
            try ensure(
                response.image == direct.image,
                "fixture \(index): the pipeline's pixels differ from a direct decode"
            )
            try ensure(
                response.container.frameCount == direct.frameCount,
                "fixture \(index): \(response.container.frameCount) frames through the pipeline, \(direct.frameCount) directly"
            )
        }
    }

    func roundTripsThroughEncoder() async throws {
        guard let encoder = registry.encoder(for: type) else { return }
        for (index, fixture) in fixtures.enumerated() {
            let original = try decoder(for: fixture).decode(fixture).image
            let encoded = try encoder.encode(original)
            let decoded = try decoder(for: encoded).decode(encoded).image
            try ensure(
                decoded.width == original.width && decoded.height == original.height,
                "fixture \(index): \(original.width)×\(original.height) came back \(decoded.width)×\(decoded.height)"
            )
            if isLossless {
                try ensure(decoded == original, "fixture \(index): the lossless round trip changed pixels")
            }
        }
    }

    func truncationIsNotCompletion() async throws {
        for (index, fixture) in fixtures.enumerated() {
            let full = try decoder(for: fixture).decode(fixture)
            let half = fixture.prefix(fixture.count / 2)
            do {
                let partial = try decoder(for: half).decode(half)
                try ensure(
                    full.animation != nil && partial.frameCount < full.frameCount,
                    "fixture \(index) cut in half decoded as a complete image"
                )
            } catch is ImageDecodingError {
                continue
            } catch let violation as DecoderContractViolation {
                throw violation
            } catch {
                throw DecoderContractViolation("fixture \(index) cut in half: an untyped error: \(error)")
            }
        }
    }

    func previewsOfPartialData() async throws {
        for (index, fixture) in fixtures.enumerated() {
            let full = try decoder(for: fixture).decode(fixture).image
            let decoder = try decoder(for: fixture.prefix(64), isCompleted: false)
            for tenth in 1..<10 {
                let prefix = fixture.prefix(fixture.count * tenth / 10)
                guard let preview = decoder.decodePartiallyDownloadedData(prefix) else { continue }
                try ensure(preview.isPreview, "fixture \(index) at \(tenth)/10: a preview not marked isPreview")
                try ensure(
                    preview.image.width == full.width && preview.image.height == full.height,
                    "fixture \(index) at \(tenth)/10: a \(preview.image.width)×\(preview.image.height) preview of a "
                        + "\(full.width)×\(full.height) image"
                )
            }
        }
    }

    func refusesBombs() async throws {
        let pipeline = HostileImages.pipeline(installing: plugin)
        for (index, bomb) in bombs.enumerated() {
            switch await HostileImages.decodingError(loading: bomb, with: pipeline) {
            case .imageTooLarge?, .exceedsMemoryBudget?, .tooManyFrames?, .truncated?:
                continue
            case let error?:
                throw DecoderContractViolation("bomb \(index) failed, but not with a limit error: \(error)")
            case nil:
                throw DecoderContractViolation("bomb \(index) (\(bomb.count) bytes) loaded as an image")
            }
        }
    }

    func refusesOtherData() throws {
        let others: [(String, Data)] = [
            ("empty data", Data()),
            ("text", Data("<html><body>Not found</body></html>".utf8)),
            ("a PNG signature", Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])),
            ("a JPEG SOI", Data([0xFF, 0xD8, 0xFF])),
        ]
        for (name, data) in others {
            do {
                _ = try decoder(for: data).decode(data)
                throw DecoderContractViolation("\(name) decoded as an image")
            } catch is ImageDecodingError {
                continue
            } catch let violation as DecoderContractViolation {
                throw violation
            } catch {
                throw DecoderContractViolation("\(name): an untyped error: \(error)")
            }
        }
    }
}

/// Asks a decode for at least a quarter of each side: a shrink-on-load request for the memory
/// estimate check.
struct QuarterSize: ImageDownscaling {
    var identifier: String { "nuke.test.quarter-size" }

    func process(_ image: Bitmap) -> Bitmap? { image }

    func minimumInputSize(width: Int, height: Int) -> (width: Int, height: Int)? {
        (max(1, width / 4), max(1, height / 4))
    }
}
