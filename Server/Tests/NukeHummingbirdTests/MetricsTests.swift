// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

import Foundation
import Hummingbird
import HummingbirdTesting
import NukeHummingbird
import NukeProxyTestSupport
import NukeTestSupport
import Prometheus
import Testing

@Suite("Metrics, exported in Prometheus's format")
struct MetricsTests {
    @Test("Requests by status, latency, cache hits by layer, origin transfers, bytes and errors")
    func metrics() async throws {
        let fixture = try ProxyFixture()
        let registry = PrometheusCollectorRegistry()
        let metrics = ProxyMetrics(factory: PrometheusMetricsFactory(registry: registry))
        let proxy = fixture.proxy(resultCache: MockDataCache(), metrics: metrics)
        let path = fixture.path("w:100", "/photo.jpg")
        // Through the router: requests are counted by its middleware.
        try await Application(router: proxy.router()).test(.router) { client in
            for (uri, status) in [
                (path, HTTPResponse.Status.ok),
                (path, .ok),  // from the result cache
                (fixture.path("w:100/q:50", "/photo.jpg"), .ok),  // memory
                (fixture.path("w:100", "/missing.jpg"), .notFound),
            ] {
                try await client.execute(uri: uri, method: .get) { response in
                    #expect(response.status == status)
                }
            }
            try await client.execute(uri: "/health", method: .get) { response in
                #expect(response.status == .ok)  // Not an image request: not counted.
            }
        }
        let text = registry.emitToString()
        for line in [
            #"nuke_server_requests_total{status="200"} 3"#,
            #"nuke_server_requests_total{status="404"} 1"#,
            #"nuke_server_request_duration_seconds_count{status="200"} 3"#,
            #"nuke_server_cache_hits_total{layer="result"} 1"#,
            #"nuke_server_cache_hits_total{layer="memory"} 1"#,
            "nuke_server_cache_misses_total 1",
            "nuke_server_origin_transfers_total 2",
            #"nuke_server_origin_errors_total{kind="not_found"} 1"#,
            "nuke_server_requests_in_flight 0.0",
        ] {
            #expect(text.contains(line + "\n"), "\(line)\n\(text)")
        }
        #expect(text.contains("nuke_server_origin_bytes_total \(ProxyFixture.photo.count)\n"))
    }
}
