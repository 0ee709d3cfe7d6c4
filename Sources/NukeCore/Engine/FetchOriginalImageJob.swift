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
@ImagePipelineActor
final class FetchOriginalImageJob: Job<ImageResponse> {
    private let pipeline: ImagePipeline
    private let request: ImageRequest
    private var decoder: (any ImageDecoding)?
    private var isDecoderFromDisabledPolicy = false
    private var previewPolicy: ImagePipeline.PreviewPolicy?
    private var policyEvaluationCount = 0
    private var policyEvaluationSize = 0
    private var lastPreviewTime: ContinuousClock.Instant?
    private var previewCount = 0
    private var isDecodingPreview = false
    private var closureTask: Task<Void, Never>?

    init(pipeline: ImagePipeline, request: ImageRequest) {
        self.pipeline = pipeline
        self.request = request
    }

    override func start() {
        if case .imageClosure(_, let makeImage) = request.resource {
            runImageClosure(makeImage)
            return
        }
        let job = pipeline.makeFetchOriginalDataJob(for: request)
        dependency = job.subscribe(.job(self), priority: priority) { event in
            self.receive(event)
        }
    }

    override func onCancelled() {
        closureTask?.cancel()
    }

    private func runImageClosure(_ makeImage: @escaping @Sendable () async throws -> ImageContainer) {
        let request = self.request
        let pool = pipeline.configuration.workerPool
        operation = pipeline.configuration.dataLoadingQueue.add(priority: priority) {
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
        guard pipeline.configuration.isProgressiveDecodingEnabled, !isDecodingPreview else { return }
        if let lastPreviewTime,
            ContinuousClock.now - lastPreviewTime < .seconds(pipeline.configuration.progressiveDecodingInterval)
        {
            return
        }
        let policy = evaluatePreviewPolicy(data, response: response)
        guard policy != .disabled, !(policy == .thumbnail && previewCount > 0) else { return }
        if decoder == nil || isDecoderFromDisabledPolicy {
            let context = pipeline.makeDecodingContext(
                request: request,
                data: data,
                isCompleted: false,
                dataResponse: response,
                previewPolicy: policy
            )
            decoder = pipeline.delegate.imageDecoder(for: context, pipeline: pipeline)
            isDecoderFromDisabledPolicy = false
        }
        guard let decoder else { return }
        isDecodingPreview = true
        let request = self.request
        runDecoding(
            with: decoder,
            on: pipeline.configuration.imageDecodingQueue,
            workers: pipeline.workers
        ) {
            decoder.decodePartiallyDownloadedData(data)
        } completion: { [unowned self] preview in
            self.isDecodingPreview = false
            guard var container = preview else { return }  // Failed previews are ignored.
            self.previewCount += 1
            self.lastPreviewTime = .now
            container.isPreview = true
            container.userInfo[.scanNumberKey] = self.previewCount
            let preview = ImageResponse(container: container, request: request, dataResponse: response)
            self.send(.value(preview, isCompleted: false))
        }
    }

    private func evaluatePreviewPolicy(_ data: Data, response: DataResponse?) -> ImagePipeline.PreviewPolicy {
        if let previewPolicy, previewPolicy != .disabled { return previewPolicy }
        let shouldEvaluate =
            previewPolicy == nil
            || (policyEvaluationCount < 6 && data.count >= 2 * max(1, policyEvaluationSize))
        guard shouldEvaluate else { return .disabled }
        let context = pipeline.makeDecodingContext(
            request: request,
            data: data,
            isCompleted: false,
            dataResponse: response
        )
        let policy = pipeline.delegate.previewPolicy(for: context, pipeline: pipeline)
        previewPolicy = policy
        policyEvaluationCount += 1
        policyEvaluationSize = data.count
        if policy != .disabled, decoder != nil { isDecoderFromDisabledPolicy = true }
        return policy
    }

    // MARK: Final image

    private func decodeFinal(_ data: Data, response: DataResponse?) {
        operation?.cancel()  // The final data supersedes a preview still decoding.
        operation = nil
        isDecodingPreview = false
        let context = pipeline.makeDecodingContext(
            request: request,
            data: data,
            isCompleted: true,
            dataResponse: response,
            previewPolicy: previewPolicy ?? .incremental
        )
        guard let decoder = decoder ?? pipeline.delegate.imageDecoder(for: context, pipeline: pipeline) else {
            send(.error(.decoderNotRegistered(context: context)))
            return
        }
        let pipeline = self.pipeline
        let request = self.request
        let previewCount = self.previewCount
        runDecoding(
            with: decoder,
            on: pipeline.configuration.imageDecodingQueue,
            workers: pipeline.workers
        ) {
            pipeline.decode(data, with: decoder, context: context)
        } completion: { [unowned self] result in
            switch result {
            case .success(var container):
                if previewCount > 0 { container.userInfo[.scanNumberKey] = previewCount }
                container.isPreview = false
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
