// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

import Foundation
import NukeCore
import NukeTestSupport
import Testing

@testable import NukeJXL

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
    return try JXLDecoder(context: context).decode(data)
}

@Suite struct JXLDecoderTests {
    @Test("Lossy, lossless and alpha stills match djxl", arguments: ["lossy", "lossless", "alpha"])
    func stills(name: String) throws {
        let container = try decode(try fixture(name + ".jxl"))
        #expect(container.type == .jxl)
        let image = try ReferenceImage.clearingTransparentColor(container.image)
        #expect(image.width == 48 && image.height == 32)
        let difference = ReferenceImage.maximumDifference(image, try reference(name))
        #expect(difference.map { $0 <= (name == "lossy" ? 1 : 0) } == true, "\(String(describing: difference))")
        #expect(container.image.isOpaque == (name != "alpha"))
        #expect(container.userInfo[.iccProfileKey] != nil)
    }

    @Test("Animations: every frame, durations and the loop count; the data is kept")
    func animation() throws {
        let data = try fixture("animated.jxl")
        let container = try decode(data)
        let animation = try #require(container.animation)
        #expect(animation.frameCount == 3)
        #expect(animation.frameDurations.map { ($0 * 1000).rounded() } == [100, 200, 300])
        #expect(animation.loopCount == 0)  // cjxl 0.7 drops the GIF's count: jxlinfo says "looping"
        #expect(container.data == data)
        for index in 0..<3 {
            let expected = try reference("animated.frame-\(index)")
            #expect(ReferenceImage.maximumDifference(try animation.frame(at: index), expected) == 0, "frame \(index)")
        }
        #expect(throws: ImageDecodingError.tooManyFrames(limit: 2)) { try decode(data, maximumFrameCount: 2) }
    }

    @Test("Previews of partial data: none before the DC; then djxl's rendering of what has arrived, once each")
    func previews() throws {
        let data = try fixture("progressive.jxl")
        let context = ImageDecodingContext(request: ImageRequest(url: nil), data: data.prefix(0), isCompleted: false)
        let decoder = JXLDecoder(context: context)
        for length in [0, 2, 100, data.count * 20 / 100] {
            #expect(decoder.decodePartiallyDownloadedData(data.prefix(length)) == nil, "\(length) bytes")
        }
        for percent in [40, 70] {
            let partial = data.prefix(data.count * percent / 100)
            let preview = try #require(decoder.decodePartiallyDownloadedData(partial), "\(percent)%")
            #expect(preview.isPreview && preview.type == .jxl)
            #expect(preview.userInfo[.iccProfileKey] != nil)
            let expected = try reference("progressive.partial-\(percent)")
            // Within a level, as for the lossy still: the reference was rendered on another
            // processor, and libjxl's lossy output rounds by the SIMD width it dispatches to (an
            // AMD EPYC without AVX-512 gave one pixel of the 70% preview one level off).
            let difference = ReferenceImage.maximumDifference(preview.image, expected)
            #expect(difference.map { $0 <= 1 } == true, "\(percent)%: \(String(describing: difference))")
            // The same data again, or a little more of it that completes nothing: nothing new.
            #expect(decoder.decodePartiallyDownloadedData(partial) == nil)
            #expect(decoder.decodePartiallyDownloadedData(data.prefix(partial.count + 10)) == nil)
        }
        // The 70% preview has more of the image than the DC alone.
        let full = try decode(data).image
        let (dcOnly, withGroups) = (try reference("progressive.partial-40"), try reference("progressive.partial-70"))
        let closer = try #require(ReferenceImage.difference(withGroups, full)).mean
        #expect(closer < (try #require(ReferenceImage.difference(dcOnly, full)).mean))
        // Thumbnails are made of previews too.
        var request = ImageRequest(url: nil)
        request.thumbnail = ThumbnailOptions(maxPixelSize: 64)
        let thumbnailing = JXLDecoder(context: ImageDecodingContext(request: request, data: data, isCompleted: false))
        let thumbnail = try #require(thumbnailing.decodePartiallyDownloadedData(data.prefix(data.count / 2)))
        #expect(thumbnail.image.width == 64 && thumbnail.image.height == 48)
    }

    @Test("No previews: other policies, lossless files, animations, images over the limits")
    func noPreviews() throws {
        let decoder = JXLDecoder.init
        let progressive = try fixture("progressive.jxl").prefix(20_011 * 70 / 100)
        #expect(preview(ofPartial: progressive, decoder: decoder) != nil)
        #expect(preview(ofPartial: progressive, policy: .disabled, decoder: decoder) == nil)
        #expect(preview(ofPartial: progressive, policy: .thumbnail, decoder: decoder) == nil)
        #expect(preview(ofPartial: progressive, maximumPixelCount: 512 * 383, decoder: decoder) == nil)
        let lossless = try fixture("lossless.jxl")
        #expect(preview(ofPartial: lossless.prefix(lossless.count / 2), decoder: decoder) == nil)
        let animated = try fixture("animated.jxl")
        #expect(preview(ofPartial: animated.prefix(animated.count - 1), decoder: decoder) == nil)
        #expect(ImagePipeline.PreviewPolicy.default(for: progressive) == .incremental)
    }

