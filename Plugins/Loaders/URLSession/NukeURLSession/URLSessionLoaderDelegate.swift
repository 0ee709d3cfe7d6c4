// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

internal import Foundation
internal import FoundationNetworking
internal import NukeCore
internal import Synchronization

/// The session delegate of a ``URLSessionDataLoader``: routes task events to their transfers,
/// and starts retries.
final class URLSessionLoaderDelegate: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    // @unchecked: NSObject subclasses cannot be checked. `transfers` is behind a Mutex;
    // `configuration` is immutable; `session` is set once by the loader's init before any use;
    // `isInvalidated` is confined to `taskQueue`.

    private let configuration: URLSessionDataLoader.Configuration
    private let transfers = Mutex<[Int: URLSessionTransfer]>([:])
    nonisolated(unsafe) weak var session: URLSession?

    init(configuration: URLSessionDataLoader.Configuration) {
        self.configuration = configuration
    }

    /// Creates and resumes session tasks. `URLSession.dataTask(with:)` waits on a work queue that
    /// every session of the process shares and that can be busy for seconds reading a fast
    /// response; callers (the pipeline's actor, Swift's few cooperative threads) must never wait
    /// on it, so tasks are created here.
    private let taskQueue = DispatchQueue(label: "NukeURLSession.tasks")
    /// Set on `taskQueue`, and read only there: no task is created on an invalidated session
    /// (which is a fatal error in Foundation), even by a retry whose back-off ends later.
    nonisolated(unsafe) private var isInvalidated = false

    /// Invalidates `session` after the tasks being created; later attempts fail with an error.
    func invalidate(_ session: URLSession) {
        taskQueue.async { [self] in
            isInvalidated = true
            session.invalidateAndCancel()
        }
    }

    /// Starts the next attempt of `transfer`, asynchronously.
    func start(_ transfer: URLSessionTransfer) {
        taskQueue.async { [self] in
            startNow(transfer)
        }
    }

    private func startNow(_ transfer: URLSessionTransfer) {
        guard let session, !isInvalidated else {
            transfer.complete(with: NetworkError.other(reason: "The URL session was invalidated"))
            return
        }
        if let error = transfer.addressPolicyError(for: transfer.request.url) {
            transfer.complete(with: error)
            return
        }
        let task = session.dataTask(with: transfer.urlRequest)
        transfers.withLock { $0[task.taskIdentifier] = transfer }
        guard transfer.begin(task) else {
            transfers.withLock { _ = $0.removeValue(forKey: task.taskIdentifier) }
            return
        }
        task.resume()
    }

    private func transfer(for task: URLSessionTask) -> URLSessionTransfer? {
        transfers.withLock { $0[task.taskIdentifier] }
    }

    func urlSession(
        _ session: URLSession,
        dataTask: URLSessionDataTask,
        didReceive response: URLResponse,
        completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
    ) {
        let allow = transfer(for: dataTask)?.receive(response) ?? false
        completionHandler(allow ? .allow : .cancel)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        transfer(for: dataTask)?.receive(data)
    }

    func urlSession(
        _ session: URLSession,
        task: URLSessionTask,
        willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest,
        completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        let follow = transfer(for: task)?.shouldFollowRedirect(from: response, to: request.url) ?? false
        completionHandler(follow ? request : nil)
        if !follow { task.cancel() }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        guard let transfer = transfers.withLock({ $0.removeValue(forKey: task.taskIdentifier) }) else { return }
        switch transfer.outcome(of: error) {
        case .complete(let error):
            transfer.complete(with: error)
        case .retry(let delay):
            let clock = configuration.clock
            Task { [self] in
                // A cancellation meanwhile makes the next attempt end at once (`begin` refuses it).
                try? await clock.sleep(for: .milliseconds(Int((delay * 1000).rounded(.up))))
                start(transfer)
            }
        }
    }
}
