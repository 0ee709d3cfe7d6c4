// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

import Foundation
import NukeCore
import NukeImaging
import NukeTestSupport
import Testing

@testable import NukeAVIF

func fixture(_ name: String) throws -> Data {
    let url = try #require(Bundle.module.url(forResource: name, withExtension: nil, subdirectory: "Fixtures"))
    return try Data(contentsOf: url)
}

func reference(_ name: String) throws -> Bitmap {
    try ReferenceImage.clearingTransparentColor(try ReferenceImage.read(try fixture(name + ".reference.pam")))
}

func decode(
    _ data: Data,
    request: ImageRequest = ImageRequest(url: nil),
    maximumPixelCount: Int = 1 << 24,
    maximumFrameCount: Int = 1000
) throws -> ImageContainer {
    let context = ImageDecodingContext(
        request: request,
        data: data,
        maximumPixelCount: maximumPixelCount,
        maximumFrameCount: maximumFrameCount
    )
    return try AVIFDecoder(context: context).decode(data)
}

@Suite struct AVIFDecoderTests {
    @Test(
        "Lossy 4:2:0, lossless, alpha and 10-bit 4:2:2 stills match avifdec exactly",
        arguments: ["lossy", "lossless", "alpha", "ten-bit"]
    )
    func stills(name: String) throws {
        let container = try decode(try fixture(name + ".avif"))
        #expect(container.type == .avif)
        #expect(container.animation == nil)
        let image = try ReferenceImage.clearingTransparentColor(container.image)
        #expect(image.width == 48 && image.height == 32)
        let difference = ReferenceImage.maximumDifference(image, try reference(name))
        #expect(difference == 0, "\(String(describing: difference))")
        #expect(container.image.isOpaque == (name != "alpha"))
    }

    @Test("A grid's previews: the rows of the cells decoded so far, exactly as decoded in full, once each")
    func gridPreviews() throws {
        let data = try fixture("grid.avif")
        let full = try decode(data).image
        #expect(ReferenceImage.maximumDifference(full, try reference("grid")) == 0)  // avifdec's decode
        let context = ImageDecodingContext(request: ImageRequest(url: nil), data: data.prefix(0), isCompleted: false)
        let decoder = AVIFDecoder(context: context)
        // Before the first row of cells is whole, nothing (the header alone, then one cell of two).
        for length in [0, 100, 600, data.count * 40 / 100] {
            #expect(decoder.decodePartiallyDownloadedData(data.prefix(length)) == nil, "\(length) bytes")
        }
        // The first row of cells (96 of 192 rows) but its last row (4:2:0: its colour is
        // interpolated with the next cells' first chroma row), above transparent rows; no more
        // until the last cell is whole.
        let partial = data.prefix(data.count * 70 / 100)
        let preview = try #require(decoder.decodePartiallyDownloadedData(partial))
        #expect(preview.isPreview && preview.type == .avif && preview.userInfo[.cicpKey] != nil)
        #expect(preview.image.width == 256 && preview.image.height == 192 && preview.image.isOpaque == false)
        for y in [0, 50, 94, 95, 96, 191] {
            for x in [0, 127, 128, 255] {
                let expected = y < 95 ? full.pixel(x: x, y: y) : [0, 0, 0, 0]
                #expect(preview.image.pixel(x: x, y: y) == expected, "(\(x), \(y))")
            }
        }
        let top = try preview.image.cropped(x: 0, y: 0, width: 256, height: 95)
        #expect(ReferenceImage.maximumDifference(top, try full.cropped(x: 0, y: 0, width: 256, height: 95)) == 0)
        #expect(decoder.decodePartiallyDownloadedData(data.prefix(data.count - 1)) == nil)
        // Whole: every row.
        let last = try #require(decoder.decodePartiallyDownloadedData(data))
        #expect(ReferenceImage.maximumDifference(last.image, full) == 0)
    }

    @Test("No previews: the default policy, images of one cell until whole, sequences, images over the limits")
    func noPreviews() throws {
        let decoder = { (context: ImageDecodingContext) in AVIFDecoder(context: context) }
        let grid = try fixture("grid.avif")
        let partial = grid.prefix(grid.count * 70 / 100)
        #expect(ImagePipeline.PreviewPolicy.default(for: partial) == .disabled)
        #expect(preview(ofPartial: partial, decoder: decoder) != nil)
        #expect(preview(ofPartial: partial, policy: .disabled, decoder: decoder) == nil)
        #expect(preview(ofPartial: partial, policy: .thumbnail, decoder: decoder) == nil)
        #expect(preview(ofPartial: partial, maximumPixelCount: 256 * 191, decoder: decoder) == nil)
        let lossy = try fixture("lossy.avif")
        #expect(preview(ofPartial: lossy.prefix(lossy.count - 1), decoder: decoder) == nil)
        #expect(preview(ofPartial: lossy, decoder: decoder) != nil)
        let animated = try fixture("animated.avif")
        #expect(preview(ofPartial: animated.prefix(animated.count - 1), decoder: decoder) == nil)
    }

    @Test("Lossless AVIF gives back the source's pixels")
    func lossless() throws {
        let image = try decode(try fixture("oriented.avif")).image
        #expect(ReferenceImage.maximumDifference(image, try reference("oriented")) == 0)
    }

    @Test(
        "irot, imir and the clean aperture are applied in HEIF's order, as ImageMagick turns the source",
        arguments: ["irot-1", "imir-0", "irot-3-imir-1", "cropped"]
    )
    func transforms(name: String) throws {
        let image = try decode(try fixture(name + ".avif")).image
        let expected = try reference(name)
        #expect(image.width == expected.width && image.height == expected.height)
        #expect(ReferenceImage.maximumDifference(image, expected) == 0)
    }

