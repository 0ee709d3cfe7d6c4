// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

internal import CNukeLibWebP
public import NukeCore
internal import NukeImaging
internal import Synchronization

#if canImport(FoundationEssentials)
    public import FoundationEssentials
#else
    public import Foundation
#endif

/// Decodes WebP with libwebp: lossy, lossless and alpha stills, and animations.
///
/// - Stills decode with `WebPDecode`, scaled at decode time for thumbnail requests and, when
///   the request's first processor reduces the image (shrink-on-load), by the largest power of
///   two that leaves the size it needs. During a
///   progressive download, `WebPIDecoder` yields previews as rows arrive (each further eighth).
/// - Animations decode frame by frame with `WebPDecode` and are composited here as libwebp's
///   `WebPAnimDecoder` does (blending and disposal applied, pixel for pixel), but with the
///   frames listed in one pass over the container rather than found by walking libwebp's list
///   for each one; frames are produced on demand within the memory budget. The first frame is
///   the container's `image`; the original data is attached so caches keep the animation.
/// - The canvas size is checked against the pixel limit before any pixels are allocated; an
///   animation's three canvases (the canvas, the previous frame after its disposal, and the copy
///   handed out)
///   against the memory budget, and its frame count against the frame limit, before any frame is
///   decoded.
/// - The `ICCP` chunk's profile is kept under `UserInfoKey.iccProfileKey`; the `EXIF` chunk
///   under `UserInfoKey.exifKey` when ``Options/keepsEXIF`` is on.
public final class WebPDecoder: ImageDecoding {
    private let context: ImageDecodingContext
    private let options: Options
    private let incremental = Mutex<IncrementalDecoder?>(nil)

    /// What the decoder keeps besides the pixels.
    public struct Options: Hashable, Sendable {
        /// Keep the `EXIF` chunk (its TIFF structure, without an `Exif\0\0` prefix) under
        /// `UserInfoKey.exifKey`, for callers that write it into their results (an image proxy's
        /// `sm:0`). Off by default, as JPEG's: it can be tens of kilobytes beside a small image
        /// in memory caches.
        public var keepsEXIF = false

        /// The defaults.
        public init() {}
    }

    /// Creates a decoder for one download.
    public init(context: ImageDecodingContext, options: Options = Options()) {
        self.context = context
        self.options = options
    }

    // MARK: ImageDecoding

    /// Decodes complete data.
    public func decode(_ data: Data) throws -> ImageContainer {
        let features = try Self.features(of: data)
        let (width, height) = (Int(features.width), Int(features.height))
        guard width > 0, height > 0 else { throw ImageDecodingError.corrupt(reason: "the image has no pixels") }
        guard width * height <= context.maximumPixelCount else {
            throw ImageDecodingError.imageTooLarge(width: width, height: height, limit: context.maximumPixelCount)
        }
        var container: ImageContainer
        if features.has_animation != 0 {
            container = try decodeAnimation(data)
        } else {
            let size =
                shrinkOnLoadSize(width: width, height: height) ?? context.targetSize(width: width, height: height)
            container = ImageContainer(
                image: try decodeStill(data, width: width, height: height, to: size, hasAlpha: features.has_alpha != 0),
                type: .webp
            )
            container = context.shrunk(container, originalWidth: width, originalHeight: height)
        }
        let metadata = Self.metadataChunks(of: data, includingEXIF: options.keepsEXIF)
        if let profile = metadata.iccProfile { container.userInfo[.iccProfileKey] = profile }
        if let exif = metadata.exif.flatMap(EXIFStructure.tiffPayload) { container.userInfo[.exifKey] = exif }
        return container
    }

    /// The most bytes a decode of `data` allocates, from its features: a still's output at the
    /// decode size (and, lossless, libwebp's whole-image ARGB buffer); an animation's three
    /// canvases and the frame being composited. `nil` past the pixel limit, which the decode
    /// refuses.
    public func estimatedMemory(for data: Data) -> Int? {
        guard let features = try? Self.features(of: data) else { return nil }
        let (width, height) = (Int(features.width), Int(features.height))
        guard width > 0, height > 0, width * height <= context.maximumPixelCount else { return nil }
        if features.has_animation != 0 { return width * height * 4 * 4 }
        let size = shrinkOnLoadSize(width: width, height: height) ?? context.targetSize(width: width, height: height)
        return size.width * size.height * 4 + (features.format == 2 ? width * height * 4 : 0)
    }

