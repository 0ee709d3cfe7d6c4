// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

import Foundation
import Nuke
import NukeProxy
import NukeProxyTestSupport
import NukeTestSupport
import Synchronization
import Testing

/// The metering wrapper counts and otherwise leaves everything to the loader it wraps.
@Suite struct MeteredOriginLoaderTests {
    /// Loads `url` through `loader` with `decision`; the bytes received and the error, if any.
    private func load(
        _ url: URL,
        with loader: MeteredOriginLoader,
        decision: @escaping RedirectDecision
    ) async -> (bytes: Int, error: (any Error)?) {
        let received = Mutex(0)
        let error = await withCheckedContinuation { (continuation: CheckedContinuation<(any Error)?, Never>) in
            _ = loader.loadData(
                with: DataRequest(url: url),
                redirectDecision: decision,
                didReceiveData: { data, _ in received.withLock { $0 += data.count } },
                completion: { continuation.resume(returning: $0) }
            )
        }
        return (received.withLock { $0 }, error)
    }

    @Test("Redirect decisions reach the wrapped loader: a refused target is never requested")
    func redirectDecisions() async throws {
        let fixture = try ProxyFixture()
        var configuration = CurlDataLoader.Configuration()
        configuration.proxy = .none
        let curl = CurlDataLoader(configuration: configuration)
        let loader = MeteredOriginLoader(loader: curl)
        let moved = fixture.origin.url("/public/moved.jpg")

        let refused = await load(moved, with: loader) { _ in false }
        #expect(refused.error != nil && refused.bytes == 0)
        #expect(fixture.origin.requests(to: "/public/photo.jpg").isEmpty)

        let followed = await load(moved, with: loader) { $0.target.path == "/public/photo.jpg" }
        #expect(
            followed.error == nil && followed.bytes == ProxyFixture.photo.count,
            "\(String(describing: followed.error))"
        )
        await curl.shutdown()
    }

    @Test("Shutting the wrapper down shuts the wrapped loader down")
    func shutdown() async throws {
        let fixture = try ProxyFixture()
        var configuration = CurlDataLoader.Configuration()
        configuration.proxy = .none
        let curl = CurlDataLoader(configuration: configuration)
        let loader = MeteredOriginLoader(loader: curl)
        _ = await load(fixture.origin.url("/photo.jpg"), with: loader) { _ in true }
        #expect(curl.isThreadRunning)

        await loader.shutdown()

        #expect(!curl.isThreadRunning)
    }
}
