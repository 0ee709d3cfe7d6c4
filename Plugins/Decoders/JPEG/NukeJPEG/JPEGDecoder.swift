// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

internal import CNukeJPEG
public import NukeCore
internal import NukeImaging
internal import Synchronization

#if canImport(FoundationEssentials)
    public import FoundationEssentials
#else
    public import Foundation
#endif

/// Decodes JPEG with libjpeg-turbo: baseline and progressive, every chroma subsampling,
/// grayscale (kept as an 8-bit gray bitmap), CMYK and YCCK (converted to RGB, Adobe inversion
/// included).
///
/// - A CMYK image with a CMYK ICC profile is converted to sRGB through that profile by the
///   pipeline's colour manager (`ImageDecodingContext.colorConversion`, NukeLCMS); without a
///   profile or a colour manager, each ink's complement is multiplied by black's, as browsers
///   show CMYK. Either way the CMYK profile is recorded under `UserInfoKey.sourceICCProfileKey`,
///   not as the image's profile: it does not describe RGB pixels.
/// - An RGB image with an ICC profile is converted to sRGB row by row as it decodes when the
///   pipeline's colour manager offers a `PlanarRowConversion` for the profile (NukeLCMS does where
///   its AVX-512 loop runs it): libjpeg's YCbCr → RGB step is replaced by one giving the same
///   values as red, green and blue planes, handed to it, and the container carries no profile.
///   Otherwise the profile is recorded and the pipeline converts after the decode.
/// - EXIF orientation is read, exposed under `UserInfoKey.exifOrientationKey` and, by
///   default, applied, so the image comes back upright. With ``Options/keepsEXIF`` the EXIF
///   block is kept under `UserInfoKey.exifKey`; the ICC profile's bytes are kept under
///   `UserInfoKey.iccProfileKey`.
/// - For requests with thumbnail options, the image is decoded at the smallest DCT scale
///   (1/8 … 8/8) not below the target, then resampled to the exact size.
/// - When the request's first processor reduces the image (shrink-on-load, see
///   `ImageDecodingContext.minimumDecodedSize(width:height:)`), the image is decoded at the
///   smallest DCT scale not below what that processor needs (1/8, 2/8 or 4/8; any n/8 when the
///   processor accepts any scale), and left at that size for it.
/// - A 1/8-scale decode of a whole progressive file reads only its DC scans (see
///   ``Options/decodesFromDCScans``).
/// - Previews of partial data, as the decoding context's preview policy asks: with
///   `.incremental`, each newly completed scan of a progressive JPEG, or the rows of a baseline
///   JPEG decoded so far (the rest grey); with `.thumbnail`, the thumbnail the file's EXIF
///   embeds, turned upright, as soon as it has arrived.
/// - The pixel limit is checked from the header, before any pixel memory is allocated, and so is
///   the memory budget (the output plus, for progressive files, libjpeg's coefficient buffers).
/// - Data that ends early (runs out, or reaches EOI before the last row or the last scan) is
///   `ImageDecodingError.truncated`; decoding stops there instead of filling the missing rows.
public final class JPEGDecoder: ImageDecoding {
    /// Options for a decoder.
    public struct Options: Hashable, Sendable {
        /// Whether the EXIF orientation is applied (default `true`).
        public var appliesOrientation = true
        /// Whether the EXIF block is kept under `UserInfoKey.exifKey` (default `false`: it can be
        /// tens of kilobytes — maker notes, a thumbnail — beside a small image in a memory cache).
        public var keepsEXIF = false
        /// Whether to trade a little quality for speed (integer IDCT, plain upsampling). Thumbnail
        /// decodes whose DCT-scaled output is resampled afterwards always take the fast path:
        /// the resampling hides the difference.
        public var prefersSpeed = false
        /// The most scans a progressive image may have (a guard against crafted files: each scan
        /// is a pass over the whole image). Real encoders write about 10; the default is 100.
        public var maximumScanCount = 100
        /// Whether a 1/8-scale decode of a progressive file (a thumbnail or shrink-on-load that
        /// small) reads only the DC scans, which is all it uses: the same pixels as reading every
        /// scan, for a fraction of the entropy decoding — and, where no AC scan is needed (all but
        /// 4:2:0), without the whole-image coefficient buffers of a progressive decode, the DC
        /// scans being rewritten as a baseline file. Default `true`.
        public var decodesFromDCScans = true

