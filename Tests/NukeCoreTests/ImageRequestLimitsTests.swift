// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

import Foundation
import NukeTestSupport
import Synchronization
import Testing

@testable import NukeCore

@Suite(.timeLimit(.minutes(10)))
struct ImageRequestLimitsTests {
    let loader = MockDataLoader()

    /// `request` with `limits`.
    private func request(_ limits: ImageRequest.Limits, processors: [any ImageProcessing] = []) -> ImageRequest {
        var request = ImageRequest(url: .test, processors: processors)
        request.limits = limits
        return request
    }

    @Test("A request's pixel limit replaces the pipeline's, lower or higher")
    func pixelLimit() async throws {
        // The test image is 640×480 (307,200 pixels).
        let strict = ImagePipeline.makeTestPipeline(loader: loader) { $0.maximumDecodedPixelCount = 1_000 }
        let image = try await strict.image(for: request(ImageRequest.Limits(maximumDecodedPixelCount: 307_200)))
        #expect(image.width == 640)

        let lenient = ImagePipeline.makeTestPipeline(loader: loader)
        let error = await expectFailure(
            lenient.imageTask(with: request(ImageRequest.Limits(maximumDecodedPixelCount: 307_199)))
        )
        guard case .decodingFailed(_, _, let underlying)? = error else {
            Issue.record("expected decodingFailed, got \(String(describing: error))")
            return
        }
        #expect(underlying as? ImageDecodingError == .imageTooLarge(width: 640, height: 480, limit: 307_199))
    }

    @Test("A request's size limit replaces the pipeline's and reaches the loader")
    func sizeLimit() async throws {
        let strict = ImagePipeline.makeTestPipeline(loader: loader) { $0.maximumResponseDataSize = 1_024 }
        _ = try await strict.image(for: request(ImageRequest.Limits(maximumResponseDataSize: 22_789)))
        #expect(loader.requests.last?.maximumResponseSize == 22_789)

        let lenient = ImagePipeline.makeTestPipeline(loader: loader)
        let task = lenient.imageTask(with: request(ImageRequest.Limits(maximumResponseDataSize: 22_788)))
        #expect(await expectFailure(task)?.caseName == "dataDownloadExceededMaximumSize")
        #expect(loader.requests.last?.maximumResponseSize == 22_788)
    }

    @Test("Processors and encoders get the request's pixel and frame limits")
    func processingContext() async throws {
        let recorder = LimitRecorder()
        let pipeline = ImagePipeline.makeTestPipeline(loader: loader)
        let limits = ImageRequest.Limits(maximumDecodedPixelCount: 400_000, maximumAnimationFrameCount: 7)
        _ = try await pipeline.image(for: request(limits, processors: [recorder]))
        #expect(recorder.seen == [400_000, 7])
        _ = try await pipeline.image(for: ImageRequest(url: .test, processors: [recorder]))
        let configuration = pipeline.configuration
        #expect(recorder.seen == [configuration.maximumDecodedPixelCount, configuration.maximumAnimationFrameCount])
    }

    @Test("Requests with other pixel limits share the download, not the decode; another size limit neither")
    func coalescing() async throws {
        loader.isSuspended = true
        let pipeline = ImagePipeline.makeTestPipeline(loader: loader)
        let limited = ImageRequest.Limits(maximumDecodedPixelCount: 1_000)
        let tasks = [
            pipeline.imageTask(with: request(ImageRequest.Limits())),
            pipeline.imageTask(with: request(limited)),
            pipeline.imageTask(with: request(limited)),
            pipeline.imageTask(with: request(ImageRequest.Limits(maximumResponseDataSize: 1_000_000))),
        ]
        await pipelineActorBarrier()  // Every task has joined its jobs before a download may end.
        #expect(await waitUntil(loader) { loader.createdTaskCount == 2 })
        loader.isSuspended = false
        #expect(try await tasks[0].response.image.width == 640)
        #expect(try await tasks[3].response.image.width == 640)
        for task in tasks[1...2] {
            #expect(await expectFailure(task)?.caseName == "decodingFailed")
        }
        #expect(loader.createdTaskCount == 2)
    }

    @Test("Limits change the decode and download keys only when set")
    func keys() {
        let plain = ImageRequest(url: .test)
        #expect(FetchOriginalImageKey(plain) == FetchOriginalImageKey(request(ImageRequest.Limits())))
        #expect(
            FetchOriginalDataKey(plain)
                == FetchOriginalDataKey(request(ImageRequest.Limits(maximumDecodedPixelCount: 5)))
        )
        #expect(
            FetchOriginalImageKey(plain)
                != FetchOriginalImageKey(request(ImageRequest.Limits(maximumDecodedPixelCount: 5)))
        )
        #expect(
            FetchOriginalImageKey(plain)
                != FetchOriginalImageKey(request(ImageRequest.Limits(maximumAnimationFrameCount: 5)))
        )
        #expect(
            FetchOriginalDataKey(plain)
                != FetchOriginalDataKey(request(ImageRequest.Limits(maximumResponseDataSize: 5)))
        )
        let small = ImageRequest(urlRequest: DataRequest(url: .test, maximumResponseSize: 10))
        #expect(FetchOriginalDataKey(small) != FetchOriginalDataKey(ImageRequest(urlRequest: DataRequest(url: .test))))
    }
}

/// Records the pixel and frame limits of the last processing context it saw.
private final class LimitRecorder: ImageProcessing, Sendable {
    private let limits = Mutex<[Int]>([])

    var seen: [Int] { limits.withLock { $0 } }
    var identifier: String { "limit-recorder" }

    func process(_ image: Bitmap) -> Bitmap? { image }

    func process(_ container: ImageContainer, context: ImageProcessingContext) throws -> ImageContainer {
        limits.withLock { $0 = [context.maximumPixelCount, context.maximumFrameCount] }
        return container
    }
}
