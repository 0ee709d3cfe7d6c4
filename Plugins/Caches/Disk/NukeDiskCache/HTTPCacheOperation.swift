// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

internal import NukeCore
internal import NukeHTTP

internal import Synchronization

#if canImport(FoundationEssentials)
    internal import FoundationEssentials
#else
    internal import Foundation
#endif

/// One request through an ``HTTPCachingDataLoader``: the cache lookup, then at most one network
/// load, then at most one store.
final class HTTPCacheOperation: Cancellable {
    private typealias Stored = (body: Data, entry: HTTPCacheEntry)

    private struct State {
        var isFinished = false
        var networkLoad: (any Cancellable)?
    }

    private let request: DataRequest
    private let loader: any DataLoading
    private let redirectDecision: RedirectDecision?
    private let cache: HTTPCache
    private let didReceiveData: @Sendable (Data, DataResponse) -> Void
    private let completion: @Sendable ((any Error)?) -> Void
    private let state = Mutex(State())

    init(
        request: DataRequest,
        loader: any DataLoading,
        redirectDecision: RedirectDecision?,
        cache: HTTPCache,
        didReceiveData: @escaping @Sendable (Data, DataResponse) -> Void,
        completion: @escaping @Sendable ((any Error)?) -> Void
    ) {
        self.request = request
        self.loader = loader
        self.redirectDecision = redirectDecision
        self.cache = cache
        self.didReceiveData = didReceiveData
        self.completion = completion
    }

    /// Completes with `CancellationError` and cancels the network load, if any.
    func cancel() {
        let load = state.withLock { $0.isFinished ? nil : $0.networkLoad }
        finish(with: CancellationError())
        load?.cancel()
    }

    // MARK: Deciding

    func start() {
        guard !isFinished else { return }
        guard !bypassesCache else {
            load(request, revalidating: nil, storing: false)
            return
        }
        let now = Date()
        let stored = cache.entry(for: request.url).flatMap { $0.entry.matchesVary(of: request) ? $0 : nil }
        switch request.cachePolicy {
        case .reloadIgnoringLocalCacheData:
            load(request, revalidating: nil, storing: true)
        case .returnCacheDataElseLoad:
            if let stored, mayServeWithoutValidation(stored.entry, at: now) {
                deliver(stored)
            } else {
                load(request, revalidating: nil, storing: true)
            }
        case .returnCacheDataDontLoad:
            if let stored, mayServeWithoutValidation(stored.entry, at: now) {
                deliver(stored)
            } else {
                finish(with: HTTPCacheError.notCached(request.url))
            }
        case .useProtocolCachePolicy:
            guard let stored else {
                load(request, revalidating: nil, storing: true)
                return
            }
            let requestDirectives = CacheControl(request.headers["Cache-Control"])
            let requestForbidsStored =
                requestDirectives.noCache || requestDirectives.maxAge == 0
                || request.headers["Pragma"]?.lowercased() == "no-cache"
            if stored.entry.isFresh(at: now), !stored.entry.cacheControl.noCache, !requestForbidsStored {
                deliver(stored)
            } else {
                load(request, revalidating: stored.entry.validators.isEmpty ? nil : stored, storing: true)
            }
        }
    }

    /// Requests the cache does not touch: not `GET`, with a body, or already ranged or conditional.
    private var bypassesCache: Bool {
        let headers = request.headers
        return request.httpMethod.uppercased() != "GET" || request.httpBody != nil || headers["Range"] != nil
            || headers["If-Range"] != nil
            || headers["If-None-Match"] != nil || headers["If-Modified-Since"] != nil
    }

    /// Whether a stored response may be used without asking the server: fresh, or stale without
    /// `must-revalidate`; never one stored with `no-cache`.
    private func mayServeWithoutValidation(_ entry: HTTPCacheEntry, at now: Date) -> Bool {
        let directives = entry.cacheControl
        return !directives.noCache && (!directives.mustRevalidate || entry.isFresh(at: now))
    }

    // MARK: Loading

    /// Loads from the network, conditionally on `stored` when given.
    private func load(_ request: DataRequest, revalidating stored: Stored?, storing: Bool) {
        var outgoing = request
        for (name, value) in stored?.entry.validators ?? [:] {
            outgoing.setValue(value, forHTTPHeaderField: name)
        }
        let requestTime = Date()
        let maximumEntrySize = cache.maximumEntrySize
        let received = Mutex((body: Data(), response: DataResponse?.none, storing: storing))
        let networkLoad = loader.loadData(
            with: outgoing,
            redirectDecision: redirectDecision,
            didReceiveData: { [self] data, response in
                let isFirst = received.withLock { received in
                    defer {
                        received.response = response
                        if received.storing, data.count > maximumEntrySize - received.body.count {
                            received = (Data(), response, false)  // Too big to store: keep no copy.
                        } else if received.storing {
                            received.body.append(data)
                        }
                    }
                    return received.response == nil
                }
                if stored != nil, response.statusCode == 304 { return }  // Answered from the cache below.
                if !isFinished, isFirst || !data.isEmpty { didReceiveData(data, response) }
            },
            completion: { [self] error in
                let (body, response, storing) = received.withLock { ($0.body, $0.response, $0.storing) }
                finishLoad(
                    error: error,
                    body: body,
                    response: response,
                    stored: stored,
                    storing: storing,
                    requestTime: requestTime
                )
            }
        )
        let isCancelled = state.withLock { state in
            state.networkLoad = networkLoad
            return state.isFinished
        }
        if isCancelled { networkLoad.cancel() }
    }

    private func finishLoad(
        error: (any Error)?,
        body: Data,
        response: DataResponse?,
        stored: Stored?,
        storing: Bool,
        requestTime: Date
    ) {
        let now = Date()
        if let error {
            // Disconnected: a stale response may stand in, unless the server forbade it.
            if let stored, error is NetworkError, !stored.entry.cacheControl.noCache,
                !stored.entry.cacheControl.mustRevalidate
            {
                deliver(stored)
            } else {
                finish(with: error)
            }
            return
        }
        guard let response else {
            finish(with: nil)
            return
        }
        if let stored, response.statusCode == 304 {
            var entry = stored.entry
            entry.refresh(with: response, requestTime: requestTime, responseTime: now)
            cache.store(stored.body, entry: entry, for: request.url)
            deliver((stored.body, entry))
            return
        }
        let isComplete = response.expectedContentLength < 0 || response.expectedContentLength == Int64(body.count)
        if storing, isComplete, HTTPCacheEntry.isStorable(response, for: request) {
            let entry = HTTPCacheEntry(
                response: response,
                request: request,
                requestTime: requestTime,
                responseTime: now
            )
            cache.store(body, entry: entry, for: request.url)
        }
        finish(with: nil)
    }

    // MARK: Finishing

    private var isFinished: Bool {
        state.withLock { $0.isFinished }
    }

    private func deliver(_ stored: Stored) {
        guard !isFinished else { return }
        didReceiveData(stored.body, stored.entry.response(bodySize: stored.body.count))
        finish(with: nil)
    }

    private func finish(with error: (any Error)?) {
        let isFirst = state.withLock { state in
            defer { state.isFinished = true }
            return !state.isFinished
        }
        if isFirst { completion(error) }
    }
}
