// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

import Foundation
import NukeCore
import NukeTestSupport
import Testing

@testable import NukeHEIF

func fixture(_ name: String) throws -> Data {
    let url = try #require(Bundle.module.url(forResource: name, withExtension: nil, subdirectory: "Fixtures"))
    return try Data(contentsOf: url)
}

func reference(_ name: String) throws -> Bitmap {
    try ReferenceImage.clearingTransparentColor(try ReferenceImage.read(try fixture(name + ".reference.pam")))
}

func decode(_ data: Data, request: ImageRequest = ImageRequest(url: nil), maximumPixelCount: Int = 1 << 24) throws
    -> ImageContainer
{
    let context = ImageDecodingContext(request: request, data: data, maximumPixelCount: maximumPixelCount)
    return try HEIFDecoder(context: context).decode(data)
}

@Suite struct HEIFDecoderTests {
    @Test(
        "Lossy, lossless, alpha and 10-bit HEIC match heif-convert",
        arguments: ["lossy", "lossless", "alpha", "ten-bit"]
    )
    func stills(name: String) throws {
        let container = try decode(try fixture(name + ".heic"))
        #expect(container.type == .heic)
        let image = try ReferenceImage.clearingTransparentColor(container.image)
        #expect(image.width == 48 && image.height == 32)
        let difference = ReferenceImage.maximumDifference(image, try reference(name))
        #expect(difference.map { $0 <= (name == "ten-bit" ? 1 : 0) } == true, "\(String(describing: difference))")
        #expect(container.image.isOpaque == (name != "alpha"))
    }

    @Test(
        "irot and imir are applied as heif-convert applies them; the size is the turned one",
        arguments: ["rotated", "rotated-mirrored"]
    )
    func transformations(name: String) throws {
        let data = try fixture(name + ".heic")
        let image = try ReferenceImage.clearingTransparentColor(try decode(data).image)
        #expect(image.width == 32 && image.height == 48)
        let difference = ReferenceImage.maximumDifference(image, try reference(name))
        #expect(difference == 0, "\(String(describing: difference))")
        // A thumbnail request is measured in the turned size.
        var request = ImageRequest(url: nil)
        request.thumbnail = ThumbnailOptions(maxPixelSize: 24)
        let thumbnail = try decode(data, request: request).image
        #expect(thumbnail.width == 16 && thumbnail.height == 24)
    }

    @Test("A thumbnail request small enough is served from the embedded thumbnail")
    func embeddedThumbnail() throws {
        let data = try fixture("thumbnail.heic")
        var request = ImageRequest(url: nil)
        request.thumbnail = ThumbnailOptions(maxPixelSize: 64)
        let thumbnail = try decode(data, request: request).image
        #expect(thumbnail.width == 64 && thumbnail.height == 48)
        #expect(ReferenceImage.maximumDifference(thumbnail, try reference("thumbnail-64")) == 0)
        // Larger than the embedded thumbnail: resampled from the primary image, which differs.
        request.thumbnail = ThumbnailOptions(maxPixelSize: 128)
        let larger = try decode(data, request: request).image
        #expect(larger.width == 128 && larger.height == 96)
        // Told to use the embedded thumbnail: it, even though smaller than asked.
        var embedded = ThumbnailOptions(maxPixelSize: 128)
        embedded.createThumbnailFromImageAlways = false
        request.thumbnail = embedded
        let enforced = try decode(data, request: request).image
        #expect(ReferenceImage.maximumDifference(enforced, try reference("thumbnail-64")) == 0)
        // Larger than asked: scaled down to the size.
        embedded = ThumbnailOptions(maxPixelSize: 32)
        embedded.createThumbnailFromImageAlways = false
        request.thumbnail = embedded
        let smaller = try decode(data, request: request).image
        #expect(smaller.width == 32 && smaller.height == 24)
        #expect(try decode(try fixture("lossy.heic"), request: request).image.width == 32)  // none embedded
        // No thumbnail asked for: the primary image, as heif-convert decodes it.
        let full = try decode(data).image
        let expected = try reference("thumbnail")
        #expect(full.width == 256 && ReferenceImage.maximumDifference(full, expected) == 0)
    }

