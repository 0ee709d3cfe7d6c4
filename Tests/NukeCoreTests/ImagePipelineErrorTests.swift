// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

import Foundation
import NukeTestSupport
import Testing

@testable import NukeCore

@Suite(.timeLimit(.minutes(10)))
struct ImagePipelineErrorTests {
    let loader = MockDataLoader()

    @Test("13. Cache-only requests fail with dataMissingInCache and download nothing")
    func returnCacheDataDontLoad() async throws {
        let pipeline = ImagePipeline.makeTestPipeline(loader: loader) {
            $0.imageCache = MockImageCache()
            $0.dataCache = MockDataCache()
        }
        let request = ImageRequest(url: .test, options: [.returnCacheDataDontLoad])
        #expect(await expectFailure(pipeline.imageTask(with: request))?.caseName == "dataMissingInCache")
        await #expect(throws: ImagePipeline.Error.self) { try await pipeline.data(for: request) }
        #expect(loader.createdTaskCount == 0)
    }

    @Test("13. Cache-only requests succeed from disk; reloading ignores the disk")
    func cacheOnlyFromDisk() async throws {
        let dataCache = MockDataCache()
        dataCache.storeData(TestImageFormat.make(), for: URL.test.absoluteString)
        let pipeline = ImagePipeline.makeTestPipeline(loader: loader) { $0.dataCache = dataCache }
        let response = try await pipeline.imageTask(with: ImageRequest(url: .test, options: [.returnCacheDataDontLoad]))
            .response
        #expect(response.cacheType == .disk)
        let (data, _) = try await pipeline.data(for: ImageRequest(url: .test, options: [.returnCacheDataDontLoad]))
        #expect(data.count == 22_789)
        #expect(loader.createdTaskCount == 0)
        _ = try await pipeline.image(for: ImageRequest(url: .test, options: [.reloadIgnoringCachedData]))
        #expect(loader.createdTaskCount == 1)
    }

    @Test("13. Cache-only requests succeed from memory")
    func cacheOnlyFromMemory() async throws {
        let cache = MockImageCache()
        let request = ImageRequest(url: .test, options: [.returnCacheDataDontLoad])
        cache[ImageCacheKey(request: request)] = ImageContainer(
            image: try Bitmap(width: 2, height: 2, pixelFormat: .gray8)
        )
        let pipeline = ImagePipeline.makeTestPipeline(loader: loader) { $0.imageCache = cache }
        let response = try await pipeline.imageTask(with: request).response
        #expect(response.cacheType == .memory)
        #expect(loader.createdTaskCount == 0)
    }

    @Test("22. Responses over the size limit fail, with a known and an unknown length", arguments: [Int64(22_789), -1])
    func maximumResponseDataSize(expectedLength: Int64) async throws {
        let data = TestImageFormat.make()
        loader.setAnswer(
            .chunks(
                [data],
                DataResponse(url: .test, statusCode: 200, expectedContentLength: expectedLength),
                failure: nil
            ),
            for: .test
        )
        let pipeline = ImagePipeline.makeTestPipeline(loader: loader) { $0.maximumResponseDataSize = 1024 }
        #expect(await expectFailure(pipeline.imageTask(with: URL.test))?.caseName == "dataDownloadExceededMaximumSize")
    }

    @Test("23. invalidate() cancels running tasks; later ones fail")
    func invalidate() async throws {
        loader.isSuspended = true
        let pipeline = ImagePipeline.makeTestPipeline(loader: loader)
        let task = pipeline.imageTask(with: URL.test)
        await waitUntil(loader) { loader.createdTaskCount == 1 }
        pipeline.invalidate()
        #expect(await expectFailure(task)?.caseName == "cancelled")
        #expect(await expectFailure(pipeline.imageTask(with: URL.test))?.caseName == "pipelineInvalidated")
    }

    @Test("23. A loader error reaches every coalesced task")
    func loaderErrorFanOut() async throws {
        loader.setAnswer(.failure(TestError("network")), for: .test)
        loader.isSuspended = true
        let pipeline = ImagePipeline.makeTestPipeline(loader: loader)
        let tasks = [
            pipeline.imageTask(with: URL.test),
            pipeline.imageTask(with: ImageRequest(url: .test, processors: [MockImageProcessor(id: "1")])),
        ]
        await pipelineActorBarrier()  // The actor has started every task made so far.
        #expect(await pipeline.taskCount == 2)
        loader.isSuspended = false
        for task in tasks {
            let error = await expectFailure(task)
            #expect(error?.dataLoadingError as? TestError == TestError("network"))
        }
        #expect(loader.createdTaskCount == 1)
    }

