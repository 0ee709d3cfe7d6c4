// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

import Foundation
import NukeCore
import NukeCurl
import NukeDiskCache
import NukeHTTP
import NukeTestSupport
import Testing

@Suite("Object storage: s3:// URLs, AWS Signature V4 by libcurl, against moto's S3 server on loopback")
struct ObjectStorageTests {
    /// moto's own signature check mishandles keys with `+`, `=`, `!`, `(` or non-ASCII letters
    /// (boto3's requests for them fail there too); `endpointURLs` checks their encoding.
    static let keys = ["a.jpg", "dir/b c.jpg", "deep/er/path/~z_y-x.png"]

    func loader(_ server: MotoS3Server, secret: String? = nil, signed: Bool = true) -> ObjectStorageDataLoader {
        var configuration = CurlDataLoader.Configuration()
        configuration.proxy = .none
        configuration.retryPolicy = .disabled
        let credentials = AWSCredentials(
            accessKeyID: server.accessKeyID,
            secretAccessKey: secret ?? server.secretAccessKey
        )
        return ObjectStorageDataLoader(
            endpoint: ObjectStorageEndpoint(url: server.endpoint, region: server.region),
            credentials: signed ? credentials : nil,
            configuration: configuration
        )
    }

    @Test(.enabled(if: MotoS3Server.isAvailable, "needs moto_server (pip install 'moto[server]')"))
    func loadsEveryKeySigned() async throws {
        let server = try MotoS3Server(buckets: ["photos"])
        try server.put(Self.keys.enumerated().map { ("photos", $1, sampleBody(5_000 + $0, seed: UInt32($0 + 1))) })
        let loader = loader(server)
        for (index, key) in Self.keys.enumerated() {
            var components = URLComponents()
            (components.scheme, components.host, components.path) = ("s3", "photos", "/" + key)
            let record = try await load(DataRequest(url: try #require(components.url)), with: loader)
            #expect(record.succeeded, "\(key): \(String(describing: record.error))")
            #expect(record.body == sampleBody(5_000 + index, seed: UInt32(index + 1)))
            #expect(record.response?.statusCode == 200)
            #expect(record.response?.value(forHTTPHeaderField: "ETag") != nil)
            #expect(record.response?.value(forHTTPHeaderField: "Last-Modified") != nil)
        }
        await loader.shutdown()
    }

    @Test(.enabled(if: MotoS3Server.isAvailable, "needs moto_server (pip install 'moto[server]')"))
    func refusalsAndMissingObjects() async throws {
        let server = try MotoS3Server(buckets: ["photos"])
        try server.put([("photos", "a.jpg", sampleBody(100))])
        let url = URL(string: "s3://photos/a.jpg")!
        for refused in [loader(server, secret: "not-the-secret"), loader(server, signed: false)] {
            let record = try await load(DataRequest(url: url), with: refused)
            #expect(record.error as? DataLoadingError == .statusCodeUnacceptable(403))
            #expect(record.chunks.isEmpty)
        }
        let missing = try await load(DataRequest(url: URL(string: "s3://photos/b.jpg")!), with: loader(server))
        #expect(missing.error as? DataLoadingError == .statusCodeUnacceptable(404))
        let noBucket = try await load(DataRequest(url: URL(string: "s3://other/a.jpg")!), with: loader(server))
        #expect(noBucket.error as? DataLoadingError == .statusCodeUnacceptable(404))
    }

    @Test(.enabled(if: MotoS3Server.isAvailable, "needs moto_server (pip install 'moto[server]')"))
    func rangesAndValidationAsOverHTTP() async throws {
        let server = try MotoS3Server(buckets: ["photos"])
        let body = sampleBody(10_000)
        try server.put([("photos", "a.jpg", body)])
        let loader = loader(server)
        let url = URL(string: "s3://photos/a.jpg")!
        let whole = try await load(DataRequest(url: url), with: loader)
        let etag = try #require(whole.response?.value(forHTTPHeaderField: "ETag"))
        let part = try await load(
            DataRequest(url: url, headers: ["Range": "bytes=100-199", "If-Range": etag]),
            with: loader
        )
        #expect(part.response?.statusCode == 206 && part.body == body[100..<200])
        let unchanged = try await load(DataRequest(url: url, headers: ["If-None-Match": etag]), with: loader)
        // A 304 answering the request's own validator is delivered, for the HTTP cache to use.
        #expect(unchanged.succeeded && unchanged.response?.statusCode == 304 && unchanged.body.isEmpty)
    }

    @Test(
        "Through the HTTP cache: the object's ETag revalidates it, a new object replaces it",
        .enabled(if: MotoS3Server.isAvailable, "needs moto_server (pip install 'moto[server]')")
    )
    func validatesThroughTheHTTPCache() async throws {
        let server = try MotoS3Server(buckets: ["photos"])
        // `no-cache`: kept, but revalidated before every use, whatever the time between the loads
        // (without it the HTTP cache's heuristic freshness, a tenth of the object's age, could
        // serve it unasked on a slow machine).
        try server.put([("photos", "a.jpg", sampleBody(20_000, seed: 1))], cacheControl: "no-cache")
        let directory = try TemporaryDirectory()
        let store = loader(server)
        let cached = HTTPCachingDataLoader(
            loader: store,
            cache: HTTPCache(dataCache: try DataCache(path: directory.url))
        )
        let request = DataRequest(url: URL(string: "s3://photos/a.jpg")!)
        #expect(try await load(request, with: cached).body == sampleBody(20_000, seed: 1))
        // Unchanged: the store answers the cache's If-None-Match with a 304 and no body.
        let again = try await load(request, with: cached)
        #expect(again.succeeded && again.body == sampleBody(20_000, seed: 1))
        #expect(store.transport.statistics.finishedAttempts == 2)
        try server.put([("photos", "a.jpg", sampleBody(20_000, seed: 2))], cacheControl: "no-cache")
        #expect(try await load(request, with: cached).body == sampleBody(20_000, seed: 2))
    }

    @Test("Bad locations fail before any connection, with a typed error")
    func badLocations() async throws {
        let loader = ObjectStorageDataLoader(
            endpoint: ObjectStorageEndpoint(url: URL(string: "http://127.0.0.1:9")!, region: "us-east-1"),
            credentials: nil
        )
        for text in [
            "s3://photos", "s3://photos/", "s3://Photos/a", "s3://ab/a", "s3://-photos/a", "s3://photos:9000/a",
            "s3://user@photos/a", "s3://photos/a?versionId=1", "s3://photos/../other/a", "s3://photos/a/./b",
            "http://photos/a",
        ] {
            let url = try #require(URL(string: text))
            #expect(ObjectLocation(url: url) == nil, "\(text)")
            let record = try await load(DataRequest(url: url), with: loader)
            #expect(record.error as? ObjectStorageError == .invalidLocation(url), "\(text)")
        }
        #expect(ObjectLocation(url: URL(string: "gs://my_bucket/a%20b.jpg")!)?.key == "a b.jpg")
        #expect(loader.transport.statistics.finishedAttempts == 0)
    }

    @Test("Path-style and virtual-hosted URLs, keys encoded as the signature encodes them")
    func endpointURLs() throws {
        let object = try #require(ObjectLocation(bucket: "photos.eu", key: "dir/b c+d=é~.jpg"))
        let path = ObjectStorageEndpoint(url: URL(string: "http://127.0.0.1:9000/gateway/")!, region: "us-east-1")
        #expect(
            path.url(for: object)?.absoluteString
                == "http://127.0.0.1:9000/gateway/photos.eu/dir/b%20c%2Bd%3D%C3%A9~.jpg"
        )
        let aws = ObjectStorageEndpoint.aws(region: "eu-west-1")
        #expect(
            aws.url(for: object)?.absoluteString
                == "https://photos.eu.s3.eu-west-1.amazonaws.com/dir/b%20c%2Bd%3D%C3%A9~.jpg"
        )
        // A region is letters, digits and dashes: nothing else reaches the host name.
        #expect(
            ObjectStorageEndpoint.aws(region: "EU-west-1/../x y").url.absoluteString
                == "https://s3.eu-west-1xy.amazonaws.com"
        )
        #expect(ObjectStorageEndpoint.aws(region: "\u{0}").region == "us-east-1")
        // `_` is allowed in bucket names (GCS) but is no host name label.
        let underscored = try #require(ObjectLocation(bucket: "my_bucket", key: "a"))
        #expect(aws.url(for: underscored) == nil)
        #expect(
            ObjectStorageEndpoint.googleCloudStorage.url(for: underscored)?.absoluteString
                == "https://storage.googleapis.com/my_bucket/a"
        )
    }

    @Test("Credentials as the AWS tools find them; their descriptions never hold the secret")
    func credentials() throws {
        let environment = [
            "AWS_ACCESS_KEY_ID": "AKIDENV", "AWS_SECRET_ACCESS_KEY": "env-secret", "AWS_SESSION_TOKEN": "t",
        ]
        #expect(
            try AWSCredentials.discover(environment: environment)
                == AWSCredentials(accessKeyID: "AKIDENV", secretAccessKey: "env-secret", sessionToken: "t")
        )
        #expect(throws: AWSCredentialsError.incomplete("the environment")) {
            try AWSCredentials.discover(environment: ["AWS_ACCESS_KEY_ID": "AKID"])
        }
        let directory = try TemporaryDirectory()
        let file = directory.appending("credentials")
        try """
        # comment
        [default]
        aws_access_key_id = AKIDDEFAULT
        aws_secret_access_key = default-secret

        [images]
        aws_access_key_id=AKIDIMAGES
        aws_secret_access_key=images-secret
        aws_session_token = token
        [broken]
        aws_access_key_id = AKIDBROKEN
        """.write(to: file, atomically: true, encoding: .utf8)
        let fromFile = ["AWS_SHARED_CREDENTIALS_FILE": file.path]
        #expect(try AWSCredentials.discover(environment: fromFile)?.accessKeyID == "AKIDDEFAULT")
        let images = try AWSCredentials.discover(environment: fromFile.merging(["AWS_PROFILE": "images"]) { $1 })
        #expect(
            images == AWSCredentials(accessKeyID: "AKIDIMAGES", secretAccessKey: "images-secret", sessionToken: "token")
        )
        #expect(throws: AWSCredentialsError.profileNotFound("absent")) {
            try AWSCredentials.discover(environment: fromFile.merging(["AWS_PROFILE": "absent"]) { $1 })
        }
        #expect(throws: AWSCredentialsError.incomplete("profile broken")) {
            try AWSCredentials.discover(environment: fromFile.merging(["AWS_PROFILE": "broken"]) { $1 })
        }
        #expect(try AWSCredentials.discover(environment: ["HOME": directory.path]) == nil)
        let signature = AWSSignature(credentials: try #require(images), region: "eu-west-1")
        for text in ["\(signature)", String(reflecting: signature), "\(images!)", String(reflecting: images!)] {
            #expect(!text.contains("images-secret") && !text.contains("token,"))
        }
    }
}
