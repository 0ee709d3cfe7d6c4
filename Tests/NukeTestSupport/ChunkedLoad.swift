// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

public import Foundation
public import NukeCore

/// What a download served in chunks gave: the widths of its previews, then the final image.
public struct ChunkedLoad: Sendable {
    /// The width of each preview, in the order they came.
    public var previewWidths: [Int]
    /// The final image.
    public var image: Bitmap

    /// Loads `data` from `url` through a pipeline with `plugin` installed and progressive decoding
    /// on (no interval, no rate limiter, no memory cache), served in `chunkCount` chunks one by one:
    /// each once the pipeline has seen the one before, the last once a preview has come. Not
    /// timed, so a busy machine cannot merge the chunks.
    ///
    /// - Throws: ``WaitTimedOut`` if the pipeline never catches up, or the load's error.
    public static func load(
        _ data: Data,
        from url: URL,
        chunkCount: Int,
        installing plugin: some NukePlugin,
        delegate: (any ImagePipeline.Delegate)? = nil
    ) async throws -> ChunkedLoad {
        var registry = PluginRegistry()
        registry.install(plugin)
        let loader = MockProgressiveDataLoader(data: data, chunkCount: chunkCount)
        let pipeline = ImagePipeline(delegate: delegate) {
            $0.registry = registry
            $0.imageCache = nil
            $0.dataLoader = loader
            $0.isProgressiveDecodingEnabled = true
            $0.progressiveDecodingInterval = 0
            $0.isRateLimiterEnabled = false
        }
        let task = pipeline.imageTask(with: url)
        let previews = Collector<Int>()
        let collecting = Task { for await preview in task.previews { previews.append(preview.image.width) } }
        // The first chunk is served at the start.
        await loader.waitUntilStarted()
        try await loader.serveChunksOneByOne(to: task) { await previews.wait(untilCount: 1) }
        let image = try await task.image
        await collecting.value
        return ChunkedLoad(previewWidths: previews.all, image: image)
    }
}

/// A preview of partial `data` from a decoder made by `makeDecoder` for a download in progress
/// with `policy` and `maximumPixelCount`.
public func preview(
    ofPartial data: Data,
    policy: ImagePipeline.PreviewPolicy = .incremental,
    maximumPixelCount: Int = 1 << 24,
    decoder makeDecoder: (ImageDecodingContext) -> any ImageDecoding
) -> ImageContainer? {
    let context = ImageDecodingContext(
        request: ImageRequest(url: nil),
        data: data,
        isCompleted: false,
        previewPolicy: policy,
        maximumPixelCount: maximumPixelCount
    )
    return makeDecoder(context).decodePartiallyDownloadedData(data)
}