        /// Creates the default options.
        public init() {}
    }

    let context: ImageDecodingContext
    private let options: Options
    /// How far the last preview went: completed scans (progressive) or bytes (baseline).
    private let previewProgress = Mutex(0)

    /// Creates a decoder for one download.
    public init(context: ImageDecodingContext, options: Options = Options()) {
        self.context = context
        self.options = options
    }

    // MARK: ImageDecoding

    /// Decodes complete data.
    public func decode(_ data: Data) throws -> ImageContainer {
        var none: Bitmap?
        return try decode(data, allowingTruncation: false, reusing: &none)
    }

    /// Decodes complete data into `bitmap`'s storage when it has exactly the decoded size and
    /// format and nothing else shares it; otherwise into a new bitmap. `bitmap` is consumed
    /// either way — take the image back from the result.
    ///
    /// For batch work (a thumbnailer decoding image after image of one size) this skips what a
    /// fresh bitmap costs: the kernel clearing new memory for every image.
    ///
    /// ```swift
    /// var storage: Bitmap?
    /// for data in files {
    ///     let image = try decoder.decode(data, reusing: &storage).image
    ///     try write(image)
    ///     storage = image   // reused by the next decode once `image` goes out of scope
    /// }
    /// ```
    public func decode(_ data: Data, reusing bitmap: inout Bitmap?) throws -> ImageContainer {
        try decode(data, allowingTruncation: false, reusing: &bitmap)
    }

    /// A preview from partial data, as the context's preview policy asks: the EXIF thumbnail
    /// (`.thumbnail`); each newly completed scan of a progressive JPEG, or the rows of a baseline
    /// JPEG decoded so far (`.incremental`).
    public func decodePartiallyDownloadedData(_ data: Data) -> ImageContainer? {
        guard context.previewPolicy != .disabled else { return nil }
        let metadata = JPEGMetadata(data)
        if context.previewPolicy == .thumbnail { return embeddedThumbnail(in: data, metadata: metadata) }
        guard let firstScan = metadata.firstScanOffset, let header = try? Self.readHeader(data) else { return nil }
        let isProgressive = header.is_progressive == 1
        // Progressive: scans completed; baseline: bytes of the first (only) scan received.
        let progress =
            isProgressive
            ? JPEGMetadata.completedScanCount(data, firstScanOffset: firstScan) : data.count - firstScan
        let isNew = previewProgress.withLock { previous in
            guard progress > previous else { return false }
            previous = progress
            return true
        }
        var none: Bitmap?
        guard progress >= 1, isNew, var preview = try? decode(data, allowingTruncation: true, reusing: &none) else {
            return nil
        }
        preview.isPreview = true
        if isProgressive { preview.userInfo[.scanNumberKey] = progress }
        return preview
    }

    /// The JPEG thumbnail the file's EXIF embeds, decoded and turned upright (its own
    /// orientation is the image's), once it has arrived in full; `nil` if there is none or it
    /// does not decode.
    private func embeddedThumbnail(in data: Data, metadata: JPEGMetadata) -> ImageContainer? {
        guard let range = metadata.exifThumbnailRange, range.upperBound <= data.count else { return nil }
        let thumbnail = data.subdata(in: (data.startIndex + range.lowerBound)..<(data.startIndex + range.upperBound))
        var plain = context
        plain.request = ImageRequest(url: nil)  // The embedded image as it is: no thumbnail or shrink options.
        plain.shrinkOnLoad = nil
        var none: Bitmap?
        var options = self.options
        options.appliesOrientation = false
        guard var preview = try? JPEGDecoder(context: plain, options: options).decode(thumbnail, reusing: &none)
        else { return nil }
        if self.options.appliesOrientation, let orientation = metadata.orientation.flatMap(ImageOrientation.init) {
            preview.image = preview.image.applyingOrientation(orientation)
        }
        preview.isPreview = true
        return preview
    }

    // MARK: Decoding

