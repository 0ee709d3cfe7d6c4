// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

import Foundation
import NukeCore
import NukeTestSupport
import Testing

@testable import NukeJPEG

@Suite struct JPEGEncoderTests {
    @Test("RGBA and gray round-trip through the encoder and decoder; quality shapes the size")
    func roundTrip() throws {
        let source = try reference("baseline-444")
        let high = try JPEGEncoder(quality: 0.95).encode(source)
        let low = try JPEGEncoder(quality: 0.2).encode(source)
        #expect(AssetType(high) == .jpeg)
        #expect(low.count < high.count)
        let decoded = try decode(high).image
        #expect(ReferenceImage.maximumDifference(decoded, source) ?? 99 <= 24)

        let gray = try reference("gray")
        let grayDecoded = try decode(try JPEGEncoder().encode(gray)).image
        #expect(grayDecoded.pixelFormat == .gray8)
        #expect(ReferenceImage.maximumDifference(grayDecoded, gray) ?? 99 <= 24)
    }

    @Test("ImageEncoders.Default(compressionQuality:) sets the JPEG quality, through the context too")
    func compressionQuality() throws {
        let source = try reference("baseline-444")
        var registry = PluginRegistry()
        registry.install(JPEGPlugin())
        let container = ImageContainer(image: source)
        let context = ImageEncodingContext(request: ImageRequest(url: nil), image: container)
        for quality in [0.3, 0.95] {
            let expected = try JPEGEncoder(quality: quality).encode(source)
            let encoder = ImageEncoders.Default(registry: registry, compressionQuality: quality)
            #expect(try encoder.encode(source) == expected)
            #expect(try encoder.encode(container, context: context) == expected)
            var asked = context
            asked.compressionQuality = quality
            #expect(try JPEGEncoder().encode(container, context: asked) == expected)
        }
        #expect(try ImageEncoders.Default(registry: registry).encode(source) == JPEGEncoder().encode(source))
        #expect(throws: ImageEncodingError.self) {
            try ImageEncoders.Default(registry: registry, compressionQuality: 1.5).encode(source)
        }
    }

    @Test("The default quality is 0.8; progressive output is progressive")
    func defaultsAndProgressive() throws {
        #expect(JPEGEncoder().quality == 0.8)
        let data = try JPEGEncoder(isProgressive: true).encode(try reference("baseline-444"))
        let context = ImageDecodingContext(request: ImageRequest(url: nil), data: data)
        #expect(ImagePipeline.PreviewPolicy.default(for: data) == .incremental)
        #expect(try JPEGDecoder(context: context).decode(data).image.width == 96)
    }

    @Test("Bad arguments are typed errors")
    func badArguments() throws {
        let image = try reference("baseline-444")
        #expect(throws: ImageEncodingError.self) { try JPEGEncoder(quality: 1.5).encode(image) }
        #expect(throws: ImageEncodingError.self) { try JPEGEncoder(quality: .nan).encode(image) }
        #expect(throws: ImageEncodingError.self) {
            try JPEGEncoder().encode(try Bitmap(width: 0, height: 0, pixelFormat: .rgba8))
        }
        #expect(throws: ImageEncodingError.self) {
            try JPEGEncoder().encode(try Bitmap(width: 70_000, height: 1, pixelFormat: .gray8))
        }
    }
}

@Suite struct JPEGDecoderContractTests {
    static func contract() throws -> DecoderContract {
        let source = try JPEGEncoder(quality: 0.9).encode(HostileImages.noise(width: 64, height: 64))
        let scan = try #require(HostileImages.jpegScanOffsets(source).first)
        let huge = HostileImages.jpeg(source, declaringWidth: 16384, height: 16384)
        return DecoderContract(
            plugin: JPEGPlugin(),
            type: .jpeg,
            fixtures: try ["baseline-420.jpg", "progressive.jpg", "gray.jpg", "cmyk.jpg", "restart.jpg", "icc.jpg"]
                .map(fixture),
            bombs: [
                HostileImages.jpeg(source, declaringWidth: 65500, height: 65500),
                HostileImages.jpeg(huge, cutAt: scan + 200, endsWithEOI: true),
                HostileImages.jpeg(huge, cutAt: scan + 200, endsWithEOI: false),
            ]
        )
    }

    @Test(arguments: DecoderContract.Check.allCases)
    func contract(_ check: DecoderContract.Check) async throws {
        try await Self.contract().run(check)
    }
}
