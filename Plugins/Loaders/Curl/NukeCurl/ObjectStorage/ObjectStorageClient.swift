// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

internal import Dispatch
internal import NukeCore
internal import NukeHTTP
internal import NukeRemoteCaching
internal import Synchronization

#if canImport(FoundationEssentials)
    internal import FoundationEssentials
#else
    internal import Foundation
#endif

/// Sends an object-storage cache's requests, one at a time per caller, behind its circuit
/// breaker, and waits for each on the calling thread (the pipeline's workers, for lookups; the
/// writer's thread, for writes) no longer than its time-out.
final class ObjectStorageClient: Sendable {
    let configuration: ObjectStorageDataCache.Configuration
    let statistics = Mutex(ObjectStorageDataCache.Statistics())
    private let transport: CurlDataLoader
    private let breaker: Mutex<CircuitBreaker>
    private let now: @Sendable () -> Duration

    /// What a request came to.
    enum Reply: Equatable {
        /// The store answered with a status and a body.
        case answered(status: Int, body: Data)
        /// No answer in time, no connection, or a refusal that says the store cannot serve
        /// (5xx, 403): counted against the breaker.
        case failed
        /// Not sent: the breaker is open.
        case skipped
    }

    init<C: Clock<Duration>>(configuration: ObjectStorageDataCache.Configuration, clock: C) {
        self.configuration = configuration
        var curl = CurlDataLoader.Configuration()
        curl.awsSignature = configuration.credentials.map {
            AWSSignature(credentials: $0, region: configuration.endpoint.region)
        }
        // Every status comes back as an answer; the store is the operator's (no address policy,
        // no redirects, no proxy from the environment); nothing is tried twice: a miss is cheaper.
        curl.isAcceptableStatusCode = { _ in true }
        curl.maximumRedirects = 0
        curl.addressPolicy = .allowAll
        curl.proxy = .none
        curl.retryPolicy = .disabled
        curl.connectTimeout = min(5, Double(configuration.writeTimeout.components.seconds))
        curl.totalTimeout = Double(configuration.writeTimeout.components.seconds)
        curl.maximumResponseSize = configuration.maximumValueSize + (1 << 16)
        curl.maximumConnectionsPerHost = max(2, configuration.concurrentWrites * 2)
        curl.userAgent = "NukeCurl (object-storage cache)"
        transport = CurlDataLoader(configuration: curl)
        breaker = Mutex(
            CircuitBreaker(
                policy: CircuitBreaker.Policy(
                    failureThreshold: configuration.failureThreshold,
                    initialBackoff: configuration.initialBackoff,
                    maximumBackoff: configuration.maximumBackoff
                )
            )
        )
        let origin = clock.now
        now = { origin.duration(to: clock.now) }
    }

    /// Whether the store is asked: the breaker is not waiting out a back-off.
    var isAvailable: Bool {
        !breaker.withLock { $0.isWaitingOutBackoff(at: now()) }
    }

    /// The URL of the object named `name` in the cache's bucket.
    func url(ofObject name: String) -> URL? {
        ObjectLocation(bucket: configuration.bucket, key: name).flatMap(configuration.endpoint.url(for:))
    }

    /// Sends `method` to `url` (with `body`) and waits up to `timeout` for the whole answer.
    func send(_ method: String, to url: URL, body: Data? = nil, timeout: Duration) -> Reply {
        let (admission, generation) = breaker.withLock { ($0.admit(at: now()), $0.generation) }
        guard admission != .reject else {
            statistics.withLock { $0.skippedWhileUnavailable += 1 }
            return .skipped
        }
        var request = DataRequest(url: url)
        request.httpMethod = method
        request.httpBody = body
        // Not libcurl's default for a body, a form, which some stores (moto) read as one.
        if body != nil { request.headers["Content-Type"] = "application/octet-stream" }
        request.timeoutInterval = max(1, Double(timeout.components.seconds) + 1)
        let reply = exchange(request, timeout: timeout)
        let failure: String? =
            switch reply {
            case .answered(let status, let body) where status >= 500 || status == 403:
                "\(method) answered \(status)" + (Self.errorCode(in: body).map { " (\($0))" } ?? "")
            case .answered: nil
            case .failed, .skipped: "\(method) got no answer within \(timeout)"
            }
        let transition = breaker.withLock { breaker in
            failure == nil ? breaker.recordSuccess() : breaker.recordFailure(at: now(), admittedIn: generation)
        }
        statistics.withLock {
            if let failure {
                $0.failures += 1
                $0.lastError = failure
            }
            switch transition {
            case .opened: $0.breakerOpenings += 1
            case .closed: $0.recoveries += 1
            case .none: break
            }
        }
        return failure == nil ? reply : .failed
    }

    /// The answer to `request`, or `.failed` when none comes within `timeout` (the transfer is
    /// then cancelled).
    private func exchange(_ request: DataRequest, timeout: Duration) -> Reply {
        let received = Mutex((status: Int?.none, body: Data(), error: (any Error)?.none))
        let done = DispatchSemaphore(value: 0)
        let transfer = transport.loadData(
            with: request,
            redirectDecision: nil,
            didReceiveData: { data, response in
                received.withLock {
                    $0.status = response.statusCode
                    $0.body.append(data)
                }
            },
            completion: { error in
                received.withLock { $0.error = error }
                done.signal()
            }
        )
        let (seconds, attoseconds) = timeout.components
        let nanoseconds = Int(clamping: seconds) * 1_000_000_000 + Int(attoseconds / 1_000_000_000)
        guard done.wait(timeout: .now() + .nanoseconds(nanoseconds)) == .success else {
            transfer.cancel()
            return .failed
        }
        return received.withLock { received in
            guard received.error == nil, let status = received.status else { return .failed }
            return .answered(status: status, body: received.body)
        }
    }

    /// The `<Code>` of an S3 error document (`SignatureDoesNotMatch`, `SlowDown`), if it is one.
    static func errorCode(in body: Data) -> String? {
        let text = String(decoding: body.prefix(4096), as: UTF8.self)
        guard let start = text.firstRange(of: "<Code>"), let end = text[start.upperBound...].firstRange(of: "</Code>")
        else { return nil }
        let code = text[start.upperBound..<end.lowerBound]
        return code.count <= 64 && code.allSatisfy({ $0.isLetter || $0.isNumber }) ? String(code) : nil
    }

    /// Closes idle connections and ends the transport's thread.
    func shutdown() async {
        await transport.shutdown()
    }
}
