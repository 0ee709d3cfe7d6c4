// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

import Foundation
import NukeCore
import NukeImaging
import NukeTestSupport
import Testing

@testable import NukeJPEG

func fixture(_ name: String) throws -> Data {
    let url = try #require(Bundle.module.url(forResource: name, withExtension: nil, subdirectory: "Fixtures"))
    return try Data(contentsOf: url)
}

func reference(_ name: String) throws -> Bitmap {
    try ReferenceImage.read(try fixture(name + ".reference.pnm"))
}

func decode(
    _ data: Data,
    request: ImageRequest = ImageRequest(url: URL(string: "file:///x.jpg")),
    maximumPixelCount: Int = 1 << 28
)
    throws -> ImageContainer
{
    let context = ImageDecodingContext(request: request, data: data, maximumPixelCount: maximumPixelCount)
    return try JPEGDecoder(context: context).decode(data)
}

@Suite struct JPEGDecoderTests {
    static let colorFixtures = [
        "baseline-444", "baseline-422", "baseline-420", "baseline-440", "baseline-411", "progressive", "restart",
    ]

    @Test(
        "Baseline, every subsampling, progressive and restart markers match libjpeg's djpeg within 1",
        arguments: colorFixtures
    )
    func colorDecodes(name: String) throws {
        let image = try decode(try fixture(name + ".jpg"))
        #expect(image.type == .jpeg)
        #expect(image.image.pixelFormat == .rgba8)
        #expect(image.image.isOpaque)
        let difference = try #require(ReferenceImage.maximumDifference(image.image, try reference(name)))
        #expect(difference <= 1)
    }

    @Test("Grayscale stays an 8-bit gray bitmap")
    func grayscale() throws {
        let image = try decode(try fixture("gray.jpg")).image
        #expect(image.pixelFormat == .gray8)
        #expect(ReferenceImage.maximumDifference(image, try reference("gray")) ?? 99 <= 1)
    }

    @Test("Adobe CMYK becomes RGB")
    func cmyk() throws {
        let image = try decode(try fixture("cmyk.jpg")).image
        #expect(image.pixelFormat == .rgba8)
        let difference = try #require(ReferenceImage.maximumDifference(image, try reference("cmyk")))
        #expect(difference <= 2, "ImageMagick rounds its own CMYK conversion; \(difference)")
    }

    @Test("All eight EXIF orientations come back upright, and the value is exposed", arguments: 1...8)
    func orientation(value: Int) throws {
        let container = try decode(try fixture("orientation-\(value).jpg"))
        #expect(container.userInfo[.exifOrientationKey] as? Int == value)
        // The EXIF block as the file stores it (the TIFF bytes after the APP1 segment's
        // "Exif\0\0"), when asked for.
        #expect(container.userInfo[.exifKey] == nil)
        let data = try fixture("orientation-\(value).jpg")
        var options = JPEGDecoder.Options()
        options.keepsEXIF = true
        let context = ImageDecodingContext(request: ImageRequest(url: nil), data: data)
        let kept = try JPEGDecoder(context: context, options: options).decode(data)
        let exif = try #require(kept.userInfo[.exifKey] as? Data)
        let header = try #require(data.range(of: Data("Exif\0\0".utf8)))
        #expect(data[header.upperBound..<header.upperBound + exif.count] == exif)
        #expect(exif.prefix(2) == Data("II".utf8) || exif.prefix(2) == Data("MM".utf8))
        let expected = try reference("orientation-\(value)")
        #expect(container.image.width == expected.width && container.image.height == expected.height)
        #expect(ReferenceImage.maximumDifference(container.image, expected) ?? 99 <= 1)
    }

    @Test("The EXIF block comes from the right bytes of a Data slice that does not start at 0")
    func exifFromSlice() throws {
        let data = try fixture("orientation-6.jpg")
        let slice = (Data([1, 2, 3]) + data).dropFirst(3)
        var options = JPEGDecoder.Options()
        options.keepsEXIF = true
        let context = ImageDecodingContext(request: ImageRequest(url: nil), data: slice)
        let fromSlice = try JPEGDecoder(context: context, options: options).decode(slice)
        let whole = try JPEGDecoder(
            context: ImageDecodingContext(request: ImageRequest(url: nil), data: data),
            options: options
        )
        .decode(data)
        let exif = try #require(fromSlice.userInfo[.exifKey] as? Data)
        #expect(exif == whole.userInfo[.exifKey] as? Data && EXIFStructure(Array(exif))?.orientation == 6)
    }

