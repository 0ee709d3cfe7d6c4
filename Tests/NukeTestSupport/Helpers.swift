// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

internal import Dispatch
public import NukeCore

#if canImport(FoundationEssentials)
    public import FoundationEssentials
#else
    public import Foundation
#endif

/// The name of the calling OS thread, as `top -H` shows it (from `/proc/thread-self/comm`).
public func currentThreadName() -> String {
    let name = (try? String(contentsOfFile: "/proc/thread-self/comm", encoding: .utf8)) ?? ""
    return String(name.prefix { $0 != "\n" })
}

/// Waits until `condition` is true, checking every millisecond: a poll, for state that tells no
/// one when it changes.
///
/// Prefer an awaited event wherever the code under test gives one: a test double's changes
/// (``waitUntil(_:timeout:_:)`` with ``MockDataLoader``, the mock caches, ``QueueRecorder``),
/// ``Collector/wait(untilCount:)``, `ImageTask.progress(reaching:)`, the pipeline's
/// `flush()`, `pipelineActorBarrier()` for tasks just made, a prefetcher's `didComplete`. What is
/// left polls because nothing signals it: the pipeline actor's task table and job census emptying
/// after cancellations (several hops, none observable), its resumable-data store, real disk
/// caches' files, the loopback servers' connection counts and child processes' output.
///
/// Not a timed assertion: on a busy machine a condition may take many seconds to hold, and the
/// default bound (10 minutes) only stops a test that would otherwise hang for ever.
///
/// - Returns: Whether the condition became true before `timeout` seconds.
@discardableResult
public func waitUntil(timeout: Double = 600, _ condition: @Sendable () async -> Bool) async -> Bool {
    let deadline = ContinuousClock.now + .seconds(timeout)
    while ContinuousClock.now < deadline {
        if await condition() { return true }
        try? await Task.sleep(for: .milliseconds(1))
    }
    return await condition()
}

/// An executable of this package, which SwiftPM builds into the same folder as the test binary:
/// a child process a test starts, or a command it runs as a user would.
public func executableBesideTests(named name: String) -> URL {
    let testBinary = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
    return testBinary.deletingLastPathComponent().appendingPathComponent(name)
}

/// Whether something accepts TCP connections on `127.0.0.1:port` (a server started by a test,
/// or one that should have stopped listening).
public func loopbackAcceptsConnections(port: Int) -> Bool {
    guard let port = UInt16(exactly: port) else { return false }
    return Socket.canConnect(toPort: port)
}

/// A loopback port free at this moment: probed and closed, so another server may take it before
/// the one it is meant for binds it (retry with another when that one fails to start).
public func unusedLoopbackPort() throws -> UInt16 {
    let probe = try Socket.listen()
    defer { probe.close() }
    return probe.port
}

/// An error for tests to throw.
public struct TestError: Error, Equatable, Sendable {
    /// A label to tell errors apart.
    public var label: String

    /// Creates an error.
    public init(_ label: String = "test") {
        self.label = label
    }
}

extension ImagePipeline {
    /// A pipeline over a mock loader and the test image format, with the rate limiter off and
    /// no caches (memory, disk or HTTP); `configure` adjusts it.
    public nonisolated static func makeTestPipeline(
        loader: any DataLoading = MockDataLoader(),
        delegate: (any ImagePipeline.Delegate)? = nil,
        _ configure: (inout Configuration) -> Void = { _ in }
    ) -> ImagePipeline {
        var registry = PluginRegistry()
        registry.install(TestImagePlugin())
        var configuration = Configuration(registry: registry)
        configuration.dataLoader = loader
        configuration.isRateLimiterEnabled = false
        configuration.imageCache = nil
        configuration.httpCache = nil
        configure(&configuration)
        return ImagePipeline(configuration: configuration, delegate: delegate)
    }
}

extension URL {
    /// `http://test.com/example.jpeg`, the URL most tests load.
    public static let test = URL(string: "http://test.com/example.jpeg")!
}

/// Runs CPU-heavy synchronous work (fuzz passes) on a Dispatch thread, so it does not hold one of
/// Swift's few cooperative threads that the pipeline tests running alongside need.
public func runOffCooperativePool<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        DispatchQueue.global().async { continuation.resume(with: Result { try body() }) }
    }
}

/// The outcome of a fuzz pass.
public struct FuzzOutcome: Sendable {
    /// Variants that decoded.
    public var decoded = 0
    /// Variants that failed with the decoder's typed error.
    public var failed = 0
    /// Descriptions of anything else: other error types, impossible results.
    public var anomalies: [String] = []
    /// What reached standard error from outside the test runner.
    public var output: [String] = []

    /// Creates an empty outcome.
    public init() {}
}
