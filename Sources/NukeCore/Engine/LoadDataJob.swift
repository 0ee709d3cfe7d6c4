// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

#if canImport(FoundationEssentials)
    internal import FoundationEssentials
#else
    internal import Foundation
#endif

/// Produces the raw data of a request for `data(for:)`: from the disk cache or the shared download.
@ImagePipelineActor
final class LoadDataJob: Job<(Data, DataResponse?)> {
    private let services: JobServices
    private let request: ImageRequest
    private var diskLookup: WorkerPoolItem?

    init(services: JobServices, request: ImageRequest) {
        self.services = services
        self.request = request
    }

    override func start() {
        guard let cache = services.caches.diskCache(forReading: request) else {
            loadFromSource()
            return
        }
        let key = services.caches.makeDataCacheKey(for: request)
        diskLookup = services.readDiskCache(cache, keys: [key], for: self) { [unowned self] data in
            if let data { self.send(.value((data, nil), isCompleted: true)) } else { self.loadFromSource() }
        }
    }

    override func onCancelled() {
        diskLookup?.cancel()
    }

    private func loadFromSource() {
        if request.options.contains(.returnCacheDataDontLoad), !services.caches.canAnswerWithoutLoading(request) {
            send(.error(.dataMissingInCache))
            return
        }
        let job = services.fetchOriginalDataJob(for: request)
        dependency = job.subscribe(.job(self), priority: priority) { event in
            switch event {
            case .value(_, let isCompleted):
                if isCompleted { self.send(event) }
            case .progress, .error:
                self.send(event)
            }
        }
    }
}
