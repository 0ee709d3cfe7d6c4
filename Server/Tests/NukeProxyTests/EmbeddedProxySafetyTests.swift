// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

import Foundation
import Nuke
import NukeProxy
import NukeProxyTestSupport
import NukeTestSupport
import Testing

/// An `ImageProxy` in someone's own application refuses what nuke-server refuses: no loader that
/// could reach private, loopback or link-local addresses, unless the configuration says so.
@Suite("An embedded proxy is secure by default")
struct EmbeddedProxySafetyTests {
    /// A loader that says nothing of the addresses it connects to (as URLSession's does not).
    private struct SilentLoader: DataLoading {
        func loadData(
            with request: DataRequest,
            didReceiveData: @escaping @Sendable (Data, DataResponse) -> Void,
            completion: @escaping @Sendable ((any Error)?) -> Void
        ) -> any Cancellable {
            completion(DataLoadingError.invalidURL(nil))
            return SilentCancellable()
        }
    }

    private struct SilentCancellable: Cancellable {
        func cancel() {}
    }

    @Test("A pipeline whose loaders may reach private addresses is refused when the proxy is made")
    func openPipelinesRefused() throws {
        let signed = ProxyConfiguration(signature: URLSignature(keys: [ProxyFixture.secret]))
        // The default pipeline's curl loader allows every address, as the library's default.
        #expect(throws: ProxySetupError.loaderAllowsPrivateAddresses(scheme: "http", loader: "CurlDataLoader")) {
            try ImageProxy(pipeline: ImagePipeline(), configuration: signed)
        }
        let silent = ImagePipeline { $0.dataLoader = SilentLoader() }
        #expect(throws: ProxySetupError.self) { try ImageProxy(pipeline: silent, configuration: signed) }

        var lenient = signed
        lenient.allowsPrivateAddresses = true
        _ = try ImageProxy(pipeline: ImagePipeline(), configuration: lenient)
        var guarded = CurlDataLoader.Configuration()
        guarded.addressPolicy = .publicInternetOnly
        var registry = PluginRegistry.defaultPlugins
        registry.register(
            Capabilities.Loading.self,
            id: "nuke.curl.loader",
            for: ["http", "https"],
            CurlDataLoader(configuration: guarded)
        )
        _ = try ImageProxy(pipeline: ImagePipeline(configuration: .init(registry: registry)), configuration: signed)
    }

    @Test("A proxy with its own pipeline fetches nothing from loopback: the origin sees no connection")
    func ownPipelineRefusesLoopback() async throws {
        let fixture = try ProxyFixture()
        let proxy = ImageProxy(configuration: ProxyConfiguration(signature: fixture.signature))

        let response = await proxy.respond(to: fixture.path("w:20", "/photo.jpg"))

        #expect(response.status == 403)
        #expect(fixture.origin.acceptedConnectionCount == 0)
    }

    @Test("Allowed knowingly, the same proxy fetches from loopback")
    func allowedKnowingly() async throws {
        let fixture = try ProxyFixture()
        var configuration = ProxyConfiguration(signature: fixture.signature)
        configuration.allowsPrivateAddresses = true
        let proxy = ImageProxy(configuration: configuration)

        let response = await proxy.respond(to: fixture.path("w:20", "/photo.jpg"))

        #expect(response.status == 200)
        #expect(try await ProxyFixture.decode(response.body).width == 20)
    }

    @Test(
        "The proxy's own loader denies every non-public address, the cloud metadata one among them",
        arguments: [
            "169.254.169.254", "127.0.0.1", "10.1.2.3", "192.168.0.1", "0.0.0.0", "::1", "fd00::1", "fe80::1",
            "::ffff:169.254.169.254",
        ]
    )
    func policyDenies(address: String) throws {
        let policy = ProxyConfiguration().originLoaderConfiguration.addressPolicy
        #expect(!policy.allows(try #require(IPAddress(address))))
    }

    @Test("…and allows public addresses")
    func policyAllowsPublic() throws {
        let policy = ProxyConfiguration().originLoaderConfiguration.addressPolicy
        #expect(policy.allows(try #require(IPAddress("93.184.215.14"))))
        #expect(policy.allows(try #require(IPAddress("2606:2800:21f:cb07:6820:80da:af6b:8b2c"))))
    }
}
