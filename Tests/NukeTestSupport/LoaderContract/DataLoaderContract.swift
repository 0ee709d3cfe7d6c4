// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

public import NukeCore
public import NukeHTTP
internal import Synchronization

#if canImport(FoundationEssentials)
    public import FoundationEssentials
#else
    public import Foundation
#endif

/// The rules every HTTP `DataLoading` plugin follows, checked against a real server on
/// loopback (`HTTPTestServer`).
///
/// Run every check from a parameterized test:
///
/// ```swift
/// @Test(arguments: DataLoaderContract.Check.allCases)
/// func contract(_ check: DataLoaderContract.Check) async throws {
///     try await DataLoaderContract { options in MyLoader(options) }.run(check)
/// }
/// ```
public struct DataLoaderContract: Sendable {
    /// What a check needs the loader configured with.
    public struct Options: Sendable {
        /// The retry policy (disabled unless the check is about retries).
        public var retryPolicy = RetryPolicy.disabled
        /// The response size limit.
        public var maximumResponseSize: Int?
        /// The clock that times retry back-off (a ``ManualClock`` in the checks that measure it).
        public var clock: any Clock<Duration> = ContinuousClock()
    }

    /// Makes a loader configured with the given options.
    public typealias MakeLoader = @Sendable (Options) -> any DataLoading

    /// One rule of the contract.
    public enum Check: String, CaseIterable, Sendable, CustomStringConvertible {
        /// A paced body arrives in chunks with the response, and completion is called once.
        case streamsChunksWithResponse
        /// A `Transfer-Encoding: chunked` body arrives whole.
        case streamsChunkedBody
        /// An empty body completes successfully with no chunk.
        case deliversEmptyBody
        /// Cancelling stops the load within 2 s, completes it with an error, and closes the connection.
        case cancellationClosesConnection
        /// A body that stalls midway times out with `NetworkError.timedOut`.
        case idleTimeoutMidBody
        /// A server that never sends headers times out with `NetworkError.timedOut`.
        case idleTimeoutBeforeHeaders
        /// Redirects are followed to the final body.
        case followsRedirects
        /// A redirect decision sees each redirect (source, target, 3xx response) before it is
        /// followed, and a refusal fails with `NetworkError.redirectNotAllowed` without requesting
        /// the target.
        case asksRedirectDecision
        /// The method and the body (binary, over 1 KiB) reach the server as given, without
        /// `Expect: 100-continue`.
        case sendsMethodAndBody
        /// A redirect loop fails with `NetworkError.tooManyRedirects` after at most a dozen requests.
        case redirectLoopFails
        /// A 404 or a 500 fails with `DataLoadingError.statusCodeUnacceptable`.
        case rejectsUnacceptableStatus
        /// A 304 answering the caller's own conditional request is delivered, not failed.
        case deliversNotModifiedForConditionalRequest
        /// A refused connection fails with a connection error.
        case connectionRefused
        /// A reset mid-body fails; the partial body is never reported as success.
        case connectionResetMidBody
        /// A body shorter than its `Content-Length` fails.
        case bodyShorterThanContentLength
        /// A body longer than its `Content-Length` succeeds with exactly the declared bytes.
        case bodyLongerThanContentLength
        /// An endless body stops at the maximum response size with an error.
        case endlessBodyStopsAtLimit
        /// A response over the maximum size fails with `NetworkError.responseTooLarge`, delivering no more than the limit.
        case contentLengthOverLimit
        /// The request's `maximumResponseSize`, smaller than the loader's, is the limit that applies.
        case requestLimitBelowLoaderLimit
        /// A 503 is retried, and the retry succeeds.
        case retriesServiceUnavailable
        /// The retry waits for the server's `Retry-After`.
        case honoursRetryAfter
        /// A failed connection is retried.
        case retriesConnectionFailure
        /// Retries stop after the policy's maximum (1 + 2 requests), failing with the last status.
        case givesUpAfterRetries
        /// A non-idempotent request (POST) is never retried.
        case doesNotRetryPost
        /// 200 concurrent loads each get their own, complete body.
        case concurrentRequests

