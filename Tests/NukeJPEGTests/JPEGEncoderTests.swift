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

@Suite struct JPEGFuzzTests {
    @Test("10,000 damaged variants of the fixtures: typed errors or images, nothing on stderr")
    func fuzz() async throws {
        let seeds = try ["baseline-420.jpg", "progressive.jpg", "gray.jpg", "cmyk.jpg", "restart.jpg", "icc.jpg"].map(
            fixture
        )
        let outcome = try await runDecoderFuzzPass(
            seeds: seeds,
            makeDecoder: { JPEGDecoder(context: $0) },
            maximumPixelCount: 1 << 22
        ) {
            $0.image.pixelCount > 1 << 22 ? "over the pixel limit" : nil
        }
        #expect(outcome.output.isEmpty)
        #expect(outcome.anomalies.isEmpty)
        #expect(outcome.decoded + outcome.failed == 10_000)
        #expect(outcome.decoded > 0 && outcome.failed > 0)
    }
}
