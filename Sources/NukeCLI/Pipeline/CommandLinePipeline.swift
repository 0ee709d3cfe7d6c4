// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

import Foundation
import Nuke
import NukeURLSession

/// A pipeline with every default plugin, the chosen loader metered for statistics, an HTTP
/// cache in the chosen directory and a memory cache of its own.
struct CommandLinePipeline: Sendable {
    let pipeline: ImagePipeline
    let statistics: RunStatistics
    let httpCache: DataCache

    /// Limits that replace the pipeline's defaults where set.
    struct Limits: Sendable {
        /// `ImagePipeline.Configuration.maximumResponseDataSize`.
        var maximumResponseSize: Int?
        /// `ImagePipeline.Configuration.maximumDecodedPixelCount`.
        var maximumPixelCount: Int?
        /// `ImagePipeline.Configuration.isShrinkOnLoadEnabled`.
        var isShrinkOnLoadEnabled = true
        /// `ImagePipeline.Configuration.colorManagement` (`nuke info` keeps profiles to report them).
        var colorManagement = ColorManagementPolicy.convertToSRGB()
    }

    /// Builds the pipeline.
    ///
    /// - Parameters:
    ///   - loader: the network loader.
    ///   - concurrency: the most downloads at once.
    ///   - httpCache: where the HTTP cache keeps responses.
    ///   - limits: limits other than the defaults.
    ///   - statistics: where to count; a new one by default.
    init(
        loader: LoaderChoice,
        concurrency: Int,
        httpCache: DataCache,
        limits: Limits = Limits(),
        statistics: RunStatistics = RunStatistics()
    ) {
        var registry = PluginRegistry.defaultPlugins
        let network: any DataLoading =
            switch loader {
            case .curl: CurlDataLoader.shared
            case .urlsession: URLSessionDataLoader()
            }
        registry.register(
            Capabilities.Loading.self,
            id: "nuke.cli.metered-loader",
            for: ["http", "https"],
            MeteredDataLoader(loader: network, statistics: statistics)
        )
        var configuration = ImagePipeline.Configuration(registry: registry)
        configuration.imageCache = ImageCache()
        configuration.httpCache = HTTPCache(dataCache: httpCache)
        configuration.dataLoadingQueue = TaskQueue(maxConcurrentOperationCount: concurrency)
        if let size = limits.maximumResponseSize { configuration.maximumResponseDataSize = size }
        if let pixels = limits.maximumPixelCount { configuration.maximumDecodedPixelCount = pixels }
        configuration.isShrinkOnLoadEnabled = limits.isShrinkOnLoadEnabled
        configuration.colorManagement = limits.colorManagement
        self.pipeline = ImagePipeline(
            configuration: configuration,
            delegate: StatisticsDelegate(statistics: statistics)
        )
        self.statistics = statistics
        self.httpCache = httpCache
    }

    /// Loads `request`, recording the outcome in ``statistics``.
    ///
    /// Returns a `Result` so callers build their values after the `await`: Swift 6.3.1 at `-O`
    /// miscompiles `do { return ([a, b], .success(try await …)) } catch { … }` in a task-group
    /// child (the array made before the throwing `await` is released too early; the demo
    /// crashed in release builds). Awaiting into a local first is safe.
    func result(for request: ImageRequest, isRemote: Bool) async -> Result<ImageResponse, ImagePipeline.Error> {
        let start = ContinuousClock.now
        let result = await pipeline.imageTask(with: request).result
        statistics.recordRequest(isRemote: isRemote, outcome: result.map(\.cacheType), since: start)
        return result
    }

    /// Loads the original bytes of `input` and decodes them once, to check they are an image and
    /// to describe it, recording the outcome in ``statistics``.
    func original(_ input: ImageInput) async -> Result<(data: Data, response: ImageResponse), ImagePipeline.Error> {
        let start = ContinuousClock.now
        let result: Result<(data: Data, response: ImageResponse), ImagePipeline.Error>
        do throws(ImagePipeline.Error) {
            let source = input.request()
            let data = try await pipeline.data(for: source).data
            let decoding = ImageRequest(
                id: source.imageID ?? input.argument,
                data: { data },
                options: [.disableMemoryCache]
            )
            let response = try await pipeline.imageTask(with: decoding).response
            result = .success((data, response))
        } catch {
            result = .failure(error)
        }
        statistics.recordRequest(isRemote: input.isRemote, outcome: result.map { _ in nil }, since: start)
        return result
    }

    /// Writes what the HTTP cache staged to disk; call before exiting.
    func flush() {
        httpCache.flush()
    }
}

extension Duration {
    /// The duration in seconds.
    var seconds: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) + Double(attoseconds) / 1e18
    }
}
