// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

#if canImport(FoundationEssentials)
    public import FoundationEssentials
#else
    public import Foundation
#endif

/// Turns encoded bytes into an image.
///
/// The pipeline asks the registry (or its delegate) for a decoder once per download, passing an
/// ``ImageDecodingContext``; the same decoder then receives every partial buffer of that download
/// and the final data. Calls are never concurrent for one decoder, but may come from different
/// threads. Decoding runs on the pipeline's decoding queue, off the pipeline actor, unless the
/// decoder says it is cheap enough to run inline (``isAsynchronous`` is `false`).
public protocol ImageDecoding: Sendable {
    /// `true` (the default) to decode on the decoding queue, off the pipeline actor; `false` for
    /// decoders that do next to no work (``ImageDecoders/Empty``), which then run inline on the
    /// pipeline actor without a queue slot or a thread hop. As in Nuke.
    var isAsynchronous: Bool { get }

    /// Decodes the complete data.
    ///
    /// - Throws: A typed error for corrupt, truncated or oversized images (see
    ///   ``ImageDecodingError``); never crashes on bad input.
    func decode(_ data: Data) throws -> ImageContainer

    /// Decodes a preview from partially downloaded data, or returns `nil` when there is nothing
    /// worth showing yet. The default returns `nil`.
    func decodePartiallyDownloadedData(_ data: Data) -> ImageContainer?

    /// The most bytes decoding the complete `data` will allocate (the image at the scale the
    /// context lets it decode to, plus the decoder's working buffers), read from the header
    /// without decoding; `nil` (the default) when the decoder cannot tell, and then
    /// ``DecodeAdmitting`` is given the context's ``ImageDecodingContext/memoryBudget``.
    func estimatedMemory(for data: Data) -> Int?
}

extension ImageDecoding {
    /// `true`: decode on the decoding queue.
    public var isAsynchronous: Bool { true }

    /// Returns `nil`: no progressive previews.
    public func decodePartiallyDownloadedData(_ data: Data) -> ImageContainer? {
        nil
    }

    /// Returns `nil`: the estimate is the context's memory budget.
    public func estimatedMemory(for data: Data) -> Int? {
        nil
    }
}

/// What a decoder factory knows when the pipeline asks for a decoder.
public struct ImageDecodingContext: Sendable {
    /// The request being served (thumbnail options, scale).
    public var request: ImageRequest
    /// The data so far: complete when ``isCompleted``, else the first bytes of a download.
    public var data: Data
    /// `false` while the download is still in progress.
    public var isCompleted: Bool
    /// The loader's response, if any.
    public var dataResponse: DataResponse?
    /// Set when decoding data found in a cache.
    public var cacheType: ImageResponse.CacheType?
    /// Whether and how to produce previews of partial data.
    public var previewPolicy: ImagePipeline.PreviewPolicy
    /// The format recognised from the magic bytes, else the response's MIME type, else the URL's
    /// file extension, by the registry's formats; `nil` if none matched.
    public var assetType: AssetType?
    /// The largest `width × height` a decoder may allocate; decoders check the header against
    /// it before allocating pixels and throw ``ImageDecodingError/imageTooLarge(width:height:limit:)``.
    public var maximumPixelCount: Int
    /// The most bytes of composited frames an animation keeps in memory (see ``ImageAnimation``).
    public var animationMemoryBudget: Int
    /// The most frames an animated image may have; decoders throw
    /// ``ImageDecodingError/tooManyFrames(limit:)`` past it.
    public var maximumFrameCount: Int
    /// The processors that will reduce the decoded image, when the decode may be smaller than
    /// the full image ("shrink-on-load"); `nil` for a full decode. Set by the pipeline; decoders
    /// that scale while decoding read it through ``minimumDecodedSize(width:height:)``.
    public var shrinkOnLoad: ShrinkOnLoad?
    /// The conversion to sRGB the pipeline applies after the decode, for decoders that must
    /// convert colours themselves (CMYK, which they turn into RGB); `nil` when the pipeline keeps
    /// the original profile or has no colour manager. Set by the pipeline.
    public var colorConversion: ColorConversion?
    /// The registry's resampling kernel (``PluginRegistry/resamplingKernel``), for decoders that
    /// resize what they decode (NukeImaging's `thumbnail(of:)` uses it): the same bytes, faster.
    public var resamplingKernel: (any ResamplingKernel)?