    @Test("Limits, truncation and other data are typed errors")
    func badInput() async throws {
        let data = try fixture("lossless.jxl")
        await #expect(throws: ImageDecodingError.imageTooLarge(width: 48, height: 32, limit: 1000)) {
            try await quietDecode(data, maximumPixelCount: 1000)
        }
        for length in [0, 2, 10, data.count / 2, data.count - 1] {
            await #expect(throws: ImageDecodingError.self, "\(length) bytes") {
                try await quietDecode(data.prefix(length))
            }
        }
        await #expect(throws: ImageDecodingError.unrecognizedFormat) {
            try await quietDecode(Data("GIF89a and then some".utf8))
        }
        // 22 bytes that declare 30000×30000 pixels (or 2³⁰ a side): refused from the header.
        await #expect(throws: ImageDecodingError.imageTooLarge(width: 30_000, height: 30_000, limit: 1 << 24)) {
            try await quietDecode(HostileImages.jxl(width: 30_000, height: 30_000), maximumPixelCount: 1 << 24)
        }
        await #expect(throws: ImageDecodingError.self) {
            try await quietDecode(HostileImages.jxl(width: 1 << 30, height: 1 << 30))
        }
    }

    @Test("The encoder: lossless round-trips exactly, alpha and gray included; lossy is close; bad settings throw")
    func encoder() throws {
        let opaque = try reference("lossless")
        #expect(
            ReferenceImage.maximumDifference(try decode(try JXLEncoder(mode: .lossless).encode(opaque)).image, opaque)
                == 0
        )
        let translucent = try reference("alpha")
        let decoded = try decode(try JXLEncoder(mode: .lossless).encode(translucent)).image
        #expect(
            ReferenceImage.maximumDifference(try ReferenceImage.clearingTransparentColor(decoded), translucent) == 0
        )
        let gray = try Bitmap(width: 20, height: 10, pixelFormat: .gray8, pixels: (0..<200).map { UInt8($0) })
        #expect(try decode(try JXLEncoder(mode: .lossless).encode(gray)).image.pixel(x: 13, y: 7)[0] == 153)
        let lossy = try JXLEncoder(mode: .lossy(distance: 1)).encode(opaque)
        #expect(AssetType(lossy) == .jxl)
        #expect(try #require(ReferenceImage.maximumDifference(try decode(lossy).image, opaque)) <= 32)
        for encoder in [
            JXLEncoder(mode: .lossy(distance: 0)), JXLEncoder(mode: .lossy(distance: .nan)), JXLEncoder(effort: 0),
        ] {
            #expect(throws: ImageEncodingError.self) { try encoder.encode(opaque) }
        }
    }

    @Test("A context's compressionQuality sets cjxl's distance for it; lossless ignores it; out of range throws")
    func compressionQuality() throws {
        let source = ImageContainer(image: try reference("lossless"))
        var context = ImageEncodingContext(request: ImageRequest(url: nil), image: source)
        context.compressionQuality = 0.5
        let expected = try JXLEncoder(mode: .lossy(distance: JXLEncoder.distance(forQuality: 50))).encode(source.image)
        #expect(try JXLEncoder().encode(source, context: context) == expected)
        #expect(
            try JXLEncoder(mode: .lossless).encode(source, context: context)
                == JXLEncoder(mode: .lossless).encode(source.image)
        )
        context.compressionQuality = -1
        #expect(throws: ImageEncodingError.self) { try JXLEncoder().encode(source, context: context) }
    }

    @Test("The plugin registers the decoder and the encoder; the library version is reported")
    func plugin() throws {
        var registry = PluginRegistry()
        registry.install(JXLPlugin())
        let context = ImageDecodingContext(
            request: ImageRequest(url: nil),
            data: try fixture("lossy.jxl"),
            registry: registry
        )
        #expect(context.assetType == .jxl)
        #expect(registry.decoder(for: context) is JXLDecoder)
        #expect(registry.encoder(for: .jxl) is JXLEncoder)
        #expect(JXLPlugin.libraryVersion.hasPrefix("0.") || JXLPlugin.libraryVersion.hasPrefix("1."))
    }
}

@Suite struct JXLDecoderContractTests {
    @Test(arguments: DecoderContract.Check.allCases)
    func contract(_ check: DecoderContract.Check) async throws {
        try await DecoderContract(
            plugin: JXLPlugin(encoder: JXLEncoder(mode: .lossless)),
            type: .jxl,
            fixtures: try ["lossless.jxl", "lossy.jxl", "alpha.jxl", "animated.jxl"].map(fixture),
            bombs: [HostileImages.jxl(width: 30_000, height: 30_000)],
            maximumPixelCount: 1 << 20,
            printsBecause: "Debian's libjxl 0.7 is built to print JXL_FAILURE traces of bad input to stderr"
        ).run(check)
    }
}

/// ``decode(_:request:maximumPixelCount:maximumFrameCount:)`` for bad data, whose decode makes
/// libjxl print: quietly, so the messages reach no other test's capture.
func quietDecode(_ data: Data, maximumPixelCount: Int = 1 << 24, maximumFrameCount: Int = 1000) async throws
    -> ImageContainer
{
    try await quietly { try decode(data, maximumPixelCount: maximumPixelCount, maximumFrameCount: maximumFrameCount) }
}