    /// A preview of a still image's rows decoded so far, each time another eighth has arrived.
    public func decodePartiallyDownloadedData(_ data: Data) -> ImageContainer? {
        incremental.withLock { state -> ImageContainer? in
            if state == nil {
                guard let features = try? Self.features(of: data), features.has_animation == 0,
                    Int(features.width) * Int(features.height) <= context.maximumPixelCount
                else { return nil }
                state = IncrementalDecoder()
            }
            guard let decoder = state, let preview = decoder.preview(from: data) else { return nil }
            return ImageContainer(image: preview, type: .webp, isPreview: true)
        }
    }

    // MARK: Stills

    /// libwebp rescales to any size while decoding, averaging areas; when the request's first
    /// processor reduces the image, the still is decoded reduced by the largest power of two
    /// (up to 8) that leaves at least the size that processor needs — as JPEG's DCT scaling and
    /// the resampler's own area reduction do, so the processor's filter then runs over the same
    /// factor as after a full decode.
    private func shrinkOnLoadSize(width: Int, height: Int) -> (width: Int, height: Int)? {
        guard let minimum = context.minimumDecodedSize(width: width, height: height) else { return nil }
        var divisor = 1
        while divisor < 8, (width + divisor * 2 - 1) / (divisor * 2) >= minimum.width,
            (height + divisor * 2 - 1) / (divisor * 2) >= minimum.height
        {
            divisor *= 2
        }
        guard divisor > 1 else { return nil }
        return ((width + divisor - 1) / divisor, (height + divisor - 1) / divisor)
    }

    private func decodeStill(
        _ data: Data,
        width: Int,
        height: Int,
        to target: (width: Int, height: Int),
        hasAlpha: Bool
    ) throws -> Bitmap {
        var config = WebPDecoderConfig()
        guard WebPInitDecoderConfig(&config) != 0 else {
            throw ImageDecodingError.unsupported(reason: "libwebp version mismatch")
        }
        if target != (width, height) {
            config.options.use_scaling = 1
            config.options.scaled_width = Int32(target.width)
            config.options.scaled_height = Int32(target.height)
        }
        let stride = target.width * 4
        return try Bitmap(
            width: target.width,
            height: target.height,
            pixelFormat: .rgba8,
            isOpaque: hasAlpha ? nil : true
        ) {
            buffer in
            config.output.colorspace = MODE_RGBA
            config.output.is_external_memory = 1
            config.output.u.RGBA.rgba = buffer.baseAddress
            config.output.u.RGBA.stride = Int32(stride)
            config.output.u.RGBA.size = buffer.count
            let status = data.withUnsafeBytes { bytes in
                WebPDecode(bytes.baseAddress?.assumingMemoryBound(to: UInt8.self), bytes.count, &config)
            }
            WebPFreeDecBuffer(&config.output)
            guard status == VP8_STATUS_OK else { throw Self.error(status) }
        }
    }

    // MARK: Animations

    private func decodeAnimation(_ data: Data) throws -> ImageContainer {
        let source = try WebPAnimationSource(data: data, maximumFrameCount: context.maximumFrameCount)
        guard source.width * source.height <= context.maximumPixelCount else {
            throw ImageDecodingError.imageTooLarge(
                width: source.width,
                height: source.height,
                limit: context.maximumPixelCount
            )
        }
        // libwebp's animation decoder keeps the canvas and the previous frame's; each frame is
        // copied out of it into a bitmap: three canvases at once.
        let canvasBytes = source.width * source.height * 4
        guard canvasBytes <= context.memoryBudget / 3 else {
            throw ImageDecodingError.exceedsMemoryBudget(bytes: 3 * canvasBytes, budget: context.memoryBudget)
        }
        let animation = ImageAnimation(
            width: source.width,
            height: source.height,
            frameDurations: source.durations,
            loopCount: source.loopCount,
            memoryBudget: context.animationMemoryBudget,
            source: source
        )
        let first = try context.thumbnail(of: try animation.frame(at: 0))
        return ImageContainer(image: first, type: .webp, data: data, animation: animation)
    }

    // MARK: Helpers