    @Test("The ICC profile's bytes are kept")
    func iccProfile() throws {
        let container = try decode(try fixture("icc.heic"))
        #expect(container.userInfo[.iccProfileKey] as? Data == (try fixture("srgb.icc")))
        #expect(try decode(try fixture("lossy.heic")).userInfo[.iccProfileKey] == nil)
    }

    @Test("Limits are enforced before decoding")
    func limits() async throws {
        await #expect(throws: ImageDecodingError.imageTooLarge(width: 48, height: 32, limit: 1000)) {
            try await quietDecode(try fixture("lossy.heic"), maximumPixelCount: 1000)
        }
        let huge = try #require(HostileImages.heif(try fixture("lossy.heic"), declaringWidth: 60_000, height: 60_000))
        await #expect(throws: ImageDecodingError.imageTooLarge(width: 60_000, height: 60_000, limit: 1 << 24)) {
            try await quietDecode(huge)
        }
        // A 48×32 image that is an overlay on a canvas of half a gigapixel, which libheif 1.15
        // allocates as declared (found by fuzz-heif: 1.6 GB).
        await #expect(throws: ImageDecodingError.imageTooLarge(width: 27_870, height: 19_967, limit: 1 << 24)) {
            try await quietDecode(try fixture("overlay-canvas.heic"))
        }
        // The same with 32-bit sizes, a canvas of 2.2 exapixels (found by fuzz-heif: libheif asked
        // for 3.4 GB; the decoder had read only 16 bytes of an overlay's 18-byte header).
        await #expect(
            throws: ImageDecodingError.imageTooLarge(width: 1_986_557_539, height: 1_124_139_888, limit: 1 << 24)
        ) {
            try await quietDecode(try fixture("overlay-canvas-32-bit.heic"))
        }
        // The same canvas behind an item that two infe entries give two types, an overlay first
        // (libheif takes the first) and a tile second (found by fuzz-heif: 1.7 GB).
        await #expect(throws: ImageDecodingError.imageTooLarge(width: 27_870, height: 19_967, limit: 1 << 24)) {
            try await quietDecode(try fixture("two-types-for-one-item.heic"))
        }
        // Behind those checks, libheif refuses to allocate a side longer than the pixel limit allows.
        let wide = try fixture("overlay-canvas-32-bit.heic")
        let refusal = await #expect(throws: ImageDecodingError.self) {
            try await quietly { try HEIFFile(data: wide, maximumPixelCount: 1 << 24).primary.decode() }
        }
        guard case .corrupt(let reason) = refusal else {
            Issue.record("\(String(describing: refusal))")
            return
        }
        #expect(reason.contains("Security limit exceeded"), "\(reason)")
        // A 48×32 image whose tile's HEVC parameter set declares a 16,384×16,384 picture, which
        // libde265 allocates and decodes as declared (found by fuzz-heif: more than 2 GB), in the
        // tile's hvcC property or in front of the tile's own data.
        for name in ["coded-picture-size.heic", "in-band-picture-size.heic"] {
            await #expect(throws: ImageDecodingError.imageTooLarge(width: 16_384, height: 16_384, limit: 1 << 24)) {
                try await quietDecode(try fixture(name))
            }
        }
        // A 32×33 grid of one-pixel tiles, each the same 64×64 picture: 1,056 decodes of 4,096
        // pixels, just over 4 times a limit of 2^20 (at 65,280 uses, 20 s of heif-convert).
        let repeated = await #expect(throws: ImageDecodingError.self) {
            try await quietDecode(try fixture("repeated-tile.heic"), maximumPixelCount: 1 << 20)
        }
        #expect(
            repeated
                == .unsupported(
                    reason: "the HEIF image decodes 1056 coded images of up to 4096 pixels, "
                        + "more than 4 times the pixel limit"
                ),
            "\(String(describing: repeated))"
        )
        // At 4 times the limit, it decodes (libheif then finds the tiles' pictures larger than they
        // claim, which it does not check, and pastes what fits).
        _ = try await quietDecode(try fixture("repeated-tile.heic"), maximumPixelCount: 1056 * 4096 / 4)
        // Within the pixel limit (the 48×32 image's 64×64 coded tile too), over the memory budget
        // (libheif's planes and the RGBA copies).
        await #expect(throws: ImageDecodingError.exceedsMemoryBudget(bytes: 48 * 32 * 14, budget: 4096 * 4)) {
            try await quietDecode(try fixture("lossy.heic"), maximumPixelCount: 4096)
        }
        await #expect(throws: ImageDecodingError.imageTooLarge(width: 64, height: 64, limit: 4095)) {
            try await quietDecode(try fixture("lossy.heic"), maximumPixelCount: 4095)
        }
    }

    @Test("Truncated, corrupt and non-HEIF data are typed errors")
    func badInput() async throws {
        let data = try fixture("lossy.heic")
        for length in [0, 12, 40, data.count / 2, data.count - 1] {
            await #expect(throws: ImageDecodingError.self, "\(length) bytes") {
                try await quietDecode(data.prefix(length))
            }
        }
        await #expect(throws: ImageDecodingError.unrecognizedFormat) {
            try await quietDecode(Data("GIF89a and then some".utf8))
        }
        // An item coded in AV1 (libheif would hand it to an AV1 decoder): AVIF's, not this decoder's.
        let av1 = Data([UInt8](data).replacing(Array("hvc1".utf8), with: Array("av01".utf8)))
        await #expect(
            throws: ImageDecodingError.unsupported(reason: "AV1-coded images in a HEIF file are AVIF's, not HEIC's")
        ) {
            try await quietDecode(av1)
        }
        // A grid whose tiles include the grid itself: libheif 1.15 recursed until the stack overflowed.
        await #expect(
            throws: ImageDecodingError.corrupt(reason: "the HEIF file's images refer to each other in a cycle")
        ) {
            try await quietDecode(try fixture("dimg-cycle.heic"))
        }
        // The same cycle in a second top-level meta box (found by fuzz-heif).
        await #expect(
            throws: ImageDecodingError.corrupt(reason: "the HEIF file's images refer to each other in a cycle")
        ) {
            try await quietDecode(try fixture("two-meta-boxes.heic"))
        }
        // …and in a reference whose size runs past its box (found by fuzz-heif too).
        await #expect(
            throws: ImageDecodingError.corrupt(reason: "the HEIF file's images refer to each other in a cycle")
        ) {
            try await quietDecode(try fixture("oversized-reference.heic"))
        }
        // …and behind a reference whose size says 8 (libheif reads its target regardless; fuzz-heif).
        await #expect(
            throws: ImageDecodingError.corrupt(reason: "the HEIF file's images refer to each other in a cycle")
        ) {
            try await quietDecode(try fixture("short-reference.heic"))
        }
    }

    @Test("The plugin registers the decoder; the library version is reported")
    func plugin() throws {
        var registry = PluginRegistry()
        registry.install(HEIFPlugin())
        let context = ImageDecodingContext(
            request: ImageRequest(url: nil),
            data: try fixture("lossy.heic"),
            registry: registry
        )
        #expect(context.assetType == .heic)
        #expect(registry.decoder(for: context) is HEIFDecoder)
        #expect(HEIFPlugin.libraryVersion.hasPrefix("1."))
    }
}