    @Test("Orientation can be left unapplied")
    func orientationNotApplied() throws {
        let data = try fixture("orientation-6.jpg")
        var options = JPEGDecoder.Options()
        options.appliesOrientation = false
        let context = ImageDecodingContext(request: ImageRequest(url: nil), data: data)
        let image = try JPEGDecoder(context: context, options: options).decode(data).image
        #expect(image.width == 96 && image.height == 64)
    }

    @Test("The ICC profile's bytes are kept")
    func iccProfile() throws {
        let container = try decode(try fixture("icc.jpg"))
        #expect(container.userInfo[.iccProfileKey] as? Data == (try fixture("profile.icc")))
        #expect(try decode(try fixture("baseline-444.jpg")).userInfo[.iccProfileKey] == nil)
    }

    @Test("A thumbnail uses DCT scaling: exactly djpeg -scale 1/2 when that is the target")
    func dctScaledThumbnail() throws {
        var request = ImageRequest(url: nil)
        request.thumbnail = ThumbnailOptions(maxPixelSize: 48)
        let image = try decode(try fixture("baseline-420.jpg"), request: request).image
        #expect(image.width == 48 && image.height == 32)
        #expect(ReferenceImage.maximumDifference(image, try reference("baseline-420-half")) ?? 99 <= 1)
        #expect(JPEGDecoder.dctScale(width: 4000, height: 3000, target: (256, 192)) == 1)
        #expect(JPEGDecoder.dctScale(width: 4000, height: 3000, target: (501, 376)) == 2)
        #expect(JPEGDecoder.dctScale(width: 96, height: 64, target: (96, 64)) == 8)
    }

    @Test("A thumbnail between DCT scales is resampled to the exact size, upright")
    func exactThumbnail() throws {
        var request = ImageRequest(url: nil)
        request.thumbnail = ThumbnailOptions(maxPixelSize: 40)
        let image = try decode(try fixture("baseline-444.jpg"), request: request).image
        #expect(image.width == 40 && image.height == 27)
        let rotated = try decode(try fixture("orientation-6.jpg"), request: request).image
        #expect(rotated.width == 27 && rotated.height == 40)
        let full = try reference("baseline-444").resized(width: 40, height: 27)
        #expect(ReferenceImage.maximumDifference(image, full) ?? 99 <= 12)
    }

    /// A reduction to `width` pixels wide that accepts any decode scale, or powers of two only.
    struct WidthReduction: ImageDownscaling {
        let width: Int
        let acceptsAnyDecodeScale: Bool
        var identifier: String { "test/width?\(width)" }
        func minimumInputSize(width: Int, height: Int) -> (width: Int, height: Int)? {
            self.width < width ? (self.width, height * self.width / width) : nil
        }
        func process(_ image: Bitmap) -> Bitmap? { image }
    }

