// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

internal import CNukeLibAVIF
internal import NukeCore

#if canImport(FoundationEssentials)
    internal import FoundationEssentials
#else
    internal import Foundation
#endif

/// One libavif decoder over its own copy of a file's bytes (libavif reads them in place for as
/// long as the decoder lives), parsed and checked against the decode's limits before any pixel
/// is decoded. Used by one thread at a time.
final class AVIFReader {
    private let decoder: UnsafeMutablePointer<avifDecoder>
    private let bytes: UnsafeMutableRawBufferPointer

    /// The upright-before-transforms size from the container, its frame count and whether it has alpha.
    let width: Int
    let height: Int
    let frameCount: Int
    let hasAlpha: Bool

    /// Parses `data`; throws `imageTooLarge` past `maximumPixelCount` and `tooManyFrames` past
    /// `maximumFrameCount`, before decoding anything. With a `partialSizeHint` (an upper bound
    /// for the whole file's size), `data` is the start of a download: ``decodeAvailableRows()``
    /// then decodes what has arrived, and the header itself may be `truncated`.
    init(data: Data, maximumPixelCount: Int, maximumFrameCount: Int, partialSizeHint: Int? = nil) throws {
        guard data.count >= 12, data.dropFirst(4).prefix(4).elementsEqual("ftyp".utf8) else {
            throw ImageDecodingError.unrecognizedFormat
        }
        guard let decoder = avifDecoderCreate() else {
            throw ImageDecodingError.corrupt(reason: "libavif could not create a decoder")
        }
        let bytes = UnsafeMutableRawBufferPointer.allocate(byteCount: max(1, data.count), alignment: 16)
        data.copyBytes(to: bytes)
        (self.decoder, self.bytes) = (decoder, bytes)
        // An initializer that throws before every property is set never reaches `deinit`.
        var isInitialized = false
        defer {
            if !isInitialized {
                avifDecoderDestroy(decoder)
                bytes.deallocate()
            }
        }
        // Decoding already runs on the pipeline's decoding queue, one image per thread.
        decoder.pointee.maxThreads = 1
        // As browsers do: files that omit a box the standard requires (pixi, for example) still decode.
        decoder.pointee.strictFlags = avifStrictFlags(AVIF_STRICT_DISABLED.rawValue)
        decoder.pointee.ignoreXMP = AVIF_TRUE
        // Parse with libavif's largest limits, so that an image over ours is reported with its
        // size by the checks below; ours are set before any frame is decoded.
        decoder.pointee.imageSizeLimit = UInt32(AVIF_DEFAULT_IMAGE_SIZE_LIMIT)
        decoder.pointee.imageDimensionLimit = 0
        let start = bytes.baseAddress!.assumingMemoryBound(to: UInt8.self)
        if let partialSizeHint {
            guard let input = nuke_avif_partial_input_create(start, data.count, UInt64(partialSizeHint)) else {
                throw ImageDecodingError.corrupt(reason: "libavif could not allocate an input")
            }
            avifDecoderSetIO(decoder, input)  // the decoder owns it
            // A grid's cells are decoded as their data arrives.
            decoder.pointee.allowIncremental = AVIF_TRUE
        } else {
            try Self.check(avifDecoderSetIOMemory(decoder, start, data.count), decoder)
        }
        let parsed = avifDecoderParse(decoder)
        if parsed != AVIF_RESULT_OK, let size = Self.sizeOverLibraryLimit(decoder) {
            throw ImageDecodingError.imageTooLarge(width: size.width, height: size.height, limit: maximumPixelCount)
        }
        try Self.check(parsed, decoder)
        let image = decoder.pointee.image.pointee
        (width, height) = (Int(image.width), Int(image.height))
        frameCount = Int(decoder.pointee.imageCount)
        hasAlpha = decoder.pointee.alphaPresent != 0
        isInitialized = true  // from here on, `deinit` frees them
        guard width > 0, height > 0, frameCount > 0 else {
            throw ImageDecodingError.corrupt(reason: "the AVIF file has no pixels")
        }
        guard width * height <= maximumPixelCount else {
            throw ImageDecodingError.imageTooLarge(width: width, height: height, limit: maximumPixelCount)
        }
        guard frameCount <= maximumFrameCount else { throw ImageDecodingError.tooManyFrames(limit: maximumFrameCount) }
        // dav1d (libavif's first choice) refuses frames over this size whatever the container says.
        decoder.pointee.imageSizeLimit = UInt32(clamping: min(maximumPixelCount, Int(AVIF_DEFAULT_IMAGE_SIZE_LIMIT)))
        decoder.pointee.imageDimensionLimit = UInt32(AVIF_DEFAULT_IMAGE_DIMENSION_LIMIT)
    }

    deinit {
        avifDecoderDestroy(decoder)
        bytes.deallocate()
    }

    /// The file's `Exif` payload as libavif hands it over, if it has one.
    var exifPayload: Data? {
        let exif = decoder.pointee.image.pointee.exif
        guard exif.size > 0, let data = exif.data else { return nil }
        return Data(bytes: data, count: exif.size)
    }

    /// The file's ICC profile, if it has one.
    var iccProfile: Data? {
        let icc = decoder.pointee.image.pointee.icc
        guard icc.size > 0, let data = icc.data else { return nil }
        return Data(bytes: data, count: icc.size)
    }

    /// The colour code points, recorded when the file has no ICC profile (they then say what the
    /// colours mean).
    var cicp: CICP? {
        let image = decoder.pointee.image.pointee
        guard image.icc.size == 0 else { return nil }
        return CICP(
            colorPrimaries: Int(image.colorPrimaries),
            transferCharacteristics: Int(image.transferCharacteristics)
        )
    }

