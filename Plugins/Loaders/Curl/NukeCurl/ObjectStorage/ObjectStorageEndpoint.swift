// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

#if canImport(FoundationEssentials)
    public import FoundationEssentials
#else
    public import Foundation
#endif

/// Where an S3-compatible store answers, in which region, and how buckets are addressed.
///
/// ```swift
/// let aws = ObjectStorageEndpoint.aws(region: "eu-west-1")
/// let minio = ObjectStorageEndpoint(url: URL(string: "http://127.0.0.1:9000")!, region: "us-east-1")
/// ```
public struct ObjectStorageEndpoint: Hashable, Sendable {
    /// How a bucket is named in a request's URL.
    public enum Addressing: Hashable, Sendable {
        /// `https://bucket.s3.eu-west-1.amazonaws.com/key`: AWS's default. The bucket must be a
        /// valid host name label (no `_`).
        case virtualHosted
        /// `http://127.0.0.1:9000/bucket/key`: what MinIO and most stores on one host expect.
        case path
    }

    /// The store's scheme, host and port (and a path prefix, for stores behind a gateway).
    public var url: URL
    /// The region requests are signed for (`auto` for Cloudflare R2).
    public var region: String
    /// How buckets are addressed.
    public var addressing: Addressing

    /// A store at `url`, path-style unless told otherwise.
    public init(url: URL, region: String, addressing: Addressing = .path) {
        self.url = url
        self.region = region
        self.addressing = addressing
    }

    /// AWS S3 in `region`, virtual-hosted: `https://<bucket>.s3.<region>.amazonaws.com`. A region
    /// is letters, digits and `-` (`eu-west-1`); anything else in it is dropped, and an empty one
    /// is `us-east-1`.
    public static func aws(region: String) -> ObjectStorageEndpoint {
        let name = String(
            region.lowercased().unicodeScalars.filter {
                $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "-")
            }
        )
        let region = name.isEmpty ? "us-east-1" : name
        var components = URLComponents()
        (components.scheme, components.host) = ("https", "s3.\(region).amazonaws.com")
        return ObjectStorageEndpoint(url: components.url!, region: region, addressing: .virtualHosted)
    }

    /// Google Cloud Storage's S3-interoperable XML API (`https://storage.googleapis.com`), for
    /// HMAC keys made in the Cloud console's interoperability settings.
    public static let googleCloudStorage = ObjectStorageEndpoint(
        url: URL(string: "https://storage.googleapis.com")!,
        region: "auto",
        addressing: .path
    )

    /// The HTTP URL of `object` at this store, or `nil` when the bucket cannot be addressed this
    /// way (a virtual-hosted bucket that is no host name label).
    public func url(for object: ObjectLocation) -> URL? {
        url(bucket: object.bucket, encodedKey: ObjectLocation.uriEncoded(object.key))
    }

    /// The URL of `bucket` itself with `query` (already encoded), as a listing asks for it.
    func url(bucket: String, query: String) -> URL? {
        guard ObjectLocation(bucket: bucket, key: "-") != nil, let bucketURL = url(bucket: bucket, encodedKey: ""),
            var components = URLComponents(url: bucketURL, resolvingAgainstBaseURL: false)
        else { return nil }
        components.percentEncodedQuery = query
        return components.url
    }

    private func url(bucket: String, encodedKey key: String) -> URL? {
        guard var components = URLComponents(url: url, resolvingAgainstBaseURL: false), let host = components.host
        else { return nil }
        let prefix =
            components.percentEncodedPath.hasSuffix("/")
            ? components.percentEncodedPath.dropLast() : components.percentEncodedPath[...]
        switch addressing {
        case .path:
            components.percentEncodedPath = "\(prefix)/\(ObjectLocation.uriEncoded(bucket))/\(key)"
        case .virtualHosted:
            guard ObjectLocation.isHostLabel(bucket) else { return nil }
            components.host = "\(bucket).\(host)"
            components.percentEncodedPath = "\(prefix)/\(key)"
        }
        return components.url
    }
}