        /// The check's name.
        public var description: String { rawValue }
    }

    private let makeLoader: MakeLoader

    /// Creates the contract for loaders made by `makeLoader`.
    public init(makeLoader: @escaping MakeLoader) {
        self.makeLoader = makeLoader
    }

    /// Runs one check on a new server and a new loader; throws ``LoaderContractViolation``.
    public func run(_ check: Check) async throws {
        let server = try HTTPTestServer()
        defer { server.stop() }
        let context = DataLoaderContractContext(server: server, makeLoader: makeLoader)
        try await context.run(check)
    }
}

/// The state of one check: its server and how to make its loader.
struct DataLoaderContractContext {
    let server: HTTPTestServer
    let makeLoader: DataLoaderContract.MakeLoader

    func loader(
        retryPolicy: RetryPolicy = .disabled,
        maximumResponseSize: Int? = nil,
        clock: any Clock<Duration> = ContinuousClock()
    ) -> any DataLoading {
        makeLoader(
            DataLoaderContract.Options(
                retryPolicy: retryPolicy,
                maximumResponseSize: maximumResponseSize,
                clock: clock
            )
        )
    }

    func request(_ path: String, timeout: Double = 30, method: String = "GET") -> DataRequest {
        DataRequest(url: server.url(path), httpMethod: method, timeoutInterval: timeout)
    }

    func run(_ check: DataLoaderContract.Check) async throws {
        switch check {
        case .streamsChunksWithResponse: try await streamsChunksWithResponse()
        case .streamsChunkedBody: try await streamsChunkedBody()
        case .deliversEmptyBody: try await deliversEmptyBody()
        case .cancellationClosesConnection: try await cancellationClosesConnection()
        case .idleTimeoutMidBody: try await idleTimeout(response: stalledResponse(after: 1000))
        case .idleTimeoutBeforeHeaders:
            try await idleTimeout(response: HTTPTestResponse(body: .bytes(sampleBody(1000)), headDelay: .seconds(10)))
        case .followsRedirects: try await followsRedirects()
        case .asksRedirectDecision: try await asksRedirectDecision()
        case .sendsMethodAndBody: try await sendsMethodAndBody()
        case .redirectLoopFails: try await redirectLoopFails()
        case .rejectsUnacceptableStatus: try await rejectsUnacceptableStatus()
        case .deliversNotModifiedForConditionalRequest: try await deliversNotModified()
        case .connectionRefused: try await connectionRefused()
        case .connectionResetMidBody: try await connectionResetMidBody()
        case .bodyShorterThanContentLength: try await bodyShorterThanContentLength()
        case .bodyLongerThanContentLength: try await bodyLongerThanContentLength()
        case .endlessBodyStopsAtLimit: try await endlessBodyStopsAtLimit()
        case .contentLengthOverLimit: try await contentLengthOverLimit()
        case .requestLimitBelowLoaderLimit: try await requestLimitBelowLoaderLimit()
        case .retriesServiceUnavailable: try await retriesServiceUnavailable()
        case .honoursRetryAfter: try await honoursRetryAfter()
        case .retriesConnectionFailure: try await retriesConnectionFailure()
        case .givesUpAfterRetries: try await givesUpAfterRetries()
        case .doesNotRetryPost: try await doesNotRetryPost()
        case .concurrentRequests: try await concurrentRequests(count: 200)
        }
    }
}

/// Deterministic, non-repeating bytes for bodies (a byte pattern a truncation cannot hide).
public func sampleBody(_ count: Int, seed: UInt32 = 1) -> Data {
    var state = seed &* 2_654_435_761 | 1
    return Data(
        (0..<count).map { _ in
            state ^= state << 13
            state ^= state >> 17
            state ^= state << 5
            return UInt8(truncatingIfNeeded: state)
        }
    )
}

/// Throws ``LoaderContractViolation`` with `message` unless `condition` holds.
func require(_ condition: Bool, _ message: @autoclosure () -> String) throws {
    if !condition { throw LoaderContractViolation(message()) }
}
