// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

import Foundation
import NukeCore
import NukeDiskCache
import NukeTestSupport
import Testing

@testable import NukePNG

func fixture(_ name: String) throws -> Data {
    let url = try #require(Bundle.module.url(forResource: name, withExtension: nil, subdirectory: "Fixtures"))
    return try Data(contentsOf: url)
}

func decoder(for data: Data, request: ImageRequest = ImageRequest(url: nil), maximumPixelCount: Int = 1 << 28)
    -> PNGDecoder
{
    PNGDecoder(context: ImageDecodingContext(request: request, data: data, maximumPixelCount: maximumPixelCount))
}

@Suite struct PNGDecoderTests {
    static let fixtures = [
        "gray-1", "gray-2", "gray-4", "gray-8", "gray-16", "gray-8-trns", "gray-alpha-8", "gray-alpha-16",
        "palette-1", "palette-2", "palette-4", "palette-8", "palette-4-trns", "palette-8-trns",
        "rgb-8", "rgb-16", "rgb-8-trns", "rgba-8", "rgba-16",
        "rgba-8-interlaced", "gray-4-interlaced", "palette-8-interlaced", "rgb-16-interlaced",
        "rgba-8-interlaced-1x1", "rgba-8-interlaced-1x5", "rgba-8-interlaced-5x1", "rgba-8-interlaced-2x2",
        "rgba-8-interlaced-3x7",
    ]

    @Test("Every colour type, bit depth, tRNS and Adam7 decodes exactly to the reference", arguments: fixtures)
    func decodesExactly(name: String) throws {
        let data = try fixture(name + ".png")
        let container = try decoder(for: data).decode(data)
        let expected = try ReferenceImage.read(try fixture(name + ".reference.pam"))
        #expect(container.type == .png)
        #expect(container.image.pixelFormat == expected.pixelFormat)
        #expect(ReferenceImage.maximumDifference(container.image, expected) == 0)
        let isGray = name.hasPrefix("gray-") && !name.contains("alpha") && !name.contains("trns")
        #expect(container.image.pixelFormat == (isGray ? .gray8 : .rgba8))
    }

    @Test("Opacity is known: RGB without tRNS is opaque, tRNS and alpha are not")
    func opacity() throws {
        for (name, isOpaque) in [("rgb-8", true), ("rgb-8-trns", false), ("rgba-8", false), ("palette-8", true)] {
            let data = try fixture(name + ".png")
            #expect(try decoder(for: data).decode(data).image.isOpaque == isOpaque, "\(name)")
        }
    }

    @Test("A broken CRC, a truncated file, garbage and non-PNG data are typed errors")
    func badInput() throws {
        let broken = try fixture("broken-crc.png")
        #expect {
            try decoder(for: broken).decode(broken)
        } throws: { error in
            guard case .corrupt(let reason)? = error as? ImageDecodingError else { return false }
            return reason.lowercased().contains("crc")
        }
        let truncated = try fixture("truncated.png")
        #expect(throws: ImageDecodingError.truncated) { try decoder(for: truncated).decode(truncated) }
        let whole = try fixture("rgba-8.png")
        #expect(throws: ImageDecodingError.truncated) { try decoder(for: whole.prefix(20)).decode(whole.prefix(20)) }
        #expect(throws: ImageDecodingError.truncated) { try decoder(for: whole.prefix(4)).decode(whole.prefix(4)) }
        #expect(throws: ImageDecodingError.unrecognizedFormat) {
            try decoder(for: Data("GIF89a".utf8)).decode(Data("GIF89a".utf8))
        }
        #expect(throws: ImageDecodingError.unrecognizedFormat) { try decoder(for: Data()).decode(Data()) }
        var garbage = whole.prefix(33)  // Signature and IHDR, then noise.
        garbage.append(Data((0..<500).map { UInt8(truncatingIfNeeded: $0 &* 73) }))
        #expect(throws: ImageDecodingError.self) { try decoder(for: garbage).decode(garbage) }
        var trailing = whole
        trailing.append(Data("trailing bytes after IEND".utf8))
        #expect(try decoder(for: trailing).decode(trailing).image.width == 33)
    }

    @Test("Zero and huge dimensions fail from the header, before allocating")
    func dimensions() throws {
        let data = try fixture("rgba-8.png")
        #expect(throws: ImageDecodingError.imageTooLarge(width: 33, height: 21, limit: 600)) {
            try decoder(for: data, maximumPixelCount: 600).decode(data)
        }
        for (width, height) in [(0, 21), (1_000_000, 1_000_000)] {
            let patched = HostileImages.png(data, declaringWidth: width, height: height)
            #expect(throws: ImageDecodingError.self) { try decoder(for: patched).decode(patched) }
        }
    }

    @Test("A thumbnail is the decoded image resampled to the target")
    func thumbnail() throws {
        var request = ImageRequest(url: nil)
        request.thumbnail = ThumbnailOptions(maxPixelSize: 11)
        let data = try fixture("rgba-8.png")
        let image = try decoder(for: data, request: request).decode(data).image
        #expect(image.width == 11 && image.height == 7)
    }

    @Test("Partial data of an interlaced PNG gives a preview per further Adam7 pass")
    func interlacedPreviews() throws {
        let data = try fixture("rgba-8-interlaced.png")
        let decoder = decoder(for: data)
        var previews = 0
        for length in stride(from: 40, to: data.count, by: 60) {
            if let preview = decoder.decodePartiallyDownloadedData(data.prefix(length)) {
                #expect(preview.isPreview)
                #expect(preview.image.width == 33 && preview.image.height == 21)
                previews += 1
            }
        }
        #expect(previews >= 3 && previews <= 7)
        #expect(decoder.decodePartiallyDownloadedData(data) == nil, "complete data is not a preview")
    }
}

