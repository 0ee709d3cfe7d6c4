// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

import Foundation
import NukeCore
import NukeDiskCache
import NukeTestSupport
import Testing

@testable import NukeWebP

func fixture(_ name: String) throws -> Data {
    let url = try #require(Bundle.module.url(forResource: name, withExtension: nil, subdirectory: "Fixtures"))
    return try Data(contentsOf: url)
}

func reference(_ name: String) throws -> Bitmap {
    try ReferenceImage.clearingTransparentColor(try ReferenceImage.read(try fixture(name + ".reference.pam")))
}

func decoder(for data: Data, request: ImageRequest = ImageRequest(url: nil), maximumPixelCount: Int = 1 << 28)
    -> WebPDecoder
{
    WebPDecoder(context: ImageDecodingContext(request: request, data: data, maximumPixelCount: maximumPixelCount))
}

@Suite struct WebPDecoderTests {
    @Test(
        "Lossy, lossless and alpha stills match dwebp exactly",
        arguments: ["lossy", "lossless", "alpha-lossy", "alpha-lossless", "large"]
    )
    func stills(name: String) throws {
        let data = try fixture(name + ".webp")
        let container = try decoder(for: data).decode(data)
        #expect(container.type == .webp)
        #expect(container.animation == nil)
        let image = try ReferenceImage.clearingTransparentColor(container.image)
        #expect(ReferenceImage.maximumDifference(image, try reference(name)) == 0)
        #expect(container.image.isOpaque == !name.hasPrefix("alpha"))
    }

    @Test("A thumbnail is scaled by libwebp at decode time")
    func thumbnail() throws {
        var request = ImageRequest(url: nil)
        request.thumbnail = ThumbnailOptions(maxPixelSize: 24)
        let data = try fixture("lossy.webp")
        let image = try decoder(for: data, request: request).decode(data).image
        #expect(image.width == 24 && image.height == 16)
        #expect(ReferenceImage.maximumDifference(image, try reference("lossy-half")) == 0)
    }

    @Test("Animations: composited frames (blending and disposal), durations and loop counts")
    func animations() throws {
        for (name, count, durations, loops) in [
            ("animated-blend", 3, [0.1, 0.2, 0.3], 2), ("animated-from-gif", 4, [0.1, 0.2, 0.2, 0.2], 4),
        ] {
            let data = try fixture(name + ".webp")
            let container = try decoder(for: data).decode(data)
            let animation = try #require(container.animation)
            #expect(animation.frameCount == count)
            #expect(animation.frameDurations == durations, "\(name)")
            #expect(animation.loopCount == loops, "\(name)")
            #expect(container.data == data)
            for index in 0..<count {
                let frame = try ReferenceImage.clearingTransparentColor(try animation.frame(at: index))
                let expected = try reference("\(name).frame-\(index)")
                #expect(ReferenceImage.maximumDifference(frame, expected) == 0, "\(name) frame \(index)")
            }
            #expect(Array(animation.frames).count == count)
            #expect(try animation.frame(at: 0) == (try animation.frame(at: 0)))
        }
    }

    @Test("Partial data of a still gives previews as rows arrive")
    func previews() throws {
        let data = try fixture("large.webp")
        let incremental = decoder(for: data)
        var previews = 0
        for length in stride(from: 100, to: data.count, by: max(1, data.count / 20)) {
            if let preview = incremental.decodePartiallyDownloadedData(data.prefix(length)) {
                #expect(preview.isPreview && preview.image.width == 256 && preview.image.height == 192)
                previews += 1
            }
        }
        #expect(previews >= 2)
        let animated = try fixture("animated-blend.webp")
        #expect(decoder(for: animated).decodePartiallyDownloadedData(animated.prefix(animated.count - 10)) == nil)
    }

    @Test("Bad input: truncated, corrupt, not WebP, over the pixel limit")
    func badInput() throws {
        let data = try fixture("lossy.webp")
        #expect(throws: ImageDecodingError.self) { try decoder(for: data).decode(data.prefix(data.count / 2)) }
        #expect(throws: ImageDecodingError.unrecognizedFormat) {
            try decoder(for: Data("RIFF".utf8)).decode(Data("RIFF".utf8))
        }
        #expect(throws: ImageDecodingError.unrecognizedFormat) { try decoder(for: Data()).decode(Data()) }
        #expect(throws: ImageDecodingError.imageTooLarge(width: 48, height: 32, limit: 100)) {
            try decoder(for: data, maximumPixelCount: 100).decode(data)
        }
        var corrupt = [UInt8](data)
        for index in 40..<min(corrupt.count, 80) { corrupt[index] ^= 0x5A }
        #expect(throws: ImageDecodingError.self) { try decoder(for: Data(corrupt)).decode(Data(corrupt)) }
        let animated = try fixture("animated-blend.webp")
        #expect(throws: ImageDecodingError.self) { try decoder(for: animated.prefix(60)).decode(animated.prefix(60)) }
    }
}