    private func decode(_ data: Data, allowingTruncation: Bool, reusing storage: inout Bitmap?) throws -> ImageContainer
    {
        let header = try JPEGDecoder.readHeader(data)
        let (width, height) = (Int(header.width), Int(header.height))
        guard width > 0, height > 0 else { throw ImageDecodingError.corrupt(reason: "the image has no pixels") }
        let (pixels, overflow) = width.multipliedReportingOverflow(by: height)
        guard !overflow, pixels <= context.maximumPixelCount else {
            throw ImageDecodingError.imageTooLarge(width: width, height: height, limit: context.maximumPixelCount)
        }
        guard header.color != NUKE_JPEG_COLOR_OTHER else {
            throw ImageDecodingError.unsupported(reason: "JPEG colour space with \(header.components) components")
        }
        let metadata = JPEGMetadata(data)
        let orientation = metadata.orientation.flatMap(ImageOrientation.init(rawValue:)) ?? .up
        let appliesOrientation = options.appliesOrientation
        let effectiveOrientation = appliesOrientation ? orientation : .up
        let (scale, target, minimum) = decodeScale(width: width, height: height, orientation: effectiveOrientation)
        let scaled = Self.scaledSize(width: width, height: height, numerator: scale)
        let isCMYK = header.color == NUKE_JPEG_COLOR_CMYK
        // Converted to sRGB as it decodes where the colour manager offers it: each row in cache.
        let planar =
            header.color == NUKE_JPEG_COLOR_RGB
            ? metadata.iccProfile.flatMap { context.colorConversion?.planarRowConversion(from: .icc($0)) } : nil
        let decoded = try decodePixels(
            data,
            header: header,
            scale: scale,
            isResampledAfterwards: target.map { $0 != scaled } ?? false,
            allowingTruncation: allowingTruncation,
            conversion: planar,
            reusing: &storage
        )
        var image = decoded.bitmap
        if isCMYK { image = try convertingCMYK(image, profile: metadata.iccProfile) }
        if let target, image.width != target.width || image.height != target.height {
            image = try image.resized(width: target.width, height: target.height, kernel: context.resamplingKernel)
        }
        if appliesOrientation { image = image.applyingOrientation(orientation) }

        var container = ImageContainer(image: image, type: .jpeg)
        if let value = metadata.orientation { container.userInfo[.exifOrientationKey] = value }
        if options.keepsEXIF, let range = metadata.exifRange, range.upperBound <= data.count {
            let start = data.startIndex
            container.userInfo[.exifKey] = data.subdata(in: (start + range.lowerBound)..<(start + range.upperBound))
        }
        // A CMYK profile does not describe the RGB pixels a CMYK image becomes: kept apart. Nor
        // does the profile of pixels converted to sRGB as they were decoded.
        if let profile = metadata.iccProfile, !decoded.isConverted {
            container.userInfo[isCMYK ? .sourceICCProfileKey : .iccProfileKey] = profile
        }
        if minimum != nil {
            let swaps = effectiveOrientation.swapsDimensions
            container = context.shrunk(
                container,
                originalWidth: swaps ? height : width,
                originalHeight: swaps ? width : height
            )
        }
        return container
    }

    /// The most bytes decoding `data` allocates: the output at its DCT scale, a progressive
    /// file's coefficient buffers (two bytes a sample at full size), a thumbnail's resampled copy
    /// and the turned copy when the orientation is applied.
    public func estimatedMemory(for data: Data) -> Int? {
        guard let header = try? Self.readHeader(data), header.width > 0, header.height > 0 else { return nil }
        let (width, height) = (Int(header.width), Int(header.height))
        let stored = JPEGMetadata(data).orientation.flatMap(ImageOrientation.init(rawValue:)) ?? .up
        let orientation = options.appliesOrientation ? stored : .up
        let (scale, target, _) = decodeScale(width: width, height: height, orientation: orientation)
        let scaled = Self.scaledSize(width: width, height: height, numerator: scale)
        let samples = header.color == NUKE_JPEG_COLOR_GRAY ? 1 : 4
        var bytes = scaled.width * scaled.height * samples * (orientation == .up ? 1 : 2)
        if header.is_progressive == 1 { bytes += width * height * Int(header.components) * 2 }
        if let target { bytes += target.width * target.height * 4 }
        return bytes
    }

