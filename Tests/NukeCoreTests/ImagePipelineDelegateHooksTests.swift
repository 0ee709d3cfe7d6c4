// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

import Foundation
import NukeTestSupport
import Synchronization
import Testing

@testable import NukeCore

/// The delegate's network hooks (response check, download rewrite, redirect decision) and
/// requests with a method and a body, through a pipeline with a mock loader. The redirect decision
/// against real loaders is in the loader contract (`asksRedirectDecision`).
@Suite(.timeLimit(.minutes(10)))
struct ImagePipelineDelegateHooksTests {
    let loader = MockDataLoader()

    /// A delegate whose hooks the tests set.
    final class HooksDelegate: ImagePipeline.Delegate {
        struct Rejected: Error, Equatable {
            let reason: String
        }

        let rejectContentType: String?
        let rewrite: (@Sendable (Data) throws -> Data)?
        let decision: RedirectDecision?
        let seenResponses = Mutex<[DataResponse]>([])

        init(
            rejectContentType: String? = nil,
            rewrite: (@Sendable (Data) throws -> Data)? = nil,
            decision: RedirectDecision? = nil
        ) {
            self.rejectContentType = rejectContentType
            self.rewrite = rewrite
            self.decision = decision
        }

        func validateResponse(_ response: DataResponse, for request: ImageRequest, pipeline: ImagePipeline) throws {
            seenResponses.withLock { $0.append(response) }
            if let rejectContentType, response.mimeType == rejectContentType {
                throw Rejected(reason: "content type \(rejectContentType)")
            }
        }

        func didLoadData(_ data: Data, response: DataResponse?, for request: ImageRequest, pipeline: ImagePipeline)
            throws -> Data
        {
            try rewrite?(data) ?? data
        }

        func redirectDecision(for request: ImageRequest, pipeline: ImagePipeline) -> RedirectDecision? {
            decision
        }
    }

    private func answer(_ data: Data, contentType: String = "image/x-test") {
        let response = DataResponse(url: .test, statusCode: 200, headers: ["Content-Type": contentType])
        loader.setAnswer(.success(data, response), for: .test)
    }

    @Test("validateResponse rejects a response before its bytes are kept: a typed error, nothing stored")
    func responseRejected() async throws {
        answer(MockDataLoader.defaultData, contentType: "text/html")
        let dataCache = MockDataCache()
        let delegate = HooksDelegate(rejectContentType: "text/html")
        let pipeline = ImagePipeline.makeTestPipeline(loader: loader, delegate: delegate) {
            $0.dataCache = dataCache
            $0.dataCachePolicy = .storeAll
        }
        do {
            _ = try await pipeline.image(for: URL.test)
            Issue.record("a rejected response was decoded")
        } catch {
            #expect(error.underlyingError as? HooksDelegate.Rejected == .init(reason: "content type text/html"))
        }
        #expect(delegate.seenResponses.withLock { $0.map(\.statusCode) } == [200])
        await pipeline.flush()
        #expect(dataCache.writeCount == 0)

        answer(MockDataLoader.defaultData)
        #expect(try await pipeline.image(for: URL.test).width == 640)
    }

    @Test("didLoadData rewrites a download before it is stored and decoded, or rejects it")
    func downloadRewritten() async throws {
        let wrapped = Data("WRAP".utf8) + MockDataLoader.defaultData
        answer(wrapped)
        let dataCache = MockDataCache()
        let unwrap = HooksDelegate(rewrite: { data in
            guard data.starts(with: Data("WRAP".utf8)) else { throw HooksDelegate.Rejected(reason: "not wrapped") }
            return data.dropFirst(4)
        })
        let pipeline = ImagePipeline.makeTestPipeline(loader: loader, delegate: unwrap) {
            $0.dataCache = dataCache
            $0.dataCachePolicy = .storeOriginalData
        }
        #expect(try await pipeline.image(for: URL.test).width == 640)
        await pipeline.flush()
        #expect(dataCache.cachedData(for: URL.test.absoluteString) == MockDataLoader.defaultData)

        answer(MockDataLoader.defaultData)
        let failing = ImagePipeline.makeTestPipeline(loader: loader, delegate: unwrap)
        do {
            _ = try await failing.data(for: URL.test)
            Issue.record("an unwrapped download was accepted")
        } catch {
            #expect(error.underlyingError as? HooksDelegate.Rejected == .init(reason: "not wrapped"))
        }
        let emptying = ImagePipeline.makeTestPipeline(loader: loader, delegate: HooksDelegate(rewrite: { _ in Data() }))
        await #expect(throws: ImagePipeline.Error.self) { _ = try await emptying.data(for: URL.test) }
    }

    @Test("The download a hook returned is released once the image is made (the job kept it for good)")
    func rewrittenDownloadReleased() async throws {
        answer(MockDataLoader.defaultData)
        let released = Mutex(false)
        let delegate = HooksDelegate(rewrite: { data in
            let bytes = UnsafeMutableRawPointer.allocate(byteCount: data.count, alignment: 1)
            data.copyBytes(to: bytes.assumingMemoryBound(to: UInt8.self), count: data.count)
            return Data(
                bytesNoCopy: bytes,
                count: data.count,
                deallocator: .custom { pointer, _ in
                    pointer.deallocate()
                    released.withLock { $0 = true }
                }
            )
        })
        let pipeline = ImagePipeline.makeTestPipeline(loader: loader, delegate: delegate) {
            $0.imageCache = nil
            $0.dataCache = nil
        }
        #expect(try await pipeline.image(for: URL.test).width == 640)
        // The last references go on the pipeline's actor after the image is handed over, unannounced:
        // this polls.
        #expect(await waitUntil { released.withLock { $0 } })
    }

    @Test("A redirect decision with a loader that cannot ask fails closed, before loading")
    func redirectDecisionFailsClosed() async throws {
        let delegate = HooksDelegate(decision: { _ in true })
        let pipeline = ImagePipeline.makeTestPipeline(loader: loader, delegate: delegate)
        do {
            _ = try await pipeline.data(for: URL.test)
            Issue.record("loaded without asking about redirects")
        } catch {
            #expect(error.underlyingError as? DataLoadingError == .redirectDecisionUnsupported)
        }
        #expect(loader.createdTaskCount == 0)
    }

    @Test("A body and a method: different bodies are different images and downloads, equal ones coalesce")
    func requestsWithBodies() async throws {
        func post(_ body: String) -> ImageRequest {
            ImageRequest(urlRequest: DataRequest(url: .test, httpMethod: "POST", httpBody: Data(body.utf8)))
        }
        #expect(post("a").imageID != post("b").imageID)
        #expect(post("a").imageID == post("a").imageID)
        #expect(post("a").imageID?.hasPrefix("http://test.com/example.jpeg POST ") == true)
        #expect(ImageRequest(urlRequest: DataRequest(url: .test)).imageID == URL.test.absoluteString)

        let pipeline = ImagePipeline.makeTestPipeline(loader: loader)
        loader.isSuspended = true
        let tasks = [post("a"), post("a"), post("b")].map { pipeline.imageTask(with: $0) }
        await pipelineActorBarrier()  // The actor has started every task made so far.
        #expect(await pipeline.taskCount == 3)
        loader.isSuspended = false
        for task in tasks { _ = try await task.response }
        #expect(loader.createdTaskCount == 2)
        #expect(Set(loader.requests.map { $0.httpBody.map { String(decoding: $0, as: UTF8.self) } }) == ["a", "b"])
        #expect(loader.requests.allSatisfy { $0.httpMethod == "POST" })
    }
}
