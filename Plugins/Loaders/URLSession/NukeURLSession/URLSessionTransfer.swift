// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

internal import Foundation
internal import FoundationNetworking
internal import NukeCore
internal import NukeHTTP
internal import Synchronization

/// One request through a ``URLSessionDataLoader``, across its attempts (one session task each).
///
/// Session events arrive on the delegate's serial queue; cancellation arrives from anywhere. The
/// state is behind a lock so that nothing is delivered after the completion, which is called once.
final class URLSessionTransfer: Cancellable {
    /// What follows an attempt.
    enum Outcome {
        case complete((any Error)?)
        case retry(after: Double)
    }

    private struct State {
        var attempt = 0
        var task: URLSessionDataTask?
        var response: DataResponse?
        var receivedBytes = 0
        var hasDeliveredData = false
        var redirects = 0
        var stoppedWith: Outcome?
        var isCompleted = false
    }

    let request: DataRequest
    private let configuration: URLSessionDataLoader.Configuration
    /// The pipeline delegate's redirect decision, asked (outside the lock) after the loader's rules.
    private let redirectDecision: RedirectDecision?
    /// The request's limit or the loader's, whichever is smaller.
    private let maximumResponseSize: Int?
    private let didReceiveData: @Sendable (Data, DataResponse) -> Void
    private let completion: @Sendable ((any Error)?) -> Void
    private let state = Mutex(State())

    /// The queue that cancels session tasks: never the caller's thread, never the session's.
    private static let cancellationQueue = DispatchQueue(label: "NukeURLSession.cancellation")

    init(
        request: DataRequest,
        configuration: URLSessionDataLoader.Configuration,
        redirectDecision: RedirectDecision?,
        didReceiveData: @escaping @Sendable (Data, DataResponse) -> Void,
        completion: @escaping @Sendable ((any Error)?) -> Void
    ) {
        self.request = request
        self.configuration = configuration
        self.redirectDecision = redirectDecision
        self.maximumResponseSize = request.maximumResponseSize(withLoaderLimit: configuration.maximumResponseSize)
        self.didReceiveData = didReceiveData
        self.completion = completion
    }

    /// The URL request for the next attempt.
    var urlRequest: URLRequest {
        var urlRequest = URLRequest(url: request.url, cachePolicy: .reloadIgnoringLocalCacheData)
        urlRequest.httpMethod = request.httpMethod
        urlRequest.httpBody = request.httpBody
        urlRequest.timeoutInterval = request.timeoutInterval
        for (name, value) in request.headers {
            urlRequest.setValue(value, forHTTPHeaderField: name)
        }
        return urlRequest
    }

    /// Records the task of a new attempt; `false` if the transfer was cancelled meanwhile.
    func begin(_ task: URLSessionDataTask) -> Bool {
        state.withLock { state in
            guard !state.isCompleted else { return false }
            state = State(attempt: state.attempt + 1, task: task)
            return true
        }
    }

    /// Completes with `CancellationError` at once, and cancels the session task off this thread.
    func cancel() {
        let (wasRunning, task) = state.withLock { state in
            defer { state.isCompleted = true }
            return (!state.isCompleted, state.task)
        }
        guard wasRunning else { return }
        if let task {
            Self.cancellationQueue.async { task.cancel() }
        }
        completion(CancellationError())
    }

    // MARK: Session events

    /// `NetworkError.addressNotAllowed` if the address policy refuses `url`'s host.
    func addressPolicyError(for url: URL?) -> NetworkError? {
        guard let host = url?.host, !configuration.addressPolicy.allows(host: host) else { return nil }
        return .addressNotAllowed(address: host)
    }

    /// Whether to follow one more redirect, from `response` to `url`: the address policy, the
    /// limit, then the delegate's decision (asked outside the lock).
    func shouldFollowRedirect(from response: HTTPURLResponse, to url: URL?) -> Bool {
        let allowed = state.withLock { state in
            if let error = addressPolicyError(for: url) {
                state.stoppedWith = .complete(error)
                return false
            }
            state.redirects += 1
            guard state.redirects <= configuration.maximumRedirects else {
                state.stoppedWith = .complete(NetworkError.tooManyRedirects(limit: configuration.maximumRedirects))
                return false
            }
            return true
        }
        guard allowed, let redirectDecision, let url else { return allowed }
        let source = response.url ?? request.url
        let redirect = Redirect(source: source, target: url, response: DataResponse(response, fallbackURL: source))
        guard redirectDecision(redirect) else {
            state.withLock { $0.stoppedWith = .complete(NetworkError.redirectNotAllowed(url: url.absoluteString)) }
            return false
        }
        return true
    }

