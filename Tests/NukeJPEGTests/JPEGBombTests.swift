// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

import Foundation
import NukeCore
import NukeTestSupport
import Testing

@testable import NukeJPEG

/// Small JPEGs that declare huge images or end early: each is a typed error, found before the
/// decode allocates or computes what the header promises.
@Suite struct JPEGBombTests {
    private func pipeline(maximumPixelCount: Int = 1 << 28) -> ImagePipeline {
        HostileImages.pipeline(installing: JPEGPlugin()) { $0.maximumDecodedPixelCount = maximumPixelCount }
    }

    private func source(progressive: Bool) throws -> Data {
        try JPEGEncoder(quality: 0.9, isProgressive: progressive).encode(HostileImages.noise(width: 64, height: 64))
    }

    /// A baseline JPEG declaring 16384×16384 cut 200 bytes into its scan data, then EOI or
    /// nothing: under a kilobyte.
    private func hugeBaseline(endsWithEOI: Bool) throws -> Data {
        let source = try source(progressive: false)
        let scan = try #require(HostileImages.jpegScanOffsets(source).first)
        let huge = HostileImages.jpeg(source, declaringWidth: 16384, height: 16384)
        return HostileImages.jpeg(huge, cutAt: scan + 200, endsWithEOI: endsWithEOI)
    }

    /// A progressive JPEG declaring 16384×16384 that holds only the small source's first scan,
    /// then EOI: a few hundred bytes.
    private func hugeProgressiveFirstScan() throws -> Data {
        let source = try source(progressive: true)
        let scans = HostileImages.jpegScanOffsets(source)
        let huge = HostileImages.jpeg(source, declaringWidth: 16384, height: 16384)
        return HostileImages.jpeg(huge, cutAt: scans[1], endsWithEOI: true)
    }

    @Test("A baseline JPEG declaring 16384×16384 whose scan data reaches EOI early is truncated, not a grey image")
    func baselineEndingAtEOI() async throws {
        let bomb = try hugeBaseline(endsWithEOI: true)
        #expect(bomb.count < 1000)
        #expect(await HostileImages.decodingError(loading: bomb, with: pipeline()) == .truncated)
        // A thumbnail decode (DCT-scaled) stops at the same point.
        let thumbnail = await HostileImages.decodingError(loading: bomb, with: pipeline()) {
            $0.thumbnail = ThumbnailOptions(maxPixelSize: 256)
        }
        #expect(thumbnail == .truncated)
        // Padded past the size check (a bit per block), the EOI inside the scan data is what
        // stops the decode.
        let padded = bomb + Data(count: 1 << 20)
        #expect(await HostileImages.decodingError(loading: padded, with: pipeline()) == .truncated)
    }

    @Test("A baseline JPEG declaring 16384×16384 whose data simply stops is truncated")
    func baselineCut() async throws {
        let bomb = try hugeBaseline(endsWithEOI: false)
        #expect(await HostileImages.decodingError(loading: bomb, with: pipeline()) == .truncated)
    }

    @Test(
        "A progressive JPEG declaring 16384×16384 is refused from its header: coefficients and output exceed the budget"
    )
    func progressiveOverBudget() async throws {
        // Padded past the size check (a bit per block), so the budget is what refuses it.
        let bomb = try hugeProgressiveFirstScan() + Data(count: 1 << 20)
        let budget = (1 << 28) * 4
        let error = await HostileImages.decodingError(loading: bomb, with: pipeline())
        guard case .exceedsMemoryBudget(let bytes, let reported)? = error else {
            Issue.record("expected exceedsMemoryBudget, got \(String(describing: error))")
            return
        }
        #expect(reported == budget)
        #expect(bytes > budget)
    }

    @Test(
        "A tiny file declaring 16384×16384 is truncated from its size alone, before any allocation, thumbnails included"
    )
    func tooShortForItsBlocks() async throws {
        // 805 MB of coefficients and a 16 MB 1/8-scale output fit a 1 GiB budget, so only the
        // size check stops a thumbnail decode of this file before libjpeg allocates and clears
        // the coefficient buffers.
        let bomb = try hugeProgressiveFirstScan()
        let thumbnail = await HostileImages.decodingError(loading: bomb, with: pipeline()) {
            $0.thumbnail = ThumbnailOptions(maxPixelSize: 256)
        }
        #expect(thumbnail == .truncated)
        let context = ImageDecodingContext(
            request: ImageRequest(url: URL(string: "http://x/a.jpg")),
            data: bomb,
            maximumPixelCount: 1 << 28
        )
        #expect(throws: ImageDecodingError.truncated) { try JPEGDecoder(context: context).decode(bomb) }
    }

    @Test("A progressive JPEG that fits the pixel limit but not the memory budget is refused")
    func progressiveBudgetCountsCoefficients() async throws {
        let source = try source(progressive: true)
        let bomb = HostileImages.jpeg(source, declaringWidth: 4000, height: 4000) + Data(count: 1 << 20)
        // 16 MP fit a 16 MP pixel limit, but the output (64 MB) plus the coefficients (48 MB for
        // 4:2:0) do not fit its 64 MB budget.
        let error = await HostileImages.decodingError(loading: bomb, with: pipeline(maximumPixelCount: 4000 * 4000))
        guard case .exceedsMemoryBudget? = error else {
            Issue.record("expected exceedsMemoryBudget, got \(String(describing: error))")
            return
        }
    }

    @Test("A progressive JPEG ending at EOI between two scans is truncated; as a preview it is a partial image")
    func progressiveEndingBetweenScans() async throws {
        let source = try source(progressive: true)
        let scans = HostileImages.jpegScanOffsets(source)
        try #require(scans.count > 3)
        let bomb = HostileImages.jpeg(source, cutAt: scans[2], endsWithEOI: true)
        #expect(await HostileImages.decodingError(loading: bomb, with: pipeline()) == .truncated)

        let context = ImageDecodingContext(request: ImageRequest(url: URL(string: "http://x/a.jpg")), data: bomb)
        let preview = try #require(JPEGDecoder(context: context).decodePartiallyDownloadedData(bomb))
        #expect(preview.isPreview)
        #expect(preview.image.width == 64)
    }

    @Test("The complete files the bombs were made from still decode")
    func sourcesDecode() async throws {
        for progressive in [false, true] {
            let data = try source(progressive: progressive)
            #expect(await HostileImages.decodingError(loading: data, with: pipeline()) == nil)
        }
    }
}
