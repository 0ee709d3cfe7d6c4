// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

import Foundation
import NukeCore
import NukeTestSupport
import NukeURLSession
import Testing

@Suite struct URLSessionLoaderTests {
    @Test func cancelStormNeverHangs() async throws {
        try await runCancelStorm(on: URLSessionDataLoader())
    }

    @Test func resumableDownloads() async throws {
        let check = ResumableDownloadCheck(loader: URLSessionDataLoader())
        try await check.checkResumesWith206()
        try await check.checkStartsOverOn200()
    }

    @Test func pluginRegistersForHTTPAndHTTPS() {
        var registry = PluginRegistry()
        registry.install(URLSessionPlugin())
        #expect(registry.dataLoader(for: URL(string: "https://example.com/a.jpg")!) is URLSessionDataLoader)
        #expect(registry.dataLoader(for: URL(string: "http://example.com/a.jpg")!) is URLSessionDataLoader)
    }
}