    @Test("Shrink-on-load decodes at 1/8, 2/8 or 4/8; at any n/8 for processors that accept any scale")
    func shrinkOnLoadScales() throws {
        let data = try fixture("baseline-420.jpg")  // 96×64
        func decodedWidth(reducingTo width: Int, anyScale: Bool) throws -> Int {
            var context = ImageDecodingContext(request: ImageRequest(url: nil), data: data)
            context.shrinkOnLoad = ShrinkOnLoad(downscalers: [
                WidthReduction(width: width, acceptsAnyDecodeScale: anyScale)
            ])
            let container = try JPEGDecoder(context: context).decode(data)
            #expect(container.originalPixelSize?.width == 96)
            return container.image.width
        }
        #expect(try decodedWidth(reducingTo: 30, anyScale: false) == 48)  // 4/8
        #expect(try decodedWidth(reducingTo: 30, anyScale: true) == 36)  // 3/8
        #expect(try decodedWidth(reducingTo: 60, anyScale: true) == 60)  // 5/8
        #expect(try decodedWidth(reducingTo: 12, anyScale: true) == 12)  // 1/8
        #expect(ShrinkOnLoad(downscalers: []).acceptsAnyScale == false)
        #expect(
            ShrinkOnLoad(downscalers: [
                WidthReduction(width: 30, acceptsAnyDecodeScale: true),
                WidthReduction(width: 40, acceptsAnyDecodeScale: false),
            ]).acceptsAnyScale == false
        )
    }

    @Test("The pixel limit is enforced from the header")
    func pixelLimit() throws {
        #expect(throws: ImageDecodingError.imageTooLarge(width: 96, height: 64, limit: 6000)) {
            try decode(try fixture("baseline-444.jpg"), maximumPixelCount: 6000)
        }
    }

    @Test("Truncated, corrupt and non-JPEG data are typed errors")
    func badInput() throws {
        let data = try fixture("baseline-420.jpg")
        #expect(throws: ImageDecodingError.truncated) { try decode(data.prefix(data.count / 2)) }
        #expect(throws: ImageDecodingError.truncated) { try decode(data.prefix(40)) }
        #expect(throws: ImageDecodingError.unrecognizedFormat) { try decode(Data("not a jpeg".utf8)) }
        #expect(throws: ImageDecodingError.unrecognizedFormat) { try decode(Data()) }
        var corrupt = data
        for index in 20..<40 { corrupt[index] = 0xFF }
        #expect(throws: ImageDecodingError.self) { try decode(corrupt) }
    }

    @Test("Partial data of a progressive JPEG yields a preview per completed scan; none when previews are off")
    func previews() throws {
        let data = try fixture("progressive.jpg")
        let decoder = JPEGDecoder(context: ImageDecodingContext(request: ImageRequest(url: nil), data: data))
        var scans: [Int] = []
        for length in stride(from: 200, to: data.count, by: 50) {
            if let preview = decoder.decodePartiallyDownloadedData(data.prefix(length)) {
                #expect(preview.isPreview)
                #expect(preview.image.width == 96 && preview.image.height == 64)
                scans.append(preview.userInfo[.scanNumberKey] as? Int ?? 0)
            }
        }
        #expect(scans.count >= 3)
        #expect(scans == scans.sorted() && Set(scans).count == scans.count)
        let baseline = try fixture("baseline-420.jpg")
        var disabled = ImageDecodingContext(request: ImageRequest(url: nil), data: baseline)
        disabled.previewPolicy = .disabled  // What the default policy says for baseline files.
        let baselineDecoder = JPEGDecoder(context: disabled)
        #expect(baselineDecoder.decodePartiallyDownloadedData(baseline.prefix(baseline.count - 100)) == nil)
    }
}

@Suite struct JPEGReuseTests {
    private func address(_ bitmap: Bitmap) -> UnsafeRawPointer? {
        bitmap.withUnsafeBytes { $0.baseAddress }
    }

    @Test("Decoding into a reused bitmap writes the same pixels into the same memory")
    func reuse() throws {
        let first = try fixture("baseline-444.jpg")
        let second = try fixture("baseline-422.jpg")
        let decoder = JPEGDecoder(context: ImageDecodingContext(request: ImageRequest(url: nil), data: first))
        var storage: Bitmap? = try decoder.decode(first).image
        let memory = address(storage!)
        let image = try decoder.decode(second, reusing: &storage).image
        #expect(storage == nil, "the storage is consumed")
        #expect(address(image) == memory)
        #expect(image == (try decoder.decode(second).image))
    }

    @Test("A bitmap of another size, format or one still shared is not written into")
    func noReuse() throws {
        let data = try fixture("baseline-444.jpg")
        let decoder = JPEGDecoder(context: ImageDecodingContext(request: ImageRequest(url: nil), data: data))
        var small: Bitmap? = try Bitmap(width: 10, height: 10, pixelFormat: .rgba8, fill: [1, 2, 3, 255])
        let fresh = try decoder.decode(data, reusing: &small).image
        #expect(fresh.width == 96)

        let kept = try Bitmap(width: 96, height: 64, pixelFormat: .rgba8, fill: [9, 9, 9, 255])
        var shared: Bitmap? = kept
        let decoded = try decoder.decode(data, reusing: &shared).image
        #expect(kept.pixel(x: 0, y: 0) == [9, 9, 9, 255], "copy-on-write protects the other holder")
        #expect(decoded == (try decoder.decode(data).image))
    }
}
