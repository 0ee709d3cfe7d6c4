// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

#if canImport(FoundationEssentials)
    internal import FoundationEssentials
#else
    internal import Foundation
#endif

/// Decodes the original image from the shared download, producing previews of partial data when
/// progressive decoding is on; or runs an image closure.
///
/// One decoder serves the whole download. Previews obey backpressure (at most one decode in
/// flight, newer data waits for the next chunk), the minimum interval, and the preview policy,
/// which is re-evaluated while it says `.disabled` (at most 6 times, each after the data doubled).
///
/// A decode that may shrink on load serves every request that joins it before the final decode
/// starts, at the largest size any of their first processors needs; then it leaves the pool.
@ImagePipelineActor
final class FetchOriginalImageJob: Job<ImageResponse> {
    private let services: JobServices
    private let request: ImageRequest
    /// One decoder serves the previews and the final image (unless more processors joined).
    private var decoder: (any ImageDecoding)?
    private var previews: PreviewScheduler
    /// The first processors of the requests this decode serves, when it may shrink on load.
    private var downscalers: [any ImageDownscaling] = []
    /// How many of ``downscalers`` the current ``decoder``'s context knew.
    private var downscalersKnownToDecoder = 0
    /// The final decode's wait for admission, when the pipeline has one.
    private var admission: Task<Void, Never>?

    init(services: JobServices, request: ImageRequest) {
        self.services = services
        self.request = request
        self.previews = PreviewScheduler(interval: services.progressiveDecodingInterval)
    }

    /// Lets the decode shrink on load for `downscaler` too (no smaller than it needs).
    func shrinkOnLoad(for downscaler: any ImageDownscaling) {
        let identifier = downscaler.hashableIdentifier
        guard !downscalers.contains(where: { $0.hashableIdentifier == identifier }) else { return }
        downscalers.append(downscaler)
    }

    override func onCancelled() {
        admission?.cancel()
    }

    override func start() {
        if case .imageClosure(_, let makeImage) = request.resource {
            runImageClosure(makeImage)
            return
        }
        if let kept = services.reusableDecode(for: request, downscalers: downscalers) {
            send(.value(ImageResponse(container: kept, request: request), isCompleted: true))
            return
        }
        let job = services.fetchOriginalDataJob(for: request)
        dependency = job.subscribe(.job(self), priority: priority) { event in
            self.receive(event)
        }
    }

    private func runImageClosure(_ makeImage: @escaping @Sendable () async throws -> ImageContainer) {
        let request = self.request
        let pool = services.workerPool
        operation = services.dataLoadingQueue.add(priority: priority) {
            let result: Result<ImageContainer, any Error>
            do {
                // User code: on the worker pool, where blocking does not stall the cooperative pool.
                result = .success(try await withTaskExecutorPreference(pool) { try await makeImage() })
            } catch {
                result = .failure(error)
            }
            guard !Task.isCancelled, !self.isDisposed else { return }
            self.operation = nil
            switch result {
            case .success(let container):
                self.send(.value(ImageResponse(container: container, request: request), isCompleted: true))
            case .failure(let error):
                self.send(.error(.dataLoadingFailed(error: error)))
            }
        }
    }

    private func receive(_ event: Job<(Data, DataResponse?)>.Event) {
        switch event {
        case let .value((data, response), isCompleted):
            if isCompleted {
                decodeFinal(data, response: response)
            } else {
                decodePreview(data, response: response)
            }
        case .progress(let progress):
            send(.progress(progress))
        case .error(let error):
            send(.error(error))
        }
    }

    // MARK: Previews