    @Test("Sequences: every frame, with its duration; the data is kept for caches")
    func sequence() throws {
        let data = try fixture("animated.avif")
        let container = try decode(data)
        let animation = try #require(container.animation)
        #expect(animation.frameCount == 3)
        #expect(animation.frameDurations == [0.1, 0.2, 0.3])
        #expect(animation.loopCount == 0)
        #expect(container.data == data)
        for index in 0..<3 {
            let expected = try reference("animated.frame-\(index)")
            #expect(ReferenceImage.maximumDifference(try animation.frame(at: index), expected) == 0, "frame \(index)")
        }
        #expect(Array(animation.frames).count == 3)
        #expect(ReferenceImage.maximumDifference(container.image, try reference("animated.frame-0")) == 0)
    }

    @Test("A thumbnail is resampled to the requested size")
    func thumbnail() throws {
        var request = ImageRequest(url: nil)
        request.thumbnail = ThumbnailOptions(maxPixelSize: 24)
        let image = try decode(try fixture("lossless.avif"), request: request).image
        #expect(image.width == 24 && image.height == 16)
    }

    @Test("The ICC profile's bytes are kept")
    func iccProfile() throws {
        let container = try decode(try fixture("icc.avif"))
        #expect(container.userInfo[.iccProfileKey] as? Data == (try fixture("srgb.icc")))
        #expect(try decode(try fixture("lossy.avif")).userInfo[.iccProfileKey] == nil)
    }

    @Test("Limits are enforced from the container, before decoding")
    func limits() async throws {
        await #expect(throws: ImageDecodingError.imageTooLarge(width: 48, height: 32, limit: 1000)) {
            try await quietDecode(try fixture("lossy.avif"), maximumPixelCount: 1000)
        }
        await #expect(throws: ImageDecodingError.tooManyFrames(limit: 2)) {
            try await quietDecode(try fixture("animated.avif"), maximumFrameCount: 2)
        }
        let huge = try #require(HostileImages.heif(try fixture("lossy.avif"), declaringWidth: 60_000, height: 60_000))
        await #expect(throws: ImageDecodingError.imageTooLarge(width: 60_000, height: 60_000, limit: 1 << 24)) {
            try await quietDecode(huge)
        }
        // The container says 24×16 but the AV1 frames are 48×32: the AV1 decoder holds them to
        // the pixel limit whatever the container says.
        let liar = try #require(HostileImages.heif(try fixture("lossy.avif"), declaringWidth: 24, height: 16))
        await #expect(throws: ImageDecodingError.self) { try await quietDecode(liar, maximumPixelCount: 1000) }
    }

    @Test("Truncated, corrupt and non-AVIF data are typed errors")
    func badInput() async throws {
        let data = try fixture("lossy.avif")
        for length in [0, 12, 40, data.count / 2, data.count - 1] {
            await #expect(throws: ImageDecodingError.self, "\(length) bytes") {
                try await quietDecode(data.prefix(length))
            }
        }
        await #expect(throws: ImageDecodingError.unrecognizedFormat) {
            try await quietDecode(Data("GIF89a and then some".utf8))
        }
        var corrupt = [UInt8](data)
        for index in stride(from: corrupt.count - 200, to: corrupt.count, by: 3) { corrupt[index] ^= 0x5A }
        // Damage in the AV1 payload decodes to some picture or fails, but never crashes.
        _ = try? await quietDecode(Data(corrupt))
    }

    @Test("The plugin registers the decoder and the encoder; the library version is reported")
    func plugin() throws {
        var registry = PluginRegistry()
        registry.install(AVIFPlugin())
        let data = try fixture("lossy.avif")
        let context = ImageDecodingContext(request: ImageRequest(url: nil), data: data, registry: registry)
        #expect(context.assetType == .avif)
        #expect(registry.decoder(for: context) is AVIFDecoder)
        #expect(registry.encoder(for: .avif) is AVIFEncoder)
        #expect(AVIFPlugin.libraryVersion.hasPrefix("0.") || AVIFPlugin.libraryVersion.hasPrefix("1."))
        #expect(AVIFPlugin.libraryVersion.contains("dec"))
    }
}

@Suite struct AVIFDecoderContractTests {
    static func contract() throws -> DecoderContract {
        DecoderContract(
            plugin: AVIFPlugin(encoder: AVIFEncoder(mode: .lossless)),
            type: .avif,
            fixtures: try ["lossless.avif", "alpha.avif", "irot-3-imir-1.avif", "animated.avif"].map(fixture),
            bombs: [
                try #require(HostileImages.heif(try fixture("lossy.avif"), declaringWidth: 30_000, height: 30_000))
            ],
            maximumPixelCount: 1 << 20,
            isLossless: false,
            printsBecause: "dav1d logs AV1 syntax errors to stderr, and libavif 0.11 gives no way to install its logger"
        )
    }

    @Test(arguments: DecoderContract.Check.allCases)
    func contract(_ check: DecoderContract.Check) async throws {
        try await Self.contract().run(check)
    }
}

/// ``decode(_:request:maximumPixelCount:maximumFrameCount:)`` for bad data, whose decode makes
/// dav1d print: quietly, so the messages reach no other test's capture.
func quietDecode(_ data: Data, maximumPixelCount: Int = 1 << 24, maximumFrameCount: Int = 1000) async throws
    -> ImageContainer
{
    try await quietly { try decode(data, maximumPixelCount: maximumPixelCount, maximumFrameCount: maximumFrameCount) }
}
