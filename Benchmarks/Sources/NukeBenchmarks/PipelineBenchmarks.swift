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

enum PipelineBenchmarks {
    static func run() async throws {
        let count = 5_000
        let urls = (0..<count).map { URL(string: "http://example.com/image/\($0).jpeg")! }

        _ = try await measure("pipeline: 5,000 distinct requests (image(for:))", operations: count) {
            let pipeline = ImagePipeline {
                $0.dataLoader = InstantDataLoader()
                $0.makeImageDecoder = { _ in ImageDecoders.Empty() }
                $0.isRateLimiterEnabled = false
                $0.imageCache = nil
                $0.httpCache = nil  // The pipeline's own overhead, without a disk lookup per request.
            }
            try await withThrowingTaskGroup(of: Void.self) { group in
                for url in urls {
                    group.addTask { _ = try await pipeline.image(for: url) }
                }
                try await group.waitForAll()
            }
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
