// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

public import NukeCore

#if canImport(FoundationEssentials)
    public import FoundationEssentials
#else
    public import Foundation
#endif

/// When a loader tries a request again, and how long it waits first.
///
/// The default retries idempotent requests (`GET`, `HEAD`) twice after connection failures and
/// after `429` and `503` responses, waiting what the server's `Retry-After` asks for, else an
/// exponential back-off with jitter (0.25 s, 0.5 s, … each scaled by a random 0.5–1). A retry
/// happens only before any body byte has been delivered.
public struct RetryPolicy: Hashable, Sendable {
    /// How many times a request may be retried; 0 disables retries.
    public var maximumRetries: Int
    /// Response status codes that are retried.
    public var retryableStatusCodes: Set<Int>
    /// Whether connection failures (`NetworkError.isConnectionFailure`) are retried.
    public var retriesConnectionFailures: Bool
    /// The methods that may be retried (idempotent ones).
    public var retryableMethods: Set<String>
    /// The back-off before the first retry, in seconds; it doubles for each further one.
    public var baseDelay: Double
    /// The longest wait, in seconds; a `Retry-After` asking for more is not honoured by waiting
    /// — the response is returned as it is.
    public var maximumDelay: Double

    /// Creates a policy.
    public init(
        maximumRetries: Int = 2,
        retryableStatusCodes: Set<Int> = [429, 503],
        retriesConnectionFailures: Bool = true,
        retryableMethods: Set<String> = ["GET", "HEAD"],
        baseDelay: Double = 0.25,
        maximumDelay: Double = 30
    ) {
        self.maximumRetries = maximumRetries
        self.retryableStatusCodes = retryableStatusCodes
        self.retriesConnectionFailures = retriesConnectionFailures
        self.retryableMethods = retryableMethods
        self.baseDelay = baseDelay
        self.maximumDelay = maximumDelay
    }

    /// Two retries of `GET`/`HEAD` on connection failures, 429 and 503.
    public static let `default` = RetryPolicy()

    /// Never retries.
    public static let disabled = RetryPolicy(maximumRetries: 0)

    /// What went wrong with an attempt.
    public enum Failure: Sendable {
        /// The transfer failed with this error.
        case error(NetworkError)
        /// The server answered with this status and `Retry-After` value.
        case status(Int, retryAfter: String?)
    }

    /// The wait before retry number `retry` (1 for the first), or `nil` if the request must not
    /// be retried.
    public func delay(beforeRetry retry: Int, method: String, after failure: Failure, now: Date = Date()) -> Double? {
        guard retry <= maximumRetries, retryableMethods.contains(method.uppercased()) else { return nil }
        switch failure {
        case .error(let error):
            guard retriesConnectionFailures, error.isConnectionFailure else { return nil }
            return backOff(beforeRetry: retry)
        case let .status(code, retryAfter):
            guard retryableStatusCodes.contains(code) else { return nil }
            guard let retryAfter else { return backOff(beforeRetry: retry) }
            guard let seconds = Self.seconds(inRetryAfter: retryAfter, now: now), seconds <= maximumDelay else {
                return nil
            }
            return seconds
        }
    }

    /// The wait before retry number `retry` of `request`, whose attempt failed with `error`, or
    /// `nil` if it must not be retried: the error is no `NetworkError` the policy retries, or
    /// body bytes were already delivered (they cannot be taken back).
    public func delay(
        beforeRetry retry: Int,
        of request: DataRequest,
        failedWith error: any Error,
        hasDeliveredData: Bool
    ) -> Double? {
        guard !hasDeliveredData, let networkError = error as? NetworkError else { return nil }
        return delay(beforeRetry: retry, method: request.httpMethod, after: .error(networkError))
    }

    private func backOff(beforeRetry retry: Int) -> Double {
        let exponential = baseDelay * Double(1 << min(retry - 1, 20))
        return min(maximumDelay, exponential * Double.random(in: 0.5...1))
    }

    /// Reads `Retry-After`: delay-seconds or an HTTP date.
    static func seconds(inRetryAfter value: String, now: Date) -> Double? {
        let trimmed = value.trimmingWhitespace()
        if let seconds = Int(trimmed) { return seconds >= 0 ? Double(seconds) : nil }
        return HTTPDate.date(from: trimmed).map { max(0, $0.timeIntervalSince(now)) }
    }
}
