// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

import Foundation
import NukeTestSupport
import Synchronization
import Testing

@testable import NukeCore

@Suite("Decode admission: the pipeline asks before each final decode", .timeLimit(.minutes(10)))
struct DecodeAdmissionTests {
    let loader = MockDataLoader()

    @Test("The decoder's estimate is asked for; the image keeps the reservation until it is freed")
    func reservationLivesWithTheImage() async throws {
        let admission = RecordingAdmission()
        let pipeline = ImagePipeline.makeTestPipeline(loader: loader) {
            $0.decodeAdmission = admission
            $0.imageCache = ImageCache()
        }
        loader.setAnswer(
            .success(TestImageFormat.make(width: 300, height: 200), DataResponse(url: .test, statusCode: 200)),
            for: .test
        )

        var response: ImageResponse? = try await pipeline.imageTask(with: .test).response
        #expect(admission.estimates == [300 * 200 * 4])
        #expect(response?.container.userInfo[.decodeReservationKey] is DecodeReservation)
        let cached = pipeline.cache[ImageRequest(url: .test)]
        #expect(cached != nil && cached?.userInfo[.decodeReservationKey] == nil)
        #expect(admission.released == 0)
        response = nil
        _ = response
        await admission.releases.wait(untilCount: 1)  // Once the pipeline's last reference goes too.
    }

    @Test("Coalesced requests share one admission; a refusal fails them with the admission's error")
    func refusalFailsTheRequests() async throws {
        let admission = RecordingAdmission(refusing: true)
        let pipeline = ImagePipeline.makeTestPipeline(loader: loader) { $0.decodeAdmission = admission }
        loader.isSuspended = true
        let first = pipeline.imageTask(with: .test)
        let second = pipeline.imageTask(with: .test)
        await waitUntil(loader) { loader.createdTaskCount == 1 }
        loader.isSuspended = false
        for task in [first, second] {
            let error = await expectFailure(task)
            #expect(error?.caseName == "decodingFailed")
            #expect(error?.underlyingError is RecordingAdmission.Refusal)
        }
        #expect(admission.estimates.count == 1)
    }

    @Test("Cancelling the request cancels its wait for admission")
    func cancellationEndsTheWait() async throws {
        let admission = RecordingAdmission(waits: true)
        let pipeline = ImagePipeline.makeTestPipeline(loader: loader) { $0.decodeAdmission = admission }
        let task = pipeline.imageTask(with: .test)
        await admission.waiting.wait(untilCount: 1)
        task.cancel()
        await admission.cancelled.wait(untilCount: 1)
        #expect(await expectFailure(task)?.caseName == "cancelled")
    }

    @Test("Without an estimate from the decoder, the context's memory budget is asked for")
    func fallbackEstimate() async throws {
        let admission = RecordingAdmission()
        var registry = PluginRegistry()
        registry.install(TestImagePlugin())
        registry.register(
            Capabilities.Decoding.self,
            id: "nuke.test-image.decoder",
            for: [TestImageFormat.assetType]
        ) { _ in TinyDecoder() }
        let pipeline = ImagePipeline.makeTestPipeline(loader: loader) {
            $0.registry = registry
            $0.decodeAdmission = admission
            $0.maximumDecodedPixelCount = 1_000
        }
        _ = try await pipeline.imageTask(with: .test).response
        #expect(admission.estimates == [4_000])
    }
}

/// A decoder that cannot estimate its memory.
struct TinyDecoder: ImageDecoding {
    func decode(_ data: Data) throws -> ImageContainer {
        ImageContainer(image: try Bitmap(width: 2, height: 2, pixelFormat: .rgba8))
    }
}

/// Records what the pipeline asks; admits (at once, or once cancelled when `waits`) or refuses.
final class RecordingAdmission: DecodeAdmitting {
    struct Refusal: Error {}

    private let refusing: Bool
    private let waits: Bool
    private let state = Mutex((estimates: [Int](), released: 0))
    let waiting = Collector<Int>()
    let cancelled = Collector<Int>()
    let releases = Collector<Int>()

    init(refusing: Bool = false, waits: Bool = false) {
        (self.refusing, self.waits) = (refusing, waits)
    }

    var estimates: [Int] { state.withLock { $0.estimates } }
    var released: Int { state.withLock { $0.released } }

    func admit(_ context: ImageDecodingContext, estimatedBytes: Int) async throws -> DecodeReservation {
        state.withLock { $0.estimates.append(estimatedBytes) }
        if refusing { throw Refusal() }
        if waits {
            waiting.append(estimatedBytes)
            let never = AsyncStream<Void> { _ in }
            for await _ in never {}
            cancelled.append(estimatedBytes)
            throw CancellationError()
        }
        return DecodeReservation {
            self.state.withLock { $0.released += 1 }
            self.releases.append(estimatedBytes)
        }
    }
}
