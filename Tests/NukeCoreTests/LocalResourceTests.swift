// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

import Foundation
import NukeTestSupport
import Testing

@testable import NukeCore

@Suite(.timeLimit(.minutes(10)))
struct LocalResourceTests {
    let loader = MockDataLoader()

    private func writeTemporaryImage() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("nuke-\(UUID().uuidString).img")
        try TestImageFormat.make().write(to: url)
        return url
    }

    @Test("16. file: URLs load without the loader and are not stored as original data")
    func fileURL() async throws {
        let url = try writeTemporaryImage()
        defer { try? FileManager.default.removeItem(at: url) }
        let dataCache = MockDataCache()
        let pipeline = ImagePipeline.makeTestPipeline(loader: loader) { $0.dataCache = dataCache }
        let image = try await pipeline.image(for: url)
        #expect(image.width == 640)
        let upper = URL(string: url.absoluteString.replacingOccurrences(of: "file:", with: "FILE:"))
        #expect(try await pipeline.image(for: upper).height == 480)
        #expect(loader.createdTaskCount == 0)
        await pipeline.flush()  // Disk-cache stores run on the workers; flush waits for them.
        #expect(dataCache.writeCount == 0)
    }

    @Test("16. A missing file is a typed error")
    func missingFile() async throws {
        let pipeline = ImagePipeline.makeTestPipeline(loader: loader)
        let error = await expectFailure(pipeline.imageTask(with: URL(fileURLWithPath: "/nonexistent/image.jpg")))
        #expect(error?.dataLoadingError as? DataLoadingError == .fileNotFound(path: "/nonexistent/image.jpg"))
    }

    @Test("16. data: URLs load inline, base64 and percent-encoded")
    func dataURLs() async throws {
        let pipeline = ImagePipeline.makeTestPipeline(loader: loader)
        let base64 = "data:application/x-nuke-test;base64," + TestImageFormat.make(byteCount: 40).base64EncodedString()
        #expect(try await pipeline.image(for: URL(string: base64)).width == 640)
        let (data, response) = try await pipeline.data(for: ImageRequest(url: URL(string: "data:,Hello%2C%20World%21")))
        #expect(String(decoding: data, as: UTF8.self) == "Hello, World!")
        #expect(response?.mimeType == "text/plain")
        #expect(loader.createdTaskCount == 0)
    }

    @Test("16. With local support off, file: URLs go to the loader and are still not cached")
    func localSupportDisabled() async throws {
        let url = try writeTemporaryImage()
        defer { try? FileManager.default.removeItem(at: url) }
        let pipeline = ImagePipeline.makeTestPipeline(loader: loader) { $0.isLocalResourcesSupportEnabled = false }
        _ = try await pipeline.image(for: url)
        #expect(loader.createdTaskCount == 1)
    }

    @Test("A file over the size limit fails before it is read")
    func fileOverLimit() async throws {
        let url = try writeTemporaryImage()
        defer { try? FileManager.default.removeItem(at: url) }
        let pipeline = ImagePipeline.makeTestPipeline(loader: loader) { $0.maximumResponseDataSize = 1_000 }
        #expect(await expectFailure(pipeline.imageTask(with: url))?.caseName == "dataDownloadExceededMaximumSize")
    }

    @Test(
        "RFC 2397 parsing",
        arguments: [
            ("data:,A%20brief%20note", "text/plain", Array("A brief note".utf8)),
            ("data:text/plain;charset=utf-8;base64,SGVsbG8=", "text/plain", Array("Hello".utf8)),
            ("data:image/png;base64,AAEC", "image/png", [0, 1, 2]),
            ("DATA:IMAGE/GIF;BASE64,AAEC", "image/gif", [0, 1, 2]),
            ("data:;base64,AAE", "text/plain", [0, 1]),
        ]
    )
    func dataURLParsing(string: String, mimeType: String, bytes: [UInt8]) throws {
        let parsed = try DataURL(string)
        #expect(parsed.mimeType == mimeType)
        #expect([UInt8](parsed.data) == bytes)
    }

    @Test(
        "Malformed data: URLs are rejected",
        arguments: ["data:text/plain", "data:;base64,@@@@", "data:,%zz", "http://x"]
    )
    func malformedDataURLs(string: String) {
        #expect(throws: DataLoadingError.self) { try DataURL(string) }
    }
}