    @Test("23. Empty data, no decoder, a throwing decoder and a failing processor are typed errors")
    func typedErrors() async throws {
        let empty = URL(string: "http://test.com/empty")!
        loader.setAnswer(.chunks([], DataResponse(url: empty, statusCode: 200), failure: nil), for: empty)
        let garbage = URL(string: "http://test.com/garbage")!
        loader.setAnswer(
            .success(Data(repeating: 7, count: 100), DataResponse(url: garbage, statusCode: 200)),
            for: garbage
        )
        let truncated = URL(string: "http://test.com/truncated")!
        loader.setAnswer(
            .success(TestImageFormat.make().prefix(1_000), DataResponse(url: truncated, statusCode: 200)),
            for: truncated
        )
        let pipeline = ImagePipeline.makeTestPipeline(loader: loader)

        #expect(await expectFailure(pipeline.imageTask(with: empty))?.caseName == "dataIsEmpty")
        #expect(await expectFailure(pipeline.imageTask(with: garbage))?.caseName == "decoderNotRegistered")
        let decoding = await expectFailure(pipeline.imageTask(with: truncated))
        #expect(decoding?.caseName == "decodingFailed")
        if case .decodingFailed(_, _, let error)? = decoding {
            #expect(error as? ImageDecodingError == .truncated)
        }
        let processing = await expectFailure(
            pipeline.imageTask(with: ImageRequest(url: .test, processors: [MockFailingProcessor()]))
        )
        #expect(processing?.caseName == "processingFailed")
        // The message names the processor by its description, as Nuke's does.
        #expect(
            processing?.description.hasPrefix("Failed to process the image using processor MockFailingProcessor(")
                == true
        )
        let anonymous = await expectFailure(
            pipeline.imageTask(with: ImageRequest(url: .test, processors: [.process(id: "none") { _ in nil }]))
        )
        #expect(
            anonymous?.description
                == "Failed to process the image using processor AnonymousProcessor(identifier: none). "
                + "Underlying error: Processor none returned no image."
        )
    }

    @Test("Bad input: an invalid URL, an unknown scheme, a malformed data: URL")
    func badURLs() async throws {
        let pipeline = ImagePipeline.makeTestPipeline(loader: loader) { $0.dataLoader = nil }
        let invalid = await expectFailure(pipeline.imageTask(with: ImageRequest(stringLiteral: "")))
        #expect(invalid?.dataLoadingError as? DataLoadingError == .invalidURL(nil))
        let noScheme = await expectFailure(pipeline.imageTask(with: URL(string: "just/a/path")))
        #expect(noScheme?.caseName == "dataLoadingFailed")
        let unknown = await expectFailure(pipeline.imageTask(with: URL(string: "gopher://example.com/a.png")))
        if case .dataLoaderNotRegistered(let scheme)? = unknown {
            #expect(scheme == "gopher")
        } else {
            Issue.record("expected dataLoaderNotRegistered, got \(String(describing: unknown))")
        }
        #expect(unknown?.description.contains("gopher") == true)
        let malformed = await expectFailure(pipeline.imageTask(with: URL(string: "data:image/png;base64")))
        #expect(malformed?.dataLoadingError is DataLoadingError)
    }

    @Test("Bad input: an image over the pixel limit is rejected from its header")
    func pixelLimit() async throws {
        let pipeline = ImagePipeline.makeTestPipeline(loader: loader) { $0.maximumDecodedPixelCount = 1_000 }
        let error = await expectFailure(pipeline.imageTask(with: URL.test))
        if case .decodingFailed(_, _, let underlying)? = error {
            #expect(underlying as? ImageDecodingError == .imageTooLarge(width: 640, height: 480, limit: 1_000))
        } else {
            Issue.record("expected decodingFailed, got \(String(describing: error))")
        }
    }

    @Test("24. willLoadData can modify the request, once per load")
    func willLoadDataModifies() async throws {
        let observer = ImagePipelineObserver(willLoadData: { request in
            var request = request
            request.setValue("Bearer token", forHTTPHeaderField: "Authorization")
            return request
        })
        let pipeline = ImagePipeline.makeTestPipeline(loader: loader, delegate: observer)
        _ = try await pipeline.image(for: URL.test)
        #expect(observer.willLoadDataCount == 1)
        #expect(loader.requests.first?.value(forHTTPHeaderField: "authorization") == "Bearer token")
    }

    @Test("24. willLoadData throwing fails the task with the thrown error")
    func willLoadDataThrows() async throws {
        let observer = ImagePipelineObserver(willLoadData: { _ in throw TestError("denied") })
        let pipeline = ImagePipeline.makeTestPipeline(loader: loader, delegate: observer)
        let error = await expectFailure(pipeline.imageTask(with: URL.test))
        #expect(error?.dataLoadingError as? TestError == TestError("denied"))
        #expect(loader.createdTaskCount == 0)
    }

    @Test("24. Cancelling during willLoadData means the loader is never called")
    func willLoadDataCancelled() async throws {
        let gate = Collector<Int>()
        let observer = ImagePipelineObserver(willLoadData: { request in
            gate.append(1)
            await untilCancelled()  // Answers only after the task was cancelled.
            return request
        })
        let pipeline = ImagePipeline.makeTestPipeline(loader: loader, delegate: observer)
        let task = pipeline.imageTask(with: URL.test)
        await gate.wait(untilCount: 1)
        task.cancel()
        #expect(await expectFailure(task)?.caseName == "cancelled")
        await pipeline.flush()  // Waits for willLoadData to return and its answer to be handled.
        #expect(loader.createdTaskCount == 0)
    }

    @Test("24. willLoadData is not called for closure-based requests")
    func willLoadDataNotForClosures() async throws {
        let observer = ImagePipelineObserver()
        let pipeline = ImagePipeline.makeTestPipeline(loader: loader, delegate: observer)
        let image = try await pipeline.image(for: ImageRequest(id: "closure", data: { TestImageFormat.make() }))
        #expect(image.width == 640)
        #expect(observer.willLoadDataCount == 0)
    }

    @Test("18. An interrupted download resumes with Range and If-Range, progress continuing")
    func resumableDownload() async throws {
        let data = TestImageFormat.make()
        let chunks = stride(from: 0, to: data.count, by: 3_799).map {
            data.subdata(in: $0..<min($0 + 3_799, data.count))
        }
        let headers: HTTPHeaderFields = ["ETag": "\"abc\"", "Accept-Ranges": "bytes"]
        loader.setAnswer(
            .chunks(
                Array(chunks[0..<3]),
                DataResponse(url: .test, statusCode: 200, headers: headers, expectedContentLength: 22_789),
                failure: TestError("lost")
            ),
            for: .test
        )
        let pipeline = ImagePipeline.makeTestPipeline(loader: loader)
        let first = pipeline.imageTask(with: URL.test)
        let firstProgress = Collector<ImageTask.Progress>()
        let collectingFirst = firstProgress.collect(first.progress)
        #expect(await expectFailure(first)?.caseName == "dataLoadingFailed")
        await collectingFirst.value
        #expect(firstProgress.all.map(\.completed) == [3_799, 7_598, 11_397])
        #expect(firstProgress.all.allSatisfy { $0.total == 22_789 })
        #expect(await pipeline.resumableData.contains(URL.test.absoluteString))

        loader.setAnswer(
            .chunks(
                Array(chunks[3...]),
                DataResponse(url: .test, statusCode: 206, headers: headers, expectedContentLength: 11_392),
                failure: nil
            ),
            for: .test
        )
        let second = pipeline.imageTask(with: URL.test)
        let secondProgress = Collector<ImageTask.Progress>()
        let collectingSecond = secondProgress.collect(second.progress)
        let image = try await second.image
        await collectingSecond.value
        #expect(image.width == 640)
        #expect(secondProgress.all.map(\.completed) == [15_196, 18_995, 22_789])
        #expect(secondProgress.all.allSatisfy { $0.total == 22_789 })
        #expect(loader.requests.last?.value(forHTTPHeaderField: "Range") == "bytes=11397-")
        #expect(loader.requests.last?.value(forHTTPHeaderField: "If-Range") == "\"abc\"")
        #expect(await !pipeline.resumableData.contains(URL.test.absoluteString))
    }

    @Test("18. Resumable data survives an attempt cancelled before the server answers")
    func resumableDataKeptWhenCancelledEarly() async throws {
        let data = TestImageFormat.make()
        let headers: HTTPHeaderFields = ["ETag": "\"abc\"", "Accept-Ranges": "bytes"]
        loader.setAnswer(
            .chunks(
                [data.prefix(5_000)],
                DataResponse(url: .test, statusCode: 200, headers: headers, expectedContentLength: 22_789),
                failure: TestError("lost")
            ),
            for: .test
        )
        let pipeline = ImagePipeline.makeTestPipeline(loader: loader)
        _ = await expectFailure(pipeline.imageTask(with: URL.test))
        loader.isSuspended = true
        let second = pipeline.imageTask(with: URL.test)
        await waitUntil(loader) { loader.createdTaskCount == 2 }
        second.cancel()
        _ = await expectFailure(second)
        // Polls: the resumable-data store is the actor's and says nothing when it is written.
        #expect(await waitUntil { await pipeline.resumableData.contains(URL.test.absoluteString) })
    }
}