    /// Validates the response; `false` stops the task.
    func receive(_ urlResponse: URLResponse) -> Bool {
        let response = DataResponse(urlResponse, fallbackURL: request.url)
        return state.withLock { state in
            guard !state.isCompleted, state.stoppedWith == nil else { return false }
            switch ResponseValidation.check(
                response,
                for: request,
                attempt: state.attempt,
                isAcceptableStatusCode: configuration.isAcceptableStatusCode,
                retryPolicy: configuration.retryPolicy
            ) {
            case .accept:
                if let limit = maximumResponseSize, response.expectedContentLength > Int64(limit) {
                    state.stoppedWith = .complete(NetworkError.responseTooLarge(limit: limit))
                    return false
                }
                state.response = response
                return true
            case .retry(let delay):
                state.stoppedWith = .retry(after: delay)
                return false
            case .fail(let error):
                state.stoppedWith = .complete(error)
                return false
            }
        }
    }

    /// Delivers a chunk, or stops the transfer if it crosses the size limit.
    ///
    /// Crossing the limit completes the transfer at once and cancels the task off this thread:
    /// corelibs-foundation cancels a task on its work queue, which a fast socket can keep busy
    /// for seconds, so waiting for the task to end would keep the caller waiting (and the
    /// session reading) as long. Chunks after a stop are dropped.
    func receive(_ data: Data) {
        enum Disposition { case deliver(DataResponse), drop, stop(limit: Int, task: URLSessionDataTask?) }
        let disposition: Disposition = state.withLock { state in
            guard !state.isCompleted, state.stoppedWith == nil, let response = state.response else { return .drop }
            state.receivedBytes += data.count
            if let limit = maximumResponseSize, state.receivedBytes > limit {
                state.stoppedWith = .complete(NetworkError.responseTooLarge(limit: limit))
                return .stop(limit: limit, task: state.task)
            }
            state.hasDeliveredData = true
            return .deliver(response)
        }
        switch disposition {
        case .deliver(let response):
            didReceiveData(data, response)
        case .drop:
            break
        case let .stop(limit, task):
            complete(with: NetworkError.responseTooLarge(limit: limit))
            if let task { Self.cancellationQueue.async { task.cancel() } }
        }
    }

    /// Decides what follows the attempt the session finished with `error`.
    func outcome(of error: (any Error)?) -> Outcome {
        let (stoppedWith, response, hasDeliveredData, attempt) = state.withLock {
            ($0.stoppedWith, $0.response, $0.hasDeliveredData, $0.attempt)
        }
        if let stoppedWith { return stoppedWith }
        guard let error else {
            if let response, !hasDeliveredData {
                didReceiveData(Data(), response)  // No body: deliver the response itself.
            }
            return .complete(nil)
        }
        let mapped = URLErrorMapping.error(for: error, url: request.url, redirectLimit: configuration.maximumRedirects)
        if let delay = configuration.retryPolicy.delay(
            beforeRetry: attempt,
            of: request,
            failedWith: mapped,
            hasDeliveredData: hasDeliveredData
        ) {
            return .retry(after: delay)
        }
        return .complete(mapped)
    }

    /// Calls the completion, once.
    func complete(with error: (any Error)?) {
        let isFirst = state.withLock { state in
            defer { state.isCompleted = true }
            return !state.isCompleted
        }
        if isFirst { completion(error) }
    }
}

extension DataResponse {
    /// Converts a Foundation response.
    init(_ response: URLResponse, fallbackURL: URL) {
        var headers = HTTPHeaderFields()
        let http = response as? HTTPURLResponse
        for (name, value) in http?.allHeaderFields ?? [:] {
            if let name = name as? String { headers[name] = "\(value)" }
        }
        self.init(
            url: response.url ?? fallbackURL,
            statusCode: http?.statusCode,
            headers: headers,
            expectedContentLength: response.expectedContentLength,
            mimeType: response.mimeType
        )
    }
}