@Suite struct HEIFDecoderContractTests {
    static func contract() throws -> DecoderContract {
        DecoderContract(
            plugin: HEIFPlugin(),
            type: .heic,
            fixtures: try ["lossy.heic", "alpha.heic", "lossless.heic"].map(fixture),
            bombs: [
                try #require(HostileImages.heif(try fixture("lossy.heic"), declaringWidth: 30_000, height: 30_000)),
                // Sides whose product times the bytes a pixel takes is past `Int.max`.
                try #require(
                    HostileImages.heif(try fixture("lossy.heic"), declaringWidth: 0x7FFF_FFFF, height: 0x7FFF_FFFF)
                ),
                try fixture("coded-picture-size.heic"), try fixture("in-band-picture-size.heic"),
            ],
            maximumPixelCount: 1 << 20,
            printsBecause: "libde265 prints errors in damaged HEVC parameter sets to stderr, with no way to turn it off"
        )
    }

    @Test(arguments: DecoderContract.Check.allCases)
    func contract(_ check: DecoderContract.Check) async throws {
        try await Self.contract().run(check)
    }
}

/// ``decode(_:request:maximumPixelCount:)`` for bad data, whose decode makes libde265 print:
/// quietly, so the messages reach no other test's capture.
func quietDecode(_ data: Data, maximumPixelCount: Int = 1 << 24) async throws -> ImageContainer {
    try await quietly { try decode(data, maximumPixelCount: maximumPixelCount) }
}
