// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

public import NukeCore
internal import NukeHTTP

#if canImport(FoundationEssentials)
    public import FoundationEssentials
#else
    public import Foundation
#endif

/// Loads `s3://bucket/key` (and `gs://bucket/key`) URLs from an S3-compatible store, signed with
/// AWS Signature V4 by libcurl, on a ``CurlDataLoader`` of its own.
///
/// Requests keep their headers, so the HTTP cache's validation (`If-None-Match` with the object's
/// `ETag`, `If-Modified-Since`) and resumable downloads (`Range`, `If-Range`) work as over HTTP.
/// A missing object fails with `DataLoadingError.statusCodeUnacceptable(404)`, a refused one
/// with `403`. The store is the operator's: connections to it are not held to an address policy
/// (a MinIO on the local network is the usual case), and redirects are never followed, so
/// signed requests go to the configured host only.
///
/// ```swift
/// let loader = try ObjectStorageDataLoader(
///     endpoint: .aws(region: "eu-west-1"),
///     credentials: AWSCredentials.discover()
/// )
/// var registry = PluginRegistry()
/// registry.install(ObjectStoragePlugin(loader: loader))
/// ```
public final class ObjectStorageDataLoader: RedirectDecidingDataLoading {
    /// The store.
    public let endpoint: ObjectStorageEndpoint
    /// The loader the requests go through, with the signature in its configuration.
    public let transport: CurlDataLoader

    /// A loader for the store at `endpoint`, signing with `credentials` (unsigned, for public
    /// buckets, when `nil`). `configuration` gives time-outs, TLS, retries and limits; its
    /// signature, redirects and address policy are set here.
    public init(
        endpoint: ObjectStorageEndpoint,
        credentials: AWSCredentials?,
        configuration: CurlDataLoader.Configuration = CurlDataLoader.Configuration()
    ) {
        var configuration = configuration
        configuration.awsSignature = credentials.map { AWSSignature(credentials: $0, region: endpoint.region) }
        configuration.maximumRedirects = 0
        configuration.isRedirectAllowed = nil
        configuration.addressPolicy = .allowAll
        self.endpoint = endpoint
        self.transport = CurlDataLoader(configuration: configuration)
    }

    /// Loads the object `request.url` names from the store.
    public func loadData(
        with request: DataRequest,
        redirectDecision: RedirectDecision?,
        didReceiveData: @escaping @Sendable (Data, DataResponse) -> Void,
        completion: @escaping @Sendable ((any Error)?) -> Void
    ) -> any Cancellable {
        guard let object = ObjectLocation(url: request.url), let url = endpoint.url(for: object) else {
            completion(ObjectStorageError.invalidLocation(request.url))
            return NoLoad()
        }
        var forwarded = request
        forwarded.url = url
        return transport.loadData(
            with: forwarded,
            redirectDecision: redirectDecision,
            didReceiveData: didReceiveData,
            completion: completion
        )
    }

    /// Closes the loader's connections and ends its thread (see ``CurlDataLoader/shutdown()``).
    public func shutdown() async {
        await transport.shutdown()
    }
}

/// A request an ``ObjectStorageDataLoader`` cannot send.
public enum ObjectStorageError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Not an `s3://bucket/key` URL with a valid bucket and key, or a bucket the endpoint's
    /// addressing cannot name.
    case invalidLocation(URL)
    /// Not an `s3://bucket/prefix/` a cache can keep its values under.
    case invalidBucket(String)

    /// A sentence for logs.
    public var description: String {
        switch self {
        case .invalidLocation(let url): "\(url) names no object this store can address"
        case .invalidBucket(let text): "\(text) is not s3://bucket/prefix/ with a bucket this store can address"
        }
    }
}

/// The handle of a load that failed before it started.
private struct NoLoad: Cancellable {
    func cancel() {}
}
