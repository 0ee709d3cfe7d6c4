// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

public import NukeCore

#if canImport(FoundationEssentials)
    public import FoundationEssentials
#else
    public import Foundation
#endif

/// The rules every decoder plugin follows, checked on its real fixtures and its bombs.
///
/// Run every check from a parameterized test:
///
/// ```swift
/// @Test(arguments: DecoderContract.Check.allCases)
/// func contract(_ check: DecoderContract.Check) async throws {
///     try await DecoderContract(plugin: MyPlugin(), type: .avif, fixtures: fixtures, bombs: bombs).run(check)
/// }
/// ```
public struct DecoderContract: Sendable {
    /// One rule of the contract.
    public enum Check: String, CaseIterable, Sendable, CustomStringConvertible {
        /// 10,000 damaged variants of the fixtures decode to images that pass the validation or
        /// fail with an `ImageDecodingError`; previews of them never crash; nothing is printed
        /// (unless ``printsBecause`` says why the library must).
        case survivesDamagedData
        /// Each fixture loads through a pipeline with only the plugin installed, recognised as its
        /// format, with the pixels of a direct decode.
        case loadsThroughPipeline
        /// Each fixture, re-encoded by the plugin's encoder for the format (if it has one),
        /// decodes back to the same size (and the same pixels when the fixture is lossless).
        case roundTripsThroughEncoder
        /// Each fixture cut in half is never taken for the complete image: a typed error, or for
        /// an animation fewer frames.
        case truncationIsNotCompletion
        /// Partial data (every tenth of each fixture) gives no preview or one marked `isPreview`,
        /// the size of the full image.
        case previewsOfPartialData
        /// Each bomb fails through the pipeline with a limit error (too large, over the memory
        /// budget, too many frames) or as truncated, never as an image.
        case refusesBombs
        /// Empty data, text and another format's header fail with an `ImageDecodingError`.
        case refusesOtherData
        /// Each fixture's memory estimate from its header (`ImageDecoding.estimatedMemory(for:)`),
        /// which decode admission waits on, is given and covers the decoded image's pixels, at
        /// full size and with a request that shrinks on load; each bomb's is a size or none.
        case estimatesMemory

        public var description: String { rawValue }
    }

    /// The plugin under test.
    public let plugin: any NukePlugin
    /// The format its decoder reads.
    public let type: AssetType
    /// Real files of the format, small (they are damaged 10,000 times).
    public let fixtures: [Data]
    /// Files that must be refused: huge headers, early ends, too many frames.
    public let bombs: [Data]
    /// The pixel limit of the damaged-data pass.
    public let maximumPixelCount: Int
    /// Whether the fixtures survive the plugin's encoder pixel for pixel.
    public let isLossless: Bool
    /// Extra checks on every image a damaged variant decodes to; returns a problem, or `nil`.
    public let validate: @Sendable (ImageContainer) -> String?
    /// Why the library may print while decoding damaged data (a C library whose messages its
    /// binding cannot silence), or `nil`: it must print nothing.
    public let printsBecause: String?

    /// Creates the contract for a decoder plugin.
    public init(
        plugin: some NukePlugin,
        type: AssetType,
        fixtures: [Data],
        bombs: [Data] = [],
        maximumPixelCount: Int = 1 << 22,
        isLossless: Bool = false,
        printsBecause: String? = nil,
        validate: @escaping @Sendable (ImageContainer) -> String? = { _ in nil }
    ) {
        self.plugin = plugin
        self.type = type
        self.fixtures = fixtures
        self.bombs = bombs
        self.maximumPixelCount = maximumPixelCount
        self.isLossless = isLossless
        self.validate = validate
        self.printsBecause = printsBecause
    }

    /// Runs one check; throws ``DecoderContractViolation`` when the plugin breaks the rule.
    ///
    /// For a plugin that prints (``printsBecause``), every check but the damaged-data one (which
    /// captures its own output) runs ``quietly(_:)``, so its library's messages never reach another
    /// plugin's capture.
    public func run(_ check: Check) async throws {
        try ensure(!fixtures.isEmpty, "the contract needs at least one fixture")
        if printsBecause != nil, check != .survivesDamagedData {
            try await quietly { [self] in try await runUnguarded(check) }
        } else {
            try await runUnguarded(check)
        }
    }

    private func runUnguarded(_ check: Check) async throws {
        switch check {
        case .survivesDamagedData: try await survivesDamagedData()
        case .loadsThroughPipeline: try await loadsThroughPipeline()
        case .roundTripsThroughEncoder: try await roundTripsThroughEncoder()
        case .truncationIsNotCompletion: try await truncationIsNotCompletion()
        case .previewsOfPartialData: try await previewsOfPartialData()
        case .refusesBombs: try await refusesBombs()
        case .refusesOtherData: try refusesOtherData()
        case .estimatesMemory: try estimatesMemory()
        }
    }

    /// The registry with only the plugin installed.
    var registry: PluginRegistry {
        var registry = PluginRegistry()
        registry.install(plugin)
        return registry
    }

    /// The plugin's decoder for `data`, as the pipeline would ask for it.
    func decoder(for data: Data, isCompleted: Bool = true) throws -> any ImageDecoding {
        var context = ImageDecodingContext(
            request: ImageRequest(url: nil),
            data: data,
            isCompleted: isCompleted,
            maximumPixelCount: maximumPixelCount
        )
        context.assetType = type
        guard let decoder = registry.decoder(for: context) else {
            throw DecoderContractViolation("the plugin registers no decoder for \(type)")
        }
        return decoder
    }

    /// A pipeline with only the plugin, no memory cache.
    func pipeline() -> ImagePipeline {
        let registry = registry
        return ImagePipeline {
            $0.registry = registry
            $0.imageCache = nil
        }
    }
}

/// A rule of ``DecoderContract`` the plugin broke.
public struct DecoderContractViolation: Error, CustomStringConvertible {
    /// What went wrong.
    public let description: String

    init(_ description: String) {
        self.description = description
    }
}

/// Throws a ``DecoderContractViolation`` with `message` unless `condition` holds.
func ensure(_ condition: Bool, _ message: @autoclosure () -> String) throws(DecoderContractViolation) {
    if !condition { throw DecoderContractViolation(message()) }
}
