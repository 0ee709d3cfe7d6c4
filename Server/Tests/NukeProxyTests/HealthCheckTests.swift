// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

import Nuke
import NukeProxy
import NukeProxyTestSupport
import Testing

@Suite("/health's check: a small image through the pipeline, its outcome kept for a while")
struct HealthCheckTests {
    /// Longer than any test run: on a busy machine the shared worker threads can hold a decode
    /// for seconds, and what these tests check does not depend on the time-out.
    static let noTimeout = Duration.seconds(3600)

    @Test("A working pipeline is healthy; the outcome answers again until it is older than the maximum age")
    func healthyAndKept() async {
        let pipeline = ImagePipeline(configuration: .init(registry: .defaultPlugins))
        let kept = HealthCheck(pipeline: pipeline, maximumAge: .seconds(3600), timeout: Self.noTimeout)
        let first = await kept.outcome()
        #expect(first.isHealthy)
        #expect(await kept.outcome() == first, "the same check's outcome, not a new one")

        let fresh = HealthCheck(pipeline: pipeline, maximumAge: .zero, maximumStaleness: .zero, timeout: Self.noTimeout)
        let one = await fresh.outcome()
        let two = await fresh.outcome()
        #expect(one.isHealthy && two.isHealthy)
        #expect(two.instant > one.instant, "a new check each time")
    }

    @Test("Past its maximum age, a healthy outcome answers at once while a new check runs; an unhealthy one never")
    func staleWhileChecking() async {
        let working = HealthCheck(
            pipeline: ImagePipeline(configuration: .init(registry: .defaultPlugins)),
            maximumAge: .zero,
            maximumStaleness: Self.noTimeout,
            timeout: Self.noTimeout
        )
        let first = await working.outcome()
        #expect(first.isHealthy)
        #expect(await working.outcome() == first, "answered from the last outcome, a new check started behind it")

        let broken = HealthCheck(
            pipeline: ImagePipeline(configuration: .init(registry: PluginRegistry())),
            maximumAge: .zero,
            maximumStaleness: Self.noTimeout,
            timeout: Self.noTimeout
        )
        let failed = await broken.outcome()
        let again = await broken.outcome()
        #expect(!failed.isHealthy && !again.isHealthy)
        #expect(again.instant > failed.instant, "a new check, waited for")
    }

    @Test("Many requests at once share one check")
    func concurrentRequestsShareACheck() async {
        let check = HealthCheck(
            pipeline: ImagePipeline(configuration: .init(registry: .defaultPlugins)),
            timeout: Self.noTimeout
        )
        let outcomes = await withTaskGroup(of: HealthCheck.Outcome.self) { group in
            for _ in 0..<20 { group.addTask { await check.outcome() } }
            return await group.reduce(into: []) { $0.append($1) }
        }
        #expect(Set(outcomes.map(\.instant)).count == 1)
        #expect(outcomes.allSatisfy { $0.isHealthy })
    }

    @Test("A pipeline that cannot decode the image is unhealthy, and says why")
    func unhealthy() async throws {
        let check = HealthCheck(pipeline: ImagePipeline(configuration: .init(registry: PluginRegistry())))
        let outcome = await check.outcome()
        guard case .unhealthy(let reason, _) = outcome else {
            Issue.record("healthy without a decoder")
            return
        }
        #expect(reason.hasPrefix("the test image failed"))
    }
}
