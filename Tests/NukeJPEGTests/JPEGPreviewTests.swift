// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

import Foundation
import NukeCore
import NukeImaging
import NukeTestSupport
import Synchronization
import Testing

@testable import NukeJPEG

/// Preview policies as Image I/O gives them to Nuke: `.thumbnail` yields the EXIF thumbnail,
/// `.incremental` the rows of a baseline JPEG decoded so far.
@Suite struct JPEGPreviewTests {
    /// A 24×16 thumbnail, one colour.
    static func thumbnail() throws -> Data {
        try JPEGEncoder(quality: 0.95).encode(
            try Bitmap(width: 24, height: 16, pixelFormat: .rgba8, fill: [200, 40, 40, 255])
        )
    }

    /// `baseline-444` (96×64) with an EXIF APP1 after SOI: IFD0 says orientation `orientation`,
    /// IFD1 points at `thumbnail` (or at `thumbnailOffset` when given, to make it malformed).
    static func photo(orientation: UInt16 = 6, thumbnail: Data, thumbnailOffset: UInt32? = nil) throws -> Data {
        var tiff = Data("II*\0".utf8)
        func append16(_ value: UInt16) { tiff.append(contentsOf: [UInt8(value & 0xFF), UInt8(value >> 8)]) }
        func append32(_ value: UInt32) {
            for shift in [0, 8, 16, 24] { tiff.append(UInt8((value >> UInt32(shift)) & 0xFF)) }
        }
        func entry(_ tag: UInt16, type: UInt16, value: UInt32) {
            append16(tag)
            append16(type)
            append32(1)
            append32(value)
        }
        append32(8)  // IFD0
        append16(1)
        entry(0x0112, type: 3, value: UInt32(orientation))
        append32(26)  // IFD1
        append16(3)
        entry(0x0103, type: 3, value: 6)
        entry(0x0201, type: 4, value: thumbnailOffset ?? 68)
        entry(0x0202, type: 4, value: UInt32(thumbnail.count))
        append32(0)
        tiff.append(thumbnail)
        let payload = Data("Exif\0\0".utf8) + tiff
        let length = payload.count + 2
        let segment = Data([0xFF, 0xE1, UInt8(length >> 8), UInt8(length & 0xFF)]) + payload
        let image = try JPEGEncoder(quality: 0.9).encode(try reference("baseline-444"))
        return image.prefix(2) + segment + image.dropFirst(2)
    }

    private func decoder(for data: Data, policy: ImagePipeline.PreviewPolicy) -> JPEGDecoder {
        var context = ImageDecodingContext(request: ImageRequest(url: nil), data: data, isCompleted: false)
        context.previewPolicy = policy
        return JPEGDecoder(context: context)
    }

    @Test("The EXIF thumbnail is found, decoded and turned upright as soon as it has arrived")
    func exifThumbnail() throws {
        let thumbnail = try Self.thumbnail()
        let data = try Self.photo(thumbnail: thumbnail)
        let metadata = JPEGMetadata(data)
        #expect(metadata.orientation == 6)
        let range = try #require(metadata.exifThumbnailRange)
        #expect(data[range] == thumbnail)

        let decoder = decoder(for: data, policy: .thumbnail)
        #expect(decoder.decodePartiallyDownloadedData(data.prefix(range.upperBound - 1)) == nil)
        let preview = try #require(decoder.decodePartiallyDownloadedData(data.prefix(range.upperBound)))
        #expect(preview.isPreview)
        #expect(preview.image.width == 16 && preview.image.height == 24, "turned a quarter, as the photo")
        #expect(
            ReferenceImage.maximumDifference(
                preview.image,
                try Bitmap(width: 16, height: 24, pixelFormat: .rgba8, fill: [200, 40, 40, 255])
            ) ?? 99 <= 4
        )
        // The photo itself decodes as before, upright.
        let full = try decode(data).image
        #expect(full.width == 64 && full.height == 96)
        // No thumbnail, no preview; `.incremental` on a baseline file decodes rows instead.
        let plain = try fixture("baseline-444.jpg")
        #expect(self.decoder(for: plain, policy: .thumbnail).decodePartiallyDownloadedData(plain) == nil)
    }

    @Test("Malformed EXIF thumbnails read as absent", arguments: [UInt32(0), 60_000, UInt32.max])
    func malformedThumbnail(offset: UInt32) throws {
        let data = try Self.photo(thumbnail: try Self.thumbnail(), thumbnailOffset: offset)
        #expect(JPEGMetadata(data).exifThumbnailRange == nil)
        #expect(decoder(for: data, policy: .thumbnail).decodePartiallyDownloadedData(data) == nil)
        #expect(try decode(data).image.width == 64)
    }

    @Test("A baseline JPEG's partial data gives the rows decoded so far, once per new data")
    func baselineRows() throws {
        let data = try fixture("baseline-444.jpg")
        let full = try decode(data).image
        let decoder = decoder(for: data, policy: .incremental)
        let partial = data.prefix(data.count * 6 / 10)
        let preview = try #require(decoder.decodePartiallyDownloadedData(partial))
        #expect(preview.image.width == full.width && preview.image.height == full.height)
        let topRows = { (image: Bitmap) in try image.cropped(x: 0, y: 0, width: 96, height: 16) }
        #expect(ReferenceImage.maximumDifference(try topRows(preview.image), try topRows(full)) == 0)
        #expect(decoder.decodePartiallyDownloadedData(partial) == nil, "no new data, no new preview")
        #expect(decoder.decodePartiallyDownloadedData(data.prefix(data.count * 8 / 10)) != nil)
    }

    /// Answers one preview policy for every download.
    final class PolicyDelegate: ImagePipeline.Delegate {
        let policy: ImagePipeline.PreviewPolicy
        init(_ policy: ImagePipeline.PreviewPolicy) { self.policy = policy }
        func previewPolicy(for context: ImageDecodingContext, pipeline: ImagePipeline) -> ImagePipeline.PreviewPolicy {
            policy
        }
    }

    @Test("Through the pipeline: .thumbnail gives the EXIF thumbnail as the one preview, then the photo")
    func pipelineThumbnailPreview() async throws {
        let data = try Self.photo(thumbnail: try Self.thumbnail())
        // Two chunks, the thumbnail whole in the first: its preview needs no later chunk (a
        // preview decode still running when a chunk arrives skips that chunk).
        let loader = MockProgressiveDataLoader(data: data, chunkCount: 2)
        #expect(try #require(JPEGMetadata(data).exifThumbnailRange).upperBound < data.count / 2)
        var registry = PluginRegistry()
        registry.install(JPEGPlugin())
        let pipeline = ImagePipeline(
            configuration: {
                var configuration = ImagePipeline.Configuration(registry: registry)
                configuration.dataLoader = loader
                configuration.imageCache = nil
                configuration.httpCache = nil
                configuration.isProgressiveDecodingEnabled = true
                configuration.progressiveDecodingInterval = 0
                configuration.isRateLimiterEnabled = false
                return configuration
            }(),
            delegate: PolicyDelegate(.thumbnail)
        )
        let task = pipeline.imageTask(with: URL(string: "http://example.com/photo.jpg")!)
        let previews = Collector<String>()
        let collecting = Task {
            for await preview in task.previews { previews.append("\(preview.image.width)x\(preview.image.height)") }
        }
        await loader.waitUntilStarted()
        try await loader.serveChunksOneByOne(to: task) { await previews.wait(untilCount: 1) }
        let image = try await task.image
        await collecting.value
        #expect(previews.all == ["16x24"])
        #expect(image.width == 64 && image.height == 96)
    }
}
