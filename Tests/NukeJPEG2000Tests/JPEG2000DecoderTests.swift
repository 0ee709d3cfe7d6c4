// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

import Foundation
import NukeCore
import NukeTestSupport
import Testing

@testable import NukeJPEG2000

func fixture(_ name: String) throws -> Data {
    let url = try #require(Bundle.module.url(forResource: name, withExtension: nil, subdirectory: "Fixtures"))
    return try Data(contentsOf: url)
}

/// Pillow's decode of a fixture (`Fixtures/make-fixtures.sh`).
func reference(_ name: String) throws -> Bitmap {
    try ReferenceImage.clearingTransparentColor(try ReferenceImage.read(try fixture(name + ".reference.pam")))
}

func decode(_ data: Data, request: ImageRequest = ImageRequest(url: nil), maximumPixelCount: Int = 1 << 24) throws
    -> ImageContainer
{
    let context = ImageDecodingContext(request: request, data: data, maximumPixelCount: maximumPixelCount)
    return try JPEG2000Decoder(context: context).decode(data)
}

@Suite struct JPEG2000DecoderTests {
    @Test(
        "JP2 and bare codestreams, lossless and lossy, gray, alpha, 16 bits: Pillow's pixels",
        arguments: [
            ("lossless.jp2", "lossless"), ("lossy.jp2", "lossy"), ("codestream.j2k", "codestream"),
            ("gray.jp2", "gray"), ("alpha.jp2", "alpha"), ("sixteen.jp2", "sixteen"),
        ]
    )
    func matchesPillow(file: String, name: String) throws {
        let container = try decode(try fixture(file))
        #expect(container.type == .jpeg2000)
        let image = try ReferenceImage.clearingTransparentColor(container.image)
        #expect(ReferenceImage.maximumDifference(image, try reference(name)) == 0, "\(file)")
    }

    @Test("Dropping resolution levels decodes a quarter of each side as Pillow's reduce does")
    func reducedResolution() throws {
        let file = try JPEG2000File(data: try fixture("lossless.jp2"))
        #expect(file.droppableLevels == 3)
        let image = try file.decode(droppingLevels: 2, memoryBudget: 1 << 24)
        #expect((image.width, image.height) == (12, 8))
        #expect(ReferenceImage.maximumDifference(image, try reference("lossless-reduced-2")) == 0)
    }

    @Test("A thumbnail drops the levels it does not need, never below its size")
    func thumbnail() throws {
        var request = ImageRequest(url: nil)
        request.thumbnail = ThumbnailOptions(maxPixelSize: 20)
        let data = try fixture("lossless.jp2")
        let image = try decode(data, request: request).image
        #expect(max(image.width, image.height) == 20)
        // 48×32 to a 20-pixel box: one level dropped (24×16), not two (12×8).
        let context = ImageDecodingContext(request: request, data: data)
        #expect(JPEG2000Decoder(context: context).estimatedMemory(for: data) == 24 * 16 * 4 * 4 + 20 * 13 * 4)
    }

    @Test("Sizes past the pixel limit are refused from the main header; damaged data is a typed error")
    func bombs() throws {
        let data = try fixture("lossless.jp2")
        #expect(throws: ImageDecodingError.imageTooLarge(width: 48, height: 32, limit: 1000)) {
            try decode(data, maximumPixelCount: 1000)
        }
        let context = ImageDecodingContext(request: ImageRequest(url: nil), data: data, maximumPixelCount: 1000)
        #expect(JPEG2000Decoder(context: context).estimatedMemory(for: data) == nil)
        #expect(throws: ImageDecodingError.self) { try decode(data.prefix(data.count / 2)) }
        #expect(throws: ImageDecodingError.unrecognizedFormat) { try decode(Data("not JPEG 2000".utf8)) }
    }

    @Test("The plugin registers the decoder for JP2 and codestreams; the library version is reported")
    func plugin() throws {
        var registry = PluginRegistry()
        registry.install(JPEG2000Plugin())
        for file in ["lossless.jp2", "codestream.j2k"] {
            let context = ImageDecodingContext(
                request: ImageRequest(url: nil),
                data: try fixture(file),
                registry: registry
            )
            #expect(context.assetType == .jpeg2000)
            #expect(registry.decoder(for: context) is JPEG2000Decoder)
        }
        #expect(JPEG2000Plugin.libraryVersion.hasPrefix("2."))
    }
}

@Suite struct JPEG2000DecoderContractTests {
    @Test(arguments: DecoderContract.Check.allCases)
    func contract(_ check: DecoderContract.Check) async throws {
        try await DecoderContract(
            plugin: JPEG2000Plugin(),
            type: .jpeg2000,
            fixtures: try ["lossless.jp2", "lossy.jp2", "codestream.j2k", "alpha.jp2"].map(fixture),
            maximumPixelCount: 1 << 20
        ).run(check)
    }
}
