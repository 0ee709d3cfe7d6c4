// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

/// Signs every request of a ``CurlDataLoader`` with AWS Signature Version 4, as S3 and the stores
/// that speak its API (MinIO, Cloudflare R2, Backblaze B2, Google Cloud Storage's XML API with
/// HMAC keys) require. libcurl computes the signature (`CURLOPT_AWS_SIGV4`); the payload is sent
/// as `UNSIGNED-PAYLOAD`, which every one of those stores accepts.
///
/// ```swift
/// var configuration = CurlDataLoader.Configuration()
/// configuration.awsSignature = AWSSignature(
///     credentials: AWSCredentials(accessKeyID: "AKIA…", secretAccessKey: "…"),
///     region: "eu-west-1"
/// )
/// ```
public struct AWSSignature: Hashable, Sendable, CustomStringConvertible {
    /// The keys requests are signed with.
    public var credentials: AWSCredentials
    /// The region named in the signature (`us-east-1`, `auto` for R2).
    public var region: String
    /// The service named in the signature: `s3`.
    public var service: String

    /// A signature for `service` (S3 by default) in `region`.
    public init(credentials: AWSCredentials, region: String, service: String = "s3") {
        self.credentials = credentials
        self.region = region
        self.service = service
    }

    /// The region, the service and the access key's ID; never the secret.
    public var description: String {
        "AWS Signature V4 (\(region), \(service), \(credentials))"
    }

    /// libcurl's `CURLOPT_AWS_SIGV4` parameter.
    var curlParameter: String { "aws:amz:\(region):\(service)" }
}

/// An access key, as AWS issues it: an ID, a secret, and for temporary keys a session token.
/// Its `description` names the ID only, so logging it never leaks the secret.
public struct AWSCredentials: Hashable, Sendable, CustomStringConvertible, CustomDebugStringConvertible {
    /// The access key's ID (`AWS_ACCESS_KEY_ID`).
    public var accessKeyID: String
    /// The secret (`AWS_SECRET_ACCESS_KEY`).
    public var secretAccessKey: String
    /// The session token of temporary credentials (`AWS_SESSION_TOKEN`), sent as
    /// `x-amz-security-token`.
    public var sessionToken: String?

    /// Credentials from their parts.
    public init(accessKeyID: String, secretAccessKey: String, sessionToken: String? = nil) {
        self.accessKeyID = accessKeyID
        self.secretAccessKey = secretAccessKey
        self.sessionToken = sessionToken
    }

    /// The key's ID and whether it has a session token; never the secret.
    public var description: String {
        "access key \(accessKeyID)" + (sessionToken == nil ? "" : " with a session token")
    }

    /// As ``description``: debugging output never shows the secret either.
    public var debugDescription: String { description }
}
