// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

public import NukeCore

/// What a loader does with a response's status line, before delivering any of its body.
///
/// Shared by the loaders so that they agree: acceptable statuses are delivered, a `304` answering
/// a conditional request its sender made is delivered too (an HTTP cache asked for it), a status
/// the ``RetryPolicy`` retries is retried, anything else fails with
/// `DataLoadingError.statusCodeUnacceptable(_:)`.
public enum ResponseValidation: Sendable {
    /// Deliver the response.
    case accept
    /// Drop the response and try again after this many seconds.
    case retry(after: Double)
    /// Fail the load with this error.
    case fail(any Error)

    /// Decides for `response`, received on attempt number `attempt` (1 for the first).
    public static func check(
        _ response: DataResponse,
        for request: DataRequest,
        attempt: Int,
        isAcceptableStatusCode: (Int) -> Bool,
        retryPolicy: RetryPolicy
    ) -> ResponseValidation {
        guard let status = response.statusCode else { return .accept }
        if isAcceptableStatusCode(status) || request.isAnsweredByNotModified(status) { return .accept }
        if let delay = retryPolicy.delay(
            beforeRetry: attempt,
            method: request.httpMethod,
            after: .status(status, retryAfter: response.headers["Retry-After"])
        ) {
            return .retry(after: delay)
        }
        return .fail(DataLoadingError.statusCodeUnacceptable(status))
    }
}

extension DataRequest {
    /// `true` when `status` is a 304 answering this request's own `If-None-Match` or
    /// `If-Modified-Since`.
    func isAnsweredByNotModified(_ status: Int) -> Bool {
        status == 304 && (headers["If-None-Match"] != nil || headers["If-Modified-Since"] != nil)
    }
}