    /// The transforms the container asks for (crop, rotation, mirror).
    var transforms: AVIFTransforms {
        AVIFTransforms(decoder.pointee.image)
    }

    /// Each frame's duration in seconds, read from the container.
    func frameDurations() throws -> [Double] {
        try (0..<frameCount).map { index in
            var timing = avifImageTiming()
            try Self.check(avifDecoderNthImageTiming(decoder, UInt32(index), &timing), decoder)
            return timing.duration.isFinite ? max(0, timing.duration) : 0
        }
    }

    /// Decodes the next frame (the first on the first call) to straight-alpha RGBA with the
    /// transforms applied; `nil` after the last frame.
    func nextFrame() throws -> Bitmap? {
        let result = avifDecoderNextImage(decoder)
        if result == AVIF_RESULT_NO_IMAGES_REMAINING { return nil }
        try Self.check(result, decoder)
        return try decodedImage(rows: height)
    }

    /// For a reader of partial data: decodes what has arrived of the first frame (libavif decodes
    /// a grid's cells as their data arrives; any other image only once all of it has) and
    /// returns how many of its rows, from the top, are final: decoded, and with 4:2:0 chroma not
    /// the last decoded row, whose colour is interpolated with the chroma row below it.
    func decodeAvailableRows() throws -> Int {
        let result = avifDecoderNextImage(decoder)
        guard result == AVIF_RESULT_OK || result == AVIF_RESULT_WAITING_ON_IO else {
            try Self.check(result, decoder)
            return 0
        }
        let rows = min(height, Int(avifDecoderDecodedRowCount(decoder)))
        let interpolatesBelow = decoder.pointee.image.pointee.yuvFormat == AVIF_PIXEL_FORMAT_YUV420
        return rows < height && interpolatesBelow ? max(0, rows - 1) : rows
    }

    /// The frame ``nextFrame()`` or ``decodeAvailableRows()`` decoded, as straight-alpha RGBA:
    /// its first `rows` rows above transparent ones, then the transforms applied.
    func decodedImage(rows: Int) throws -> Bitmap {
        let image = decoder.pointee.image!
        // The AV1 payload may disagree with the container; what was decoded is what counts.
        let (frameWidth, frameHeight) = (Int(image.pointee.width), Int(image.pointee.height))
        guard frameWidth == width, frameHeight == height else {
            throw ImageDecodingError.corrupt(
                reason: "a frame of \(frameWidth)×\(frameHeight) in an image of \(width)×\(height)"
            )
        }
        let isOpaque: Bool? = hasAlpha || rows < height ? nil : true
        let rgba = try Bitmap(width: width, height: height, pixelFormat: .rgba8, isOpaque: isOpaque) { buffer in
            let rowBytes = width * 4
            (buffer.baseAddress! + rows * rowBytes).update(repeating: 0, count: (height - rows) * rowBytes)
            // The decoded rows only: the planes below them are not written yet.
            var decoded = image.pointee
            decoded.height = UInt32(rows)
            var rgb = avifRGBImage()
            avifRGBImageSetDefaults(&rgb, &decoded)
            rgb.format = AVIF_RGB_FORMAT_RGBA
            rgb.depth = 8
            rgb.pixels = buffer.baseAddress
            rgb.rowBytes = UInt32(rowBytes)
            // libyuv's paths from more than 8 bits round differently from libavif's own (which
            // avifdec takes when writing PNG); 8-bit paths agree, and libyuv is faster there.
            if image.pointee.depth > 8 { rgb.avoidLibYUV = AVIF_TRUE }
            try Self.check(avifImageYUVToRGB(&decoded, &rgb), decoder)
        }
        return try transforms.apply(to: rgba)
    }

    /// The size libavif's parser refused as over its own limit (268 million pixels), read from
    /// its diagnostic ("… dimensions are too large [60000x60000]").
    private static func sizeOverLibraryLimit(_ decoder: UnsafeMutablePointer<avifDecoder>) -> (width: Int, height: Int)?
    {
        let message = diagnostic(decoder.pointee.diag)
        guard message.contains("too large"), let open = message.lastIndex(of: "["),
            let close = message.lastIndex(of: "]"), open < close
        else { return nil }
        let numbers = message[message.index(after: open)..<close].split(separator: "x").compactMap { Int($0) }
        return numbers.count == 2 ? (numbers[0], numbers[1]) : nil
    }

    /// libavif's last error message.
    static func diagnostic(_ diagnostics: avifDiagnostics) -> String {
        withUnsafeBytes(of: diagnostics.error) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
    }

    /// Throws the decoding error for a failed libavif call.
    static func check(_ result: avifResult, _ decoder: UnsafeMutablePointer<avifDecoder>) throws {
        guard result != AVIF_RESULT_OK else { return }
        let detail = diagnostic(decoder.pointee.diag)
        let reason = String(cString: avifResultToString(result)) + (detail.isEmpty ? "" : ": \(detail)")
        switch result {
        case AVIF_RESULT_TRUNCATED_DATA, AVIF_RESULT_WAITING_ON_IO: throw ImageDecodingError.truncated
        case AVIF_RESULT_INVALID_FTYP: throw ImageDecodingError.unrecognizedFormat
        case AVIF_RESULT_NOT_IMPLEMENTED, AVIF_RESULT_UNSUPPORTED_DEPTH, AVIF_RESULT_NO_CODEC_AVAILABLE:
            throw ImageDecodingError.unsupported(reason: reason)
        default: throw ImageDecodingError.corrupt(reason: reason)
        }
    }
}