    private func decodePreview(_ data: Data, response: DataResponse?) {
        guard services.isProgressiveDecodingEnabled else { return }
        var action = previews.partialDataArrived(byteCount: data.count, now: services.clock.now())
        if action == .evaluatePolicy {
            let context = makeDecodingContext(data, response: response, isCompleted: false, policy: .incremental)
            let policy = services.previewPolicy(for: context)
            action = previews.policyEvaluated(policy, byteCount: data.count)
        }
        guard case let .decode(policy, needsDecoder) = action else { return }
        if needsDecoder {
            let context = makeDecodingContext(data, response: response, isCompleted: false, policy: policy)
            decoder = services.imageDecoder(for: context)
            downscalersKnownToDecoder = downscalers.count
        }
        guard let decoder else { return }
        previews.previewDecodeStarted()
        let request = self.request
        runDecoding(
            with: decoder,
            on: services.imageDecodingQueue,
            workers: services.workers
        ) {
            decoder.decodePartiallyDownloadedData(data)
        } completion: { [unowned self] preview in
            let now = self.services.clock.now()
            guard let scanNumber = self.previews.previewDecoded(succeeded: preview != nil, now: now),
                var container = preview
            else { return }  // Failed previews are ignored.
            container.isPreview = true
            container.userInfo[.scanNumberKey] = scanNumber
            let preview = ImageResponse(container: container, request: request, dataResponse: response)
            self.send(.value(preview, isCompleted: false))
        }
    }

    private func makeDecodingContext(
        _ data: Data,
        response: DataResponse?,
        isCompleted: Bool,
        policy: ImagePipeline.PreviewPolicy
    ) -> ImageDecodingContext {
        var context = services.makeDecodingContext(
            request: request,
            data: data,
            isCompleted: isCompleted,
            dataResponse: response,
            previewPolicy: policy
        )
        if !downscalers.isEmpty {
            context.shrinkOnLoad = ShrinkOnLoad(downscalers: downscalers)
        }
        return context
    }

    // MARK: Final image

    private func decodeFinal(_ data: Data, response: DataResponse?) {
        let final = previews.finalDataArrived()
        if final.cancelsPreviewDecode {
            operation?.cancel()  // The final data supersedes a preview still decoding.
            operation = nil
        }
        if !downscalers.isEmpty {
            services.withdraw(self)  // The size is chosen now: later requests decode on their own.
            if downscalersKnownToDecoder != downscalers.count { decoder = nil }  // It would shrink too far.
        }
        let context = makeDecodingContext(data, response: response, isCompleted: true, policy: final.policy)
        guard let decoder = decoder ?? services.imageDecoder(for: context) else {
            send(.error(.decoderNotRegistered(context: context)))
            return
        }
        let previewCount = final.previewCount
        admission = admittingDecode(of: context, with: decoder, services: services) { [unowned self] error in
            self.send(.error(.decodingFailed(decoder: decoder, context: context, error: error)))
        } decode: { [unowned self] reservation in
            self.admission = nil
            self.decodeFinal(
                data,
                response: response,
                with: decoder,
                context: context,
                previewCount: previewCount,
                reservation: reservation
            )
        }
    }

    /// Decodes the complete data, once admitted; the image keeps `reservation`.
    private func decodeFinal(
        _ data: Data,
        response: DataResponse?,
        with decoder: any ImageDecoding,
        context: ImageDecodingContext,
        previewCount: Int,
        reservation: DecodeReservation?
    ) {
        let services = self.services
        let request = self.request
        runDecoding(
            with: decoder,
            on: services.imageDecodingQueue,
            workers: services.workers,
            timer: services.stageTimer(.decode, for: request),
            isSuccess: { (try? $0.get()) != nil }
        ) {
            services.decode(data, with: decoder, context: context)
        } completion: { [unowned self] result in
            switch result {
            case .success(var container):
                if previewCount > 0 { container.userInfo[.scanNumberKey] = previewCount }
                container.isPreview = false
                container.userInfo[.decodeReservationKey] = reservation
                services.keepDecode(container, for: request)
                self.send(
                    .value(
                        ImageResponse(container: container, request: request, dataResponse: response),
                        isCompleted: true
                    )
                )
            case .failure(let error):
                self.send(.error(error))
            }
        }
    }
}
