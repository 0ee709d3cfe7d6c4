// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

import Foundation
import NukeCore
import NukeTestSupport
import Testing

@testable import NukeJPEG

/// Progressive thumbnails at 1/8 scale decoded from the DC scans (and, for 4:2:0 chroma, the
/// scans libjpeg-turbo's 2×2 chroma IDCT reads) against decodes of every scan.
@Suite struct JPEGDCScansTests {
    static let photos = ["photo-420-progressive.jpg", "photo-444-progressive.jpg"]

    /// Decodes at 1/8 scale through a thumbnail request, from the DC scans or from every scan.
    func eighth(_ data: Data, fromDCScans: Bool) throws -> Bitmap {
        let size = try JPEGDecoder.pixelSize(of: data)
        var request = ImageRequest(url: URL(string: "file:///x.jpg"))
        request.thumbnail = ThumbnailOptions(maxPixelSize: Double((max(size.width, size.height) + 7) / 8))
        var options = JPEGDecoder.Options()
        options.decodesFromDCScans = fromDCScans
        let context = ImageDecodingContext(request: request, data: data)
        return try JPEGDecoder(context: context, options: options).decode(data).image
    }

    @Test("The output is identical to a 1/8 decode of every scan", arguments: photos)
    func identical(photo: String) throws {
        let data = try fixture(photo)
        let fromDC = try eighth(data, fromDCScans: true)
        let full = try eighth(data, fromDCScans: false)
        #expect(fromDC.width == 160 && fromDC.height == 100)
        #expect(ReferenceImage.maximumDifference(fromDC, full) == 0)
    }

    @Test(
        "Without AC scans, the DC scans become one baseline scan, and the 1/8 decode is identical",
        arguments: [
            "photo-444-progressive.jpg", "dc-gray.jpg", "dc-422.jpg", "dc-restart.jpg", "dc-separate.jpg",
            "dc-refined.jpg", "dc-cmyk.jpg",
        ]
    )
    func baseline(name: String) throws {
        let data = try fixture(name)
        let dcScans = try #require(JPEGDCScans(data, maximumScanCount: 100))
        #expect(!dcScans.keepsACScans)
        let baseline = try #require(JPEGBaselineDC(dcScans.data)).data
        let firstScan = try #require(JPEGMetadata(baseline).firstScanOffset)
        #expect(JPEGMetadata.completedScanCount(baseline, firstScanOffset: firstScan) == 1)
        // A baseline frame header, no progressive one (entropy data holds no marker codes).
        let markers = Set(zip(baseline, baseline.dropFirst()).filter { $0.0 == 0xFF }.map(\.1))
        #expect(markers.contains(0xC0) && !markers.contains(0xC2))
        let (fromDC, full) = (try eighth(data, fromDCScans: true), try eighth(data, fromDCScans: false))
        #expect(fromDC.width == (try JPEGDecoder.pixelSize(of: data).width + 7) / 8)
        #expect(ReferenceImage.maximumDifference(fromDC, full) == 0)
    }

    @Test("No baseline rewrite of AC scans, damaged scans or other data: the DC scans are decoded as they are")
    func noBaseline() throws {
        let reduced420 = try #require(JPEGDCScans(try fixture("photo-420-progressive.jpg"), maximumScanCount: 100))
        #expect(reduced420.keepsACScans && JPEGBaselineDC(reduced420.data) == nil)
        let dcScans = try #require(JPEGDCScans(try fixture("dc-restart.jpg"), maximumScanCount: 100)).data
        for length in [0, 2, 100, dcScans.count / 2, dcScans.count - 2] {
            #expect(JPEGBaselineDC(dcScans.prefix(length)) == nil, "\(length) bytes")
        }
        // A restart marker out of sequence.
        var shuffled = [UInt8](dcScans)
        let firstRestart = try #require(shuffled.indices.first { shuffled[$0] == 0xFF && shuffled[$0 + 1] == 0xD0 })
        shuffled[firstRestart + 1] = 0xD3
        #expect(JPEGBaselineDC(Data(shuffled)) == nil)
        // A frame of far more blocks than the data has bits: refused before its blocks are allocated.
        var huge = [UInt8](dcScans)
        let frame = try #require(huge.indices.first { huge[$0] == 0xFF && huge[$0 + 1] == 0xC2 })
        huge.replaceSubrange((frame + 5)..<(frame + 9), with: [0xFF, 0xF0, 0xFF, 0xF0])  // 65,520 × 65,520
        #expect(JPEGBaselineDC(Data(huge)) == nil)
        #expect(JPEGBaselineDC(try fixture("baseline-444.jpg")) == nil)
        #expect(JPEGBaselineDC(Data("not a JPEG".utf8)) == nil)
    }

    @Test("4:4:4 keeps only the DC scans; 4:2:0 keeps the chroma's AC scans too")
    func keptScans() throws {
        let full444 = try fixture("photo-444-progressive.jpg")
        let reduced444 = try #require(JPEGDCScans(full444, maximumScanCount: 100)).data
        #expect(reduced444.count * 4 < full444.count)
        #expect(
            JPEGMetadata.completedScanCount(
                reduced444,
                firstScanOffset: try #require(JPEGMetadata(reduced444).firstScanOffset)
            ) == 2
        )
        let full420 = try fixture("photo-420-progressive.jpg")
        let reduced420 = try #require(JPEGDCScans(full420, maximumScanCount: 100)).data
        #expect(reduced420.count < full420.count)
        let scans420 = JPEGMetadata.completedScanCount(
            reduced420,
            firstScanOffset: try #require(JPEGMetadata(reduced420).firstScanOffset)
        )
        #expect(scans420 > 2)
    }

    @Test("No reduction unless the file is a whole progressive Huffman JPEG within the scan limit")
    func onlyWholeFiles() throws {
        let data = try fixture("photo-444-progressive.jpg")
        for fraction in [0.2, 0.5, 0.9, 0.999] {
            #expect(JPEGDCScans(data.prefix(Int(Double(data.count) * fraction)), maximumScanCount: 100) == nil)
        }
        let reduced = try #require(JPEGDCScans(data, maximumScanCount: 100)).data
        #expect(JPEGDCScans(reduced, maximumScanCount: 100) == nil)  // Its luma AC was never sent.
        #expect(JPEGDCScans(data, maximumScanCount: 5) == nil)
        #expect(JPEGDCScans(try fixture("baseline-420.jpg"), maximumScanCount: 100) == nil)
    }

    @Test("A progressive file that ends early is still a truncated error at 1/8 scale")
    func truncationStaysAnError() throws {
        let data = try fixture("photo-444-progressive.jpg")
        let dcOnly = try #require(JPEGDCScans(data, maximumScanCount: 100)).data  // DC scans, then EOI.
        #expect(throws: ImageDecodingError.truncated) { try eighth(dcOnly, fromDCScans: true) }
        #expect(throws: ImageDecodingError.truncated) {
            try eighth(data.prefix(data.count * 2 / 3), fromDCScans: true)
        }
    }
}