    /// The extended format's `ICCP` chunk and, with `includingEXIF`, its `EXIF` chunk, each when
    /// the file has one and says so in its flags; the container is read once for both.
    static func metadataChunks(of data: Data, includingEXIF: Bool) -> (iccProfile: Data?, exif: Data?) {
        data.withUnsafeBytes { bytes -> (Data?, Data?) in
            var webpData = WebPData(bytes: bytes.baseAddress?.assumingMemoryBound(to: UInt8.self), size: bytes.count)
            guard let demuxer = WebPDemux(&webpData) else { return (nil, nil) }
            defer { WebPDemuxDelete(demuxer) }
            let flags = WebPDemuxGetI(demuxer, WEBP_FF_FORMAT_FLAGS)
            func chunk(_ fourCC: String, flag: WebPFeatureFlags) -> Data? {
                guard flags & UInt32(flag.rawValue) != 0 else { return nil }
                var chunk = WebPChunkIterator()
                guard WebPDemuxGetChunk(demuxer, fourCC, 1, &chunk) != 0 else { return nil }
                defer { WebPDemuxReleaseChunkIterator(&chunk) }
                guard let start = chunk.chunk.bytes, chunk.chunk.size > 0 else { return nil }
                return Data(bytes: start, count: chunk.chunk.size)
            }
            return (chunk("ICCP", flag: ICCP_FLAG), includingEXIF ? chunk("EXIF", flag: EXIF_FLAG) : nil)
        }
    }

    static func features(of data: Data) throws -> WebPBitstreamFeatures {
        guard data.count >= 12, data.starts(with: Array("RIFF".utf8)),
            data[data.startIndex + 8..<data.startIndex + 12].elementsEqual(Array("WEBP".utf8))
        else { throw ImageDecodingError.unrecognizedFormat }
        var features = WebPBitstreamFeatures()
        let status = data.withUnsafeBytes { bytes in
            WebPGetFeatures(bytes.baseAddress?.assumingMemoryBound(to: UInt8.self), bytes.count, &features)
        }
        guard status == VP8_STATUS_OK else { throw error(status) }
        return features
    }

    static func error(_ status: VP8StatusCode) -> ImageDecodingError {
        switch status {
        case VP8_STATUS_NOT_ENOUGH_DATA, VP8_STATUS_SUSPENDED: .truncated
        case VP8_STATUS_UNSUPPORTED_FEATURE: .unsupported(reason: "a WebP feature libwebp does not support")
        case VP8_STATUS_OUT_OF_MEMORY: .corrupt(reason: "libwebp ran out of memory")
        default: .corrupt(reason: "libwebp status \(status.rawValue)")
        }
    }
}

/// libwebp's incremental decoder for one download's previews. Used under the decoder's lock.
final class IncrementalDecoder {
    private let decoder: OpaquePointer?
    private var fed = 0
    private var lastEighth = 0

    init() {
        decoder = WebPINewRGB(MODE_RGBA, nil, 0, 0)
    }

    /// Feeds the new bytes and returns a preview if at least another eighth of the rows is ready.
    func preview(from data: Data) -> Bitmap? {
        guard let decoder, data.count > fed else { return nil }
        let status = data.withUnsafeBytes { bytes in
            WebPIAppend(decoder, bytes.baseAddress!.assumingMemoryBound(to: UInt8.self) + fed, bytes.count - fed)
        }
        fed = data.count
        guard status == VP8_STATUS_OK || status == VP8_STATUS_SUSPENDED else { return nil }
        var lastRow: Int32 = 0
        var width: Int32 = 0
        var height: Int32 = 0
        var stride: Int32 = 0
        guard let rows = WebPIDecGetRGB(decoder, &lastRow, &width, &height, &stride), width > 0, height > 0, lastRow > 0
        else { return nil }
        let eighth = Int(lastRow) * 8 / Int(height)
        guard eighth > lastEighth else { return nil }
        lastEighth = eighth
        let rowBytes = Int(width) * 4
        return try? Bitmap(width: Int(width), height: Int(height), pixelFormat: .rgba8) { buffer in
            buffer.update(repeating: 0)
            for row in 0..<Int(lastRow) {
                let target = buffer.baseAddress! + row * rowBytes
                target.update(from: rows + row * Int(stride), count: rowBytes)
            }
        }
    }

    deinit {
        if let decoder { WebPIDelete(decoder) }
    }
}