@Suite struct PNGEncoderTests {
    @Test("RGBA, opaque RGBA (written as RGB) and gray round-trip exactly")
    func roundTrip() throws {
        for name in ["rgba-8", "rgb-8", "gray-8", "palette-8-trns"] {
            let source = try ReferenceImage.read(try fixture(name + ".reference.pam"))
            let data = try PNGEncoder().encode(source)
            #expect(AssetType(data) == .png)
            let decoded = try decoder(for: data).decode(data).image
            #expect(ReferenceImage.maximumDifference(decoded, source) == 0, "\(name)")
            if name == "rgb-8" { #expect(data[25] == 2, "colour type RGB") }
        }
    }

    @Test("The compression level shapes the size; bad levels and empty images are typed errors")
    func compressionLevels() throws {
        let source = try ReferenceImage.read(try fixture("gray-8.reference.pam"))
        let big = try Bitmap(width: 200, height: 200, pixelFormat: .gray8, fill: [7])
        #expect(
            try PNGEncoder(compressionLevel: 0).encode(big).count
                > (try PNGEncoder(compressionLevel: 9).encode(big).count)
        )
        #expect(throws: ImageEncodingError.self) { try PNGEncoder(compressionLevel: 12).encode(source) }
        #expect(throws: ImageEncodingError.self) {
            try PNGEncoder().encode(try Bitmap(width: 0, height: 0, pixelFormat: .rgba8))
        }
    }
}

@Suite struct PNGDecoderContractTests {
    static func contract() throws -> DecoderContract {
        DecoderContract(
            plugin: PNGPlugin(),
            type: .png,
            fixtures: try [
                "rgba-8.png", "palette-4-trns.png", "gray-16.png", "rgba-8-interlaced.png", "gray-alpha-8.png",
            ].map(fixture),
            bombs: [
                HostileImages.png(width: 16384, height: 16384, rowCount: 1),
                HostileImages.png(width: 16000, height: 16000, rowCount: 1, endsStream: false, hasIEND: false),
                HostileImages.png(try fixture("rgba-8.png"), declaringWidth: 65500, height: 65500),
            ],
            isLossless: true
        )
    }

    @Test(arguments: DecoderContract.Check.allCases)
    func contract(_ check: DecoderContract.Check) async throws {
        try await Self.contract().run(check)
    }
}

@Suite struct PNGPipelineTests {
    @Test("Fixtures load from file: URLs through the pipeline; encoded PNGs go to the disk cache")
    func pipeline() async throws {
        var registry = PluginRegistry()
        registry.install(PNGPlugin())
        let directory = try TemporaryDirectory(prefix: "nuke-png")
        let dataCache = try DataCache(path: directory.url)
        let pipeline = ImagePipeline {
            $0.registry = registry
            $0.imageCache = nil
            $0.dataCache = dataCache
            $0.dataCachePolicy = .storeEncodedImages
        }
        let url = try #require(
            Bundle.module.url(forResource: "rgba-8-interlaced.png", withExtension: nil, subdirectory: "Fixtures")
        )
        let image = try await pipeline.image(for: url)
        #expect(image.width == 33 && !image.isOpaque)
        await pipeline.flush()  // The encoded store, started in the background, is on disk.
        #expect(dataCache.containsData(for: url.absoluteString))
        #expect(AssetType(dataCache.cachedData(for: url.absoluteString) ?? Data()) == .png)
    }

    @Test("An interlaced PNG downloaded in chunks gives previews when the policy asks for them")
    func progressive() async throws {
        let load = try await ChunkedLoad.load(
            try fixture("rgba-8-interlaced.png"),
            from: URL(string: "http://example.com/a.png")!,
            chunkCount: 4,
            installing: PNGPlugin(),
            delegate: ImagePipelineObserver(previewPolicy: .incremental)
        )
        #expect(load.image.width == 33)
        #expect(load.previewWidths.count >= 1)
    }
}