    /// The most bytes one decode may allocate: ``maximumPixelCount`` RGBA pixels. Decoders check
    /// everything large they allocate (the output, coefficient buffers, an animation's canvases)
    /// against it before allocating, and throw
    /// ``ImageDecodingError/exceedsMemoryBudget(bytes:budget:)`` past it.
    public var memoryBudget: Int {
        let (bytes, overflow) = max(0, maximumPixelCount).multipliedReportingOverflow(by: 4)
        return overflow ? Int.max : bytes
    }

    /// Creates a context; the asset type is recognised from `data`, else from the response's
    /// MIME type, else from the file extension of
    /// the response's (or the request's) URL.
    ///
    /// - Parameters:
    ///   - request: The request being served.
    ///   - data: The data so far.
    ///   - isCompleted: `false` while the download is still in progress.
    ///   - dataResponse: The loader's response, if any.
    ///   - cacheType: The cache the data came from, if any.
    ///   - previewPolicy: Whether and how to produce previews of partial data.
    ///   - maximumPixelCount: The largest `width × height` a decoder may allocate.
    ///   - animationMemoryBudget: The most bytes of composited frames an animation keeps.
    ///   - maximumFrameCount: The most frames an animated image may have.
    ///   - registry: The registry whose formats recognise the data and whose resampling kernel
    ///     decoders use (the pipeline passes its own); `nil` for the built-in formats only.
    public init(
        request: ImageRequest,
        data: Data,
        isCompleted: Bool = true,
        dataResponse: DataResponse? = nil,
        cacheType: ImageResponse.CacheType? = nil,
        previewPolicy: ImagePipeline.PreviewPolicy = .incremental,
        maximumPixelCount: Int = ImagePipeline.Configuration.defaultMaximumDecodedPixelCount,
        animationMemoryBudget: Int = ImageAnimation.defaultMemoryBudget,
        maximumFrameCount: Int = ImagePipeline.Configuration.defaultMaximumAnimationFrameCount,
        registry: PluginRegistry? = nil
    ) {
        self.request = request
        self.data = data
        self.isCompleted = isCompleted
        self.dataResponse = dataResponse
        self.cacheType = cacheType
        self.previewPolicy = previewPolicy
        self.assetType = (registry ?? PluginRegistry.builtInFormats).assetType(
            of: data,
            mimeType: dataResponse?.mimeType,
            url: dataResponse?.url ?? request.url
        )
        self.maximumPixelCount = maximumPixelCount
        self.animationMemoryBudget = animationMemoryBudget
        self.maximumFrameCount = maximumFrameCount
        self.resamplingKernel = registry?.resamplingKernel
    }
}

/// Errors thrown by decoders.
public enum ImageDecodingError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The data is not in a format this decoder reads.
    case unrecognizedFormat
    /// The data ended before the image was complete.
    case truncated
    /// The data is damaged; `reason` says how.
    case corrupt(reason: String)
    /// The header announces more pixels than ``ImageDecodingContext/maximumPixelCount`` allows.
    case imageTooLarge(width: Int, height: Int, limit: Int)
    /// The image uses a feature this decoder does not support.
    case unsupported(reason: String)
    /// Decoding would allocate `bytes`, more than ``ImageDecodingContext/memoryBudget`` allows
    /// (checked before allocating).
    case exceedsMemoryBudget(bytes: Int, budget: Int)
    /// The animation has more frames than ``ImageDecodingContext/maximumFrameCount`` allows.
    case tooManyFrames(limit: Int)

    /// A sentence describing the problem.
    public var description: String {
        switch self {
        case .unrecognizedFormat: "Unrecognized image format"
        case .truncated: "Image data is truncated"
        case .corrupt(let reason): "Image data is corrupt: \(reason)"
        case let .imageTooLarge(width, height, limit):
            "Image of \(width)×\(height) pixels exceeds the limit of \(limit) pixels"
        case .unsupported(let reason): "Unsupported image: \(reason)"
        case let .exceedsMemoryBudget(bytes, budget):
            "Decoding would need \(bytes) bytes, over the budget of \(budget) bytes"
        case .tooManyFrames(let limit): "The animation has more than \(limit) frames"
        }
    }
}

/// Namespace for the built-in decoders; format decoders come with plugins
/// (`NukeJPEG`, `NukePNG`, …).
public enum ImageDecoders {}
