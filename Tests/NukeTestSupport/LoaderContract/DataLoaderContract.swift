public import NukeCore
internal import Synchronization

#if canImport(FoundationEssentials)
    public import FoundationEssentials
#else
    public import Foundation
#endif

/// The rules every HTTP ``DataLoading`` plugin follows, checked against a real server on
/// loopback (``HTTPTestServer``).
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
    }

    /// Makes a loader configured with the given options.
    public typealias MakeLoader = @Sendable (Options) -> any DataLoading

    /// One rule of the contract.
    public enum Check: String, CaseIterable, Sendable, CustomStringConvertible {
        case streamsChunksWithResponse
        case streamsChunkedBody
        case deliversEmptyBody
        case cancellationClosesConnection
        case idleTimeoutMidBody
        case idleTimeoutBeforeHeaders
        case followsRedirects
        case redirectLoopFails
        case rejectsUnacceptableStatus
        case deliversNotModifiedForConditionalRequest
        case connectionRefused
        case connectionResetMidBody
        case bodyShorterThanContentLength
        case bodyLongerThanContentLength
        case endlessBodyStopsAtLimit
        case contentLengthOverLimit
        case retriesServiceUnavailable
        case honoursRetryAfter
        case retriesConnectionFailure
        case givesUpAfterRetries
        case doesNotRetryPost
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

    func loader(retryPolicy: RetryPolicy = .disabled, maximumResponseSize: Int? = nil) -> any DataLoading {
        makeLoader(DataLoaderContract.Options(retryPolicy: retryPolicy, maximumResponseSize: maximumResponseSize))
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
        case .redirectLoopFails: try await redirectLoopFails()
        case .rejectsUnacceptableStatus: try await rejectsUnacceptableStatus()
        case .deliversNotModifiedForConditionalRequest: try await deliversNotModified()
        case .connectionRefused: try await connectionRefused()
        case .connectionResetMidBody: try await connectionResetMidBody()
        case .bodyShorterThanContentLength: try await bodyShorterThanContentLength()
        case .bodyLongerThanContentLength: try await bodyLongerThanContentLength()
        case .endlessBodyStopsAtLimit: try await endlessBodyStopsAtLimit()
        case .contentLengthOverLimit: try await contentLengthOverLimit()
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