    /// The DCT scale (n/8) a decode of a `width × height` image uses, with the thumbnail size and
    /// the shrink-on-load minimum it was chosen for, in stored (un-rotated) pixels.
    private func decodeScale(width: Int, height: Int, orientation: ImageOrientation) -> (
        numerator: Int, target: (width: Int, height: Int)?, minimum: (width: Int, height: Int)?
    ) {
        let target = thumbnailTarget(width: width, height: height, orientation: orientation)
        let minimum = shrinkOnLoadMinimum(width: width, height: height, orientation: orientation)
        let scale =
            target.map { Self.dctScale(width: width, height: height, target: $0) }
            ?? minimum.map {
                Self.dctScale(
                    width: width,
                    height: height,
                    target: $0,
                    numerators: context.shrinkOnLoad?.acceptsAnyScale == true ? Array(1...8) : [1, 2, 4]
                )
            } ?? 8
        return (scale, target, minimum)
    }

    /// The smallest decode, in stored (un-rotated) pixels, the request's processors accept when
    /// the image may shrink on load.
    private func shrinkOnLoadMinimum(width: Int, height: Int, orientation: ImageOrientation) -> (
        width: Int, height: Int
    )? {
        let swaps = orientation.swapsDimensions
        guard
            let upright = context.minimumDecodedSize(
                width: swaps ? height : width,
                height: swaps ? width : height
            )
        else { return nil }
        return swaps ? (upright.height, upright.width) : upright
    }

    /// The exact thumbnail size in stored (un-rotated) pixels, if the request asks for one.
    private func thumbnailTarget(width: Int, height: Int, orientation: ImageOrientation) -> (width: Int, height: Int)? {
        guard context.request.thumbnail != nil else { return nil }
        let swaps = orientation.swapsDimensions
        let upright = context.targetSize(width: swaps ? height : width, height: swaps ? width : height)
        return swaps ? (upright.height, upright.width) : upright
    }

    /// The smallest scale n/8 (of `numerators`, else 8/8) whose output is at least `target` in
    /// both dimensions. Shrink-on-load uses only 1/8, 2/8 and 4/8 — reductions by powers of two,
    /// as the resampler's own area reduction, so the processor's filter runs over the same factor
    /// as after a full decode — unless its processors accept any scale
    /// (``ShrinkOnLoad/acceptsAnyScale``).
    static func dctScale(
        width: Int,
        height: Int,
        target: (width: Int, height: Int),
        numerators: [Int] = Array(1...8)
    ) -> Int {
        for numerator in numerators {
            let scaled = scaledSize(width: width, height: height, numerator: numerator)
            if scaled.width >= target.width, scaled.height >= target.height { return numerator }
        }
        return 8
    }

    /// libjpeg's output size at scale `numerator`/8 (rounded up).
    static func scaledSize(width: Int, height: Int, numerator: Int) -> (width: Int, height: Int) {
        ((width * numerator + 7) / 8, (height * numerator + 7) / 8)
    }

