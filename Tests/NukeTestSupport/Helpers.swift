public import NukeCore

#if canImport(FoundationEssentials)
    public import FoundationEssentials
#else
    public import Foundation
#endif

/// Waits until `condition` is true, checking every millisecond, for at most `timeout` seconds.
///
/// - Returns: Whether the condition became true in time.
@discardableResult
public func waitUntil(timeout: Double = 5, _ condition: @Sendable () async -> Bool) async -> Bool {
    let deadline = ContinuousClock.now + .seconds(timeout)
    while ContinuousClock.now < deadline {
        if await condition() { return true }
        try? await Task.sleep(for: .milliseconds(1))
    }
    return await condition()
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
    /// no caches; `configure` adjusts it.
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
        configure(&configuration)
        return ImagePipeline(configuration: configuration, delegate: delegate)
    }
}

extension URL {
    /// `http://test.com/example.jpeg`, the URL most tests load.
    public static let test = URL(string: "http://test.com/example.jpeg")!
}