@Suite struct WebPEncoderTests {
    @Test("A context's compressionQuality replaces the lossy quality; lossless ignores it")
    func compressionQuality() throws {
        let photo = ImageContainer(image: try ReferenceImage.read(try fixture("large.reference.pam")))
        var context = ImageEncodingContext(request: ImageRequest(url: nil), image: photo)
        context.compressionQuality = 0.3
        #expect(
            try WebPEncoder().encode(photo, context: context)
                == WebPEncoder(mode: .lossy(quality: 0.3)).encode(photo.image)
        )
        #expect(
            try WebPEncoder(mode: .lossless).encode(photo, context: context)
                == WebPEncoder(mode: .lossless).encode(photo.image)
        )
    }

    @Test("Lossless round-trips exactly, alpha included; lossy is close and smaller at lower quality")
    func roundTrip() throws {
        let source = try ReferenceImage.read(try fixture("alpha-lossless.reference.pam"))
        let lossless = try WebPEncoder(mode: .lossless).encode(source)
        #expect(AssetType(lossless) == .webp)
        // Lossless WebP keeps every visible pixel; the colour under alpha 0 is not kept.
        let decoded = try ReferenceImage.clearingTransparentColor(try decoder(for: lossless).decode(lossless).image)
        #expect(ReferenceImage.maximumDifference(decoded, try ReferenceImage.clearingTransparentColor(source)) == 0)

        let photo = try ReferenceImage.read(try fixture("large.reference.pam"))
        let high = try WebPEncoder(mode: .lossy(quality: 0.95)).encode(photo)
        let low = try WebPEncoder(mode: .lossy(quality: 0.3)).encode(photo)
        #expect(low.count < high.count)
        #expect(ReferenceImage.maximumDifference(try decoder(for: high).decode(high).image, photo) ?? 99 <= 40)

        let gray = try Bitmap(width: 8, height: 8, pixelFormat: .gray8, fill: [77])
        let grayDecoded = try decoder(for: try WebPEncoder(mode: .lossless).encode(gray)).decode(
            try WebPEncoder(mode: .lossless).encode(gray)
        )
        #expect(grayDecoded.image.pixel(x: 3, y: 3) == [77, 77, 77, 255])
    }

    @Test("Bad arguments are typed errors")
    func badArguments() throws {
        let image = try Bitmap(width: 4, height: 4, pixelFormat: .rgba8)
        #expect(throws: ImageEncodingError.self) { try WebPEncoder(mode: .lossy(quality: 2)).encode(image) }
        #expect(throws: ImageEncodingError.self) {
            try WebPEncoder().encode(try Bitmap(width: 0, height: 0, pixelFormat: .rgba8))
        }
        #expect(throws: ImageEncodingError.self) {
            try WebPEncoder().encode(try Bitmap(width: 17000, height: 1, pixelFormat: .gray8))
        }
    }
}

@Suite struct WebPDecoderContractTests {
    static func contract() throws -> DecoderContract {
        let pixel = try WebPEncoder().encode(HostileImages.noise(width: 1, height: 1))
        let frame = AnimatedWebPWriter.Frame(webp: pixel, durationMilliseconds: 40, size: (1, 1))
        return DecoderContract(
            plugin: WebPPlugin(),
            type: .webp,
            fixtures: try ["lossy.webp", "alpha-lossless.webp", "animated-blend.webp", "animated-from-gif.webp"]
                .map(fixture),
            bombs: [try AnimatedWebPWriter.assemble([frame], width: 16384, height: 16384)],
            maximumPixelCount: 1 << 20
        )
    }

    @Test(arguments: DecoderContract.Check.allCases)
    func contract(_ check: DecoderContract.Check) async throws {
        try await Self.contract().run(check)
    }
}

@Suite struct WebPPipelineTests {
    @Test("file: URLs through the pipeline; processed images stored as WebP; animations stay animated on disk")
    func pipeline() async throws {
        var registry = PluginRegistry()
        registry.install(WebPPlugin())
        let directory = try TemporaryDirectory(prefix: "nuke-webp")
        let dataCache = try DataCache(path: directory.url)
        let encoderRegistry = registry
        let pipeline = ImagePipeline {
            $0.registry = registry
            $0.imageCache = nil
            $0.dataCache = dataCache
            $0.dataCachePolicy = .storeEncodedImages
            $0.makeImageEncoder = { _ in ImageEncoders.Default(registry: encoderRegistry, type: .webp) }
        }
        let still = try #require(
            Bundle.module.url(forResource: "alpha-lossy.webp", withExtension: nil, subdirectory: "Fixtures")
        )
        _ = try await pipeline.image(for: still)
        await pipeline.flush()  // The encoded store, started in the background, is on disk.
        #expect(dataCache.containsData(for: still.absoluteString))
        #expect(AssetType(dataCache.cachedData(for: still.absoluteString) ?? Data()) == .webp)

        let animated = try #require(
            Bundle.module.url(forResource: "animated-blend.webp", withExtension: nil, subdirectory: "Fixtures")
        )
        let response = try await pipeline.imageTask(with: animated).response
        #expect(response.container.animation?.frameCount == 3)
        await pipeline.flush()  // The encoded store, started in the background, is on disk.
        #expect(dataCache.containsData(for: animated.absoluteString))
        let cached = try await pipeline.imageTask(
            with: ImageRequest(url: animated, options: [.returnCacheDataDontLoad])
        ).response
        #expect(cached.cacheType == .disk)
        #expect(cached.container.animation?.frameCount == 3)
    }
}
