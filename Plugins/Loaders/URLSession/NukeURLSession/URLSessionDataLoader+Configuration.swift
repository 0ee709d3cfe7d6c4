// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

internal import NukeCore
public import NukeHTTP

extension URLSessionDataLoader {
    /// How a ``URLSessionDataLoader`` validates, retries and limits its transfers.
    public struct Configuration: Sendable {
        /// Whether a status code is a success; 2xx by default. Others fail with
        /// `DataLoadingError.statusCodeUnacceptable(_:)` before any body is delivered.
        public var isAcceptableStatusCode: @Sendable (Int) -> Bool = { (200..<300).contains($0) }
        /// Most redirects followed (10).
        public var maximumRedirects = 10
        /// When failed requests are tried again.
        public var retryPolicy = RetryPolicy.default
        /// The clock that times the back-off between attempts (tests inject a manual one).
        public var clock: any Clock<Duration> = ContinuousClock()
        /// Transfers stop with `NetworkError.responseTooLarge(limit:)` as soon as they
        /// are known to exceed this.
        public var maximumResponseSize: Int? = ImagePipeline.Configuration.defaultMaximumResponseDataSize
        /// Which hosts requests and redirects may go to. `URLSession` does not say which address
        /// it connects to, so only the URL's host is checked: address literals and `localhost`.
        /// A name resolving to a denied address gets through; servers fetching URLs from
        /// strangers should use `NukeCurl`, which checks every connection's address. For the
        /// same reason the loader is not `AddressPolicyReporting`, and an image proxy
        /// refuses it unless it allows private addresses.
        public var addressPolicy = AddressPolicy.allowAll
        /// Most connections to one host (6).
        public var maximumConnectionsPerHost = 6
        /// Longest time for a whole transfer, in seconds (URLSession's resource timeout; 7 days
        /// by default). The request's `timeoutInterval` limits the time without any data.
        public var totalTimeout: Double = 7 * 24 * 3600

        /// Creates the default configuration.
        public init() {}
    }
}