    private func decodePixels(
        _ data: Data,
        header: nuke_jpeg_info,
        scale: Int,
        isResampledAfterwards: Bool,
        allowingTruncation: Bool,
        conversion: PlanarRowConversion?,
        reusing storage: inout Bitmap?
    ) throws -> (bitmap: Bitmap, isConverted: Bool) {
        let isGray = header.color == NUKE_JPEG_COLOR_GRAY
        let format: PixelFormat = isGray ? .gray8 : .rgba8
        let size = Self.scaledSize(width: Int(header.width), height: Int(header.height), numerator: scale)
        let stride = size.width * format.bytesPerPixel
        var result = nuke_jpeg_result()
        let fast = options.prefersSpeed || isResampledAfterwards
        let dcScans =
            scale == 1 && header.is_progressive == 1 && !allowingTruncation && options.decodesFromDCScans
            ? JPEGDCScans(data, maximumScanCount: options.maximumScanCount) : nil
        // Without AC scans, the DC scans as a baseline file: decoded without whole-image buffers.
        let baseline = dcScans.flatMap { $0.keepsACScans ? nil : JPEGBaselineDC($0.data) }
        let input = baseline?.data ?? dcScans?.data ?? data
        let isReducedProgressive = dcScans != nil && baseline == nil
        func decode(into buffer: UnsafeMutableBufferPointer<UInt8>) throws {
            var message = JPEGDecoder.messageBuffer()
            let status = input.withUnsafeBytes { bytes in
                message.withUnsafeMutableBufferPointer { message in
                    Self.withPlanarConversion(conversion) { planar in
                        nuke_jpeg_decode(
                            bytes.baseAddress?.assumingMemoryBound(to: UInt8.self),
                            bytes.count,
                            Int32(scale),
                            allowingTruncation ? 1 : 0,
                            Int32(options.maximumScanCount),
                            context.memoryBudget,
                            fast ? 1 : 0,
                            isReducedProgressive ? 1 : 0,
                            buffer.baseAddress,
                            buffer.count,
                            stride,
                            planar,
                            &result,
                            message.baseAddress
                        )
                    }
                }
            }
            guard status == NUKE_JPEG_OK else {
                if status == NUKE_JPEG_OVER_BUDGET {
                    throw ImageDecodingError.exceedsMemoryBudget(
                        bytes: Int(clamping: result.needed_bytes),
                        budget: context.memoryBudget
                    )
                }
                throw Self.error(status, message)
            }
        }
        let bitmap: Bitmap
        if var reused = storage.take(), reused.width == size.width, reused.height == size.height,
            reused.pixelFormat == format, reused.bytesPerRow == stride, reused.isOpaque
        {
            try reused.withUnsafeMutableBytes { try decode(into: $0.bindMemory(to: UInt8.self)) }
            bitmap = reused
        } else {
            bitmap = try Bitmap(width: size.width, height: size.height, pixelFormat: format, isOpaque: true) {
                try decode(into: $0)
            }
        }
        guard Int(result.width) == size.width, Int(result.height) == size.height else {
            throw ImageDecodingError.corrupt(reason: "unexpected output size \(result.width)×\(result.height)")
        }
        return (bitmap, result.is_converted != 0)
    }

    /// Runs `body` with `conversion` as the C decoder takes it (`nil` for none), its context kept
    /// valid throughout.
    private static func withPlanarConversion<Result>(
        _ conversion: PlanarRowConversion?,
        _ body: (UnsafePointer<nuke_jpeg_planar_conversion>?) -> Result
    ) -> Result {
        guard let conversion else { return body(nil) }
        return conversion.withContext { context in
            var planar = nuke_jpeg_planar_conversion(function: conversion.function, context: context)
            return body(&planar)
        }
    }

    // MARK: Header

    /// The stored (un-rotated) size the header declares.
    static func pixelSize(of data: Data) throws -> (width: Int, height: Int) {
        let header = try readHeader(data)
        return (Int(header.width), Int(header.height))
    }

    static func readHeader(_ data: Data) throws -> nuke_jpeg_info {
        guard data.count >= 3, data.starts(with: [0xFF, 0xD8, 0xFF]) else {
            throw ImageDecodingError.unrecognizedFormat
        }
        var info = nuke_jpeg_info()
        var message = messageBuffer()
        let status = data.withUnsafeBytes { bytes in
            message.withUnsafeMutableBufferPointer { message in
                nuke_jpeg_read_header(
                    bytes.baseAddress?.assumingMemoryBound(to: UInt8.self),
                    bytes.count,
                    &info,
                    message.baseAddress
                )
            }
        }
        guard status == NUKE_JPEG_OK else { throw error(status, message) }
        return info
    }

    static func messageBuffer() -> [CChar] {
        [CChar](repeating: 0, count: Int(NUKE_JPEG_MESSAGE_SIZE))
    }

    static func error(_ status: Int32, _ message: [CChar]) -> ImageDecodingError {
        let text = message.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        switch status {
        case NUKE_JPEG_TRUNCATED: return .truncated
        case NUKE_JPEG_TOO_MANY_SCANS: return .unsupported(reason: text.isEmpty ? "too many scans" : text)
        default: return .corrupt(reason: text.isEmpty ? "libjpeg error \(status)" : text)
        }
    }
}
