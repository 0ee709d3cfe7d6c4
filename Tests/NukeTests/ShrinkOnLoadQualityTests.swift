// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

import Foundation
import Nuke
import NukeTestSupport
import Testing

/// Shrink-on-load against a full decode, on real photos (Photos/README.md), through a pipeline
/// with the default plugins: the same output size for every content mode and crop, a mean
/// difference of at most 1 level and a largest of at most 8.
@Suite struct ShrinkOnLoadQualityTests {
    static let photos = ["path.jpg", "cups.jpg", "autumn.webp", "fallen-leaf-rotated.jpg"]

    /// Every content mode, with and without crop, wide and tall targets.
    static let resizes: [(name: String, processor: ImageProcessors.Resize)] = [
        ("width 300", ImageProcessors.Resize(width: 300, unit: .pixels)),
        ("height 150", ImageProcessors.Resize(height: 150, unit: .pixels)),
        (
            "fit 200×200",
            ImageProcessors.Resize(size: ImageSize(width: 200, height: 200), unit: .pixels, contentMode: .aspectFit)
        ),
        (
            "fill 250×250",
            ImageProcessors.Resize(size: ImageSize(width: 250, height: 250), unit: .pixels, contentMode: .aspectFill)
        ),
        (
            "fill 200×200, crop",
            ImageProcessors.Resize(size: ImageSize(width: 200, height: 200), unit: .pixels, crop: true)
        ),
        (
            "fill 320×120, crop",
            ImageProcessors.Resize(size: ImageSize(width: 320, height: 120), unit: .pixels, crop: true)
        ),
    ]

    static func photoURL(_ name: String) throws -> URL {
        try #require(Bundle.module.url(forResource: name, withExtension: nil, subdirectory: "Photos"))
    }

    static func pipeline(shrinkOnLoad: Bool) -> ImagePipeline {
        ImagePipeline {
            $0.imageCache = nil
            $0.httpCache = nil
            $0.isShrinkOnLoadEnabled = shrinkOnLoad
        }
    }

    @Test("Same size, mean difference ≤ 1, largest ≤ 8, for every content mode and crop", arguments: photos)
    func quality(photo: String) async throws {
        let url = try Self.photoURL(photo)
        let full = try await Self.pipeline(shrinkOnLoad: false).image(for: ImageRequest(url: url))
        let shrinking = Self.pipeline(shrinkOnLoad: true)
        for (name, resize) in Self.resizes {
            try await Self.expect(
                resize,
                from: shrinking,
                url: url,
                toMatch: try resize.resize(full),
                mean: 1,
                largest: 8,
                "\(photo), \(name)"
            )
        }
    }

    /// Expects `processor`'s image of `url` through `pipeline` to have `expected`'s size and to
    /// differ from it by at most `mean` levels on average and `largest` anywhere.
    static func expect(
        _ processor: any ImageProcessing,
        from pipeline: ImagePipeline,
        url: URL,
        toMatch expected: Bitmap,
        mean: Double,
        largest: Int,
        _ label: String
    ) async throws {
        let image = try await pipeline.image(for: ImageRequest(url: url, processors: [processor]))
        #expect(image.width == expected.width && image.height == expected.height, "\(label)")
        let difference = try #require(ReferenceImage.difference(image, expected), "\(label)")
        #expect(difference.mean <= mean, "\(label): mean \(difference.mean)")
        #expect(difference.maximum <= largest, "\(label): largest \(difference.maximum)")
    }

    /// `Resize` as a thumbnailer runs it (nuke-server's `fast` rule): the decode may be as small
    /// as the output (a third of `Resize`'s own minimum), at powers of two or at any scale the
    /// decoder has. Measured on these photos: mean difference at most 1.5 levels, largest 52,
    /// either way (powers of two only: 1.5 and 52 as well).
    struct ThumbnailerResize: ImageDownscaling {
        let resize: ImageProcessors.Resize
        let acceptsAnyDecodeScale: Bool
        var identifier: String { resize.identifier }
        func minimumInputSize(width: Int, height: Int) -> (width: Int, height: Int)? {
            let margin = 3.0  // Resize's margin (decision 0018)
            return resize.minimumInputSize(width: width, height: height).map {
                (Int((Double($0.width) / margin).rounded(.up)), Int((Double($0.height) / margin).rounded(.up)))
            }
        }
        func process(_ container: ImageContainer, context: ImageProcessingContext) throws -> ImageContainer {
            try resize.process(container, context: context)
        }
        func process(_ image: Bitmap) -> Bitmap? { resize.process(image) }
    }

    @Test(
        "A thumbnailer's trade (decode as small as the output, any scale): the same size, mean ≤ 3, largest ≤ 64",
        arguments: photos
    )
    func thumbnailerQuality(photo: String) async throws {
        let url = try Self.photoURL(photo)
        let full = try await Self.pipeline(shrinkOnLoad: false).image(for: ImageRequest(url: url))
        let shrinking = Self.pipeline(shrinkOnLoad: true)
        // Width 800 lands between powers of two: 3/8 of 2560 rather than 4/8.
        let resizes = Self.resizes + [("width 800", ImageProcessors.Resize(width: 800, unit: .pixels))]
        for anyScale in [false, true] {
            for (name, resize) in resizes {
                try await Self.expect(
                    ThumbnailerResize(resize: resize, acceptsAnyDecodeScale: anyScale),
                    from: shrinking,
                    url: url,
                    toMatch: try resize.resize(full),
                    mean: 3,
                    largest: 64,
                    "\(photo), \(name), any scale: \(anyScale)"
                )
            }
        }
    }

    @Test("The decoders really decode smaller, and say from what size", arguments: photos)
    func decodesSmaller(photo: String) throws {
        let data = try Data(contentsOf: try Self.photoURL(photo))
        let resize = ImageProcessors.Resize(width: 200, unit: .pixels)
        var context = ImageDecodingContext(request: ImageRequest(url: try Self.photoURL(photo)), data: data)
        context.shrinkOnLoad = ShrinkOnLoad(downscalers: [resize])
        let decoder = try #require(PluginRegistry.defaultPlugins.decoder(for: context))
        let container = try decoder.decode(data)
        let original = try #require(container.originalPixelSize)
        #expect(original.width == 2560 || original.width == 1600)
        #expect(container.image.width < original.width)
        #expect(container.image.width >= 3 * 200)  // The resampler's margin.
    }
}
