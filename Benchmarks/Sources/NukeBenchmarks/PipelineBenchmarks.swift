// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

import Foundation
import NukeCore
import NukeTestSupport

/// A loader that answers at once with a few bytes, to measure the pipeline and not the loader.
final class InstantDataLoader: DataLoading {
    private let data = Data(repeating: 0xAB, count: 64)

    func loadData(
        with request: DataRequest,
        didReceiveData: @escaping @Sendable (Data, DataResponse) -> Void,
        completion: @escaping @Sendable ((any Error)?) -> Void
    ) -> any Cancellable {
        didReceiveData(data, DataResponse(url: request.url, statusCode: 200, expectedContentLength: 64))
        completion(nil)
        return MockCancellable()
    }
}

/// A loader that answers from another thread, as network loaders do, so every callback crosses
/// to the pipeline actor.
final class ThreadedInstantDataLoader: DataLoading {
    private let data = Data(repeating: 0xAB, count: 64)
    private let queue = DispatchQueue(label: "benchmark.loader")

    func loadData(
        with request: DataRequest,
        didReceiveData: @escaping @Sendable (Data, DataResponse) -> Void,
        completion: @escaping @Sendable ((any Error)?) -> Void
    ) -> any Cancellable {
        queue.async { [data] in
            didReceiveData(data, DataResponse(url: request.url, statusCode: 200, expectedContentLength: 64))
            completion(nil)
        }
        return MockCancellable()
    }
}

/// A no-op decoder that asks for the decoding queue, as real decoders do.
struct AsynchronousEmptyDecoder: ImageDecoding {
    private let empty = ImageDecoders.Empty()

    func decode(_ data: Data) throws -> ImageContainer {
        try empty.decode(data)
    }
}

enum PipelineBenchmarks {
    static func run() async throws {
        let count = 5_000
        let urls = (0..<count).map { URL(string: "http://example.com/image/\($0).jpeg")! }

        func makePipeline(
            loader: any DataLoading = InstantDataLoader(),
            decoder: @escaping @Sendable () -> any ImageDecoding = { ImageDecoders.Empty() }
        ) -> ImagePipeline {
            ImagePipeline {
                $0.dataLoader = loader
                $0.makeImageDecoder = { _ in decoder() }
                $0.isRateLimiterEnabled = false
                $0.imageCache = nil
                $0.httpCache = nil  // The pipeline's own overhead, without a disk lookup per request.
            }
        }

        func loadAll(_ pipeline: ImagePipeline) async throws {
            try await withThrowingTaskGroup(of: Void.self) { group in
                for url in urls {
                    group.addTask { _ = try await pipeline.image(for: url) }
                }
                try await group.waitForAll()
            }
        }

        _ = try await measure("pipeline: 5,000 distinct requests (image(for:))", operations: count) {
            try await loadAll(makePipeline())
        }

        _ = try await measure("… one at a time", operations: count) {
            let pipeline = makePipeline()
            for url in urls { _ = try await pipeline.image(for: url) }
        }

        _ = try await measure("… loader answering from another thread", operations: count) {
            try await loadAll(makePipeline(loader: ThreadedInstantDataLoader()))
        }

        _ = try await measure("… no-op decoder on the decoding queue", operations: count) {
            try await loadAll(makePipeline(decoder: { AsynchronousEmptyDecoder() }))
        }

        _ = await measure("ImageRequest: create 100,000", operations: 100_000) {
            var total = 0
            for url in urls.prefix(100) {
                for _ in 0..<1_000 {
                    let request = ImageRequest(url: url, priority: .high, options: [.disableDiskCache])
                    total &+= request.priority.rawValue
                }
            }
            precondition(total > 0)
        }

        let cache = ImageCache()
        let pipeline = ImagePipeline {
            $0.imageCache = cache
            $0.dataLoader = InstantDataLoader()
            $0.httpCache = nil
        }
        let image = try Bitmap(width: 64, height: 64, pixelFormat: .rgba8, fill: [1, 2, 3, 255])
        let request = ImageRequest(url: urls[0])
        cache[ImageCacheKey(request: request)] = ImageContainer(image: image)
        _ = try await measure("memory-cache hit through image(for:), 10,000", operations: 10_000) {
            for _ in 0..<10_000 {
                _ = try await pipeline.image(for: request)
            }
        }
    }
}
