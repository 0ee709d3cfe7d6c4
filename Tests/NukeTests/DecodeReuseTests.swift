// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

import Foundation
import Nuke
import NukeTestSupport
import Synchronization
import Testing

/// Decode reuse (`decodedSourceCache`) on real photos (Photos/README.md) through a pipeline with
/// the default plugins: one decode serves every smaller size, with the sizes of fresh decodes,
/// the same pixels where the fresh decode has the same scale and nearly the same otherwise.
@Suite struct DecodeReuseTests {
    static let widths = [1200, 900, 600, 300, 150]

    static func pipeline(keepingDecodes: Bool, delegate: DecodeCounter? = nil) -> ImagePipeline {
        var configuration = ImagePipeline.Configuration()
        configuration.imageCache = nil
        configuration.httpCache = nil
        configuration.decodedSourceCache = keepingDecodes ? ImageCache() : nil
        return delegate.map { ImagePipeline(configuration: configuration, delegate: $0) }
            ?? ImagePipeline(configuration: configuration)
    }

    static func request(_ url: URL, width: Int) -> ImageRequest {
        ImageRequest(url: url, processors: [ImageProcessors.Resize(width: Double(width), unit: .pixels)])
    }

    @Test("Five sizes of one photo, largest first, decode it once", arguments: ["path.jpg", "autumn.webp"])
    func decodesOnce(photo: String) async throws {
        let url = try ShrinkOnLoadQualityTests.photoURL(photo)
        let counter = DecodeCounter()
        let pipeline = Self.pipeline(keepingDecodes: true, delegate: counter)
        let fresh = Self.pipeline(keepingDecodes: false)
        for width in Self.widths {
            let reused = try await pipeline.image(for: Self.request(url, width: width))
            let expected = try await fresh.image(for: Self.request(url, width: width))
            #expect(reused.width == expected.width && reused.height == expected.height, "\(photo) at \(width)")
            let difference = try #require(ReferenceImage.difference(reused, expected))
            #expect(difference.mean <= 1 && difference.maximum <= 8, "\(photo) at \(width): \(difference)")
        }
        #expect(counter.decodes == 1)
    }

    @Test("A kept decode at the scale a fresh decode would choose gives the same bytes")
    func sameScaleIsIdentical() async throws {
        let url = try ShrinkOnLoadQualityTests.photoURL("path.jpg")
        let counter = DecodeCounter()
        let pipeline = Self.pipeline(keepingDecodes: true, delegate: counter)
        let first = try await pipeline.image(for: Self.request(url, width: 600))
        // Another processor chain at the same width: a result of its own, from the kept decode.
        let second = try await pipeline.image(
            for: ImageRequest(
                url: url,
                processors: [
                    ImageProcessors.Resize(width: 600, unit: .pixels), ImageProcessors.Anonymous(id: "same") { $0 },
                ]
            )
        )
        let fresh = try await Self.pipeline(keepingDecodes: false).image(for: Self.request(url, width: 600))
        #expect(first == fresh && second == fresh)
        #expect(counter.decodes == 1)
    }

    @Test("A smaller kept decode serves no larger size; own limits, colour policy or a reload decode alone")
    func keysAndSizes() async throws {
        let url = try ShrinkOnLoadQualityTests.photoURL("path.jpg")
        let counter = DecodeCounter()
        let pipeline = Self.pipeline(keepingDecodes: true, delegate: counter)
        _ = try await pipeline.image(for: Self.request(url, width: 150))
        _ = try await pipeline.image(for: Self.request(url, width: 1200))
        #expect(counter.decodes == 2)
        _ = try await pipeline.image(for: Self.request(url, width: 300))  // The 1,200 decode serves it.
        #expect(counter.decodes == 2)
        var limited = Self.request(url, width: 300)
        limited.limits.maximumDecodedPixelCount = 40_000_000
        _ = try await pipeline.image(for: limited)
        var unmanaged = Self.request(url, width: 300)
        unmanaged.colorManagement = .keepOriginalProfile
        _ = try await pipeline.image(for: unmanaged)
        #expect(counter.decodes == 4)
        var reloading = Self.request(url, width: 300)
        reloading.options.insert(.reloadIgnoringCachedData)
        _ = try await pipeline.image(for: reloading)
        #expect(counter.decodes == 5)
    }
}

/// Counts final decodes through the delegate's stage metrics.
final class DecodeCounter: ImagePipeline.Delegate {
    private let count = Mutex(0)

    var decodes: Int { count.withLock { $0 } }

    func pipeline(_ pipeline: ImagePipeline, didFinish metrics: ImagePipeline.StageMetrics) {
        if metrics.stage == .decode { count.withLock { $0 += 1 } }
    }
}
