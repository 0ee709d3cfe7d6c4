// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

import Foundation
import Nuke
import NukeTestSupport
import Testing

@Suite("nuke-server reads s3:// sources from moto's S3 server on loopback")
struct ObjectStorageSourceTests {
    /// The store's key in the environment the AWS tools read, and nothing else of the caller's.
    static func environment(_ store: MotoS3Server, secret: String? = nil) -> [String: String] {
        [
            "AWS_ACCESS_KEY_ID": store.accessKeyID, "AWS_SECRET_ACCESS_KEY": secret ?? store.secretAccessKey,
            "AWS_SESSION_TOKEN": "", "AWS_PROFILE": "", "AWS_SHARED_CREDENTIALS_FILE": "/nonexistent",
        ]
    }

    func status(_ server: RunningServer, _ path: String, file: String = "out") async throws -> String {
        let request = try server.startRequest(path, savingBodyTo: file)
        #expect(try await request.exitStatus() == 0)
        return request.output
    }

    @Test(
        "Plain and base64 s3:// sources, buckets and prefixes as allowed sources, 404 for a missing object",
        .enabled(if: MotoS3Server.isAvailable, "needs moto_server (pip install 'moto[server]')")
    )
    func servesObjects() async throws {
        let store = try MotoS3Server(buckets: ["photos"])
        try store.put([
            ("photos", "gallery/photo.jpg", NukeServerExecutableTests.photo),
            ("photos", "private/photo.jpg", NukeServerExecutableTests.photo),
        ])
        let server = try await RunningServer(
            [
                "--allow-unsigned", "--use-s3", "--s3-endpoint", store.endpoint.absoluteString,
                "--allowed-source", "s3://photos/gallery/",
            ],
            environment: Self.environment(store)
        )
        let source = "s3://photos/gallery/photo.jpg"
        #expect(try await status(server, "/_/w:64/plain/" + source, file: "plain.jpg") == "200")
        let body = try Data(contentsOf: server.directory.appending("plain.jpg"))
        let image = try await ImagePipeline { $0.imageCache = nil }
            .imageTask(with: ImageRequest(id: "s3-result", data: { body })).response.image
        #expect(image.width == 64 && image.height == 48)
        let encoded = Data(source.utf8).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
        #expect(try await status(server, "/_/w:32/" + encoded) == "200")
        #expect(try await status(server, "/_/w:64/plain/s3://photos/gallery/missing.jpg") == "404")
        // Outside the allowed prefix, or another bucket: refused before the store is asked.
        #expect(try await status(server, "/_/w:64/plain/s3://photos/private/photo.jpg") == "403")
        #expect(try await status(server, "/_/w:64/plain/s3://other/gallery/photo.jpg") == "403")
        #expect(try await status(server, "/_/w:64/plain/s3://photos/gallery/../private/photo.jpg") == "403")
    }

    @Test(
        "Without --use-s3 an s3:// source is refused; a key the store refuses is a 502, its secret never logged",
        .enabled(if: MotoS3Server.isAvailable, "needs moto_server (pip install 'moto[server]')")
    )
    func refusals() async throws {
        let store = try MotoS3Server(buckets: ["photos"])
        try store.put([("photos", "photo.jpg", NukeServerExecutableTests.photo)])
        let off = try await RunningServer(["--allow-unsigned"], environment: Self.environment(store))
        #expect(try await status(off, "/_/w:64/plain/s3://photos/photo.jpg") == "403")

        let secret = "wrong-secret-\(UUID().uuidString)"
        let wrong = try await RunningServer(
            ["--allow-unsigned", "--use-s3", "--s3-endpoint", store.endpoint.absoluteString],
            environment: Self.environment(store, secret: secret)
        )
        #expect(try await status(wrong, "/_/w:64/plain/s3://photos/photo.jpg") == "502")
        wrong.child.signal(SIGTERM)
        #expect(try await wrong.child.exitStatus() == 0)
        #expect(wrong.child.errors.contains("signed with access key \(store.accessKeyID)"))
        #expect(!wrong.child.errors.contains(secret) && !wrong.child.output.contains(secret))
    }
}
