// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

public import NukeCore

#if canImport(FoundationEssentials)
    public import FoundationEssentials
#else
    public import Foundation
#endif

/// Generators of hostile images for decoder and pipeline tests: small files that declare huge
/// images, data that ends early, animations with too many frames. Each takes a valid file (made
/// by a real encoder) or builds one byte by byte, then breaks it in one precise way.
public enum HostileImages {}

extension HostileImages {
    /// Big-endian bytes of `value`, `count` bytes long.
    static func bigEndian(_ value: Int, count: Int) -> [UInt8] {
        (0..<count).map { UInt8(truncatingIfNeeded: value >> (8 * (count - 1 - $0))) }
    }
}

extension HostileImages {
    /// A `width × height` opaque RGBA bitmap of deterministic noise: a source for real encoders
    /// whose output the generators then break.
    public static func noise(width: Int, height: Int, seed: UInt64 = 1) throws -> Bitmap {
        var state = seed
        return try Bitmap(width: width, height: height, pixelFormat: .rgba8, isOpaque: true) { buffer in
            for index in buffer.indices {
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                buffer[index] = index % 4 == 3 ? 255 : UInt8(truncatingIfNeeded: state >> 56)
            }
        }
    }

    /// Loads `data` through `pipeline` (as a data closure, with `configure` applied to the
    /// request) and returns the decoder's error; `nil` if the image loaded.
    public static func decodingError(
        loading data: Data,
        with pipeline: ImagePipeline,
        configure: (inout ImageRequest) -> Void = { _ in }
    ) async -> ImageDecodingError? {
        var request = ImageRequest(id: "hostile-\(data.count)-\(data.hashValue)", data: { data })
        configure(&request)
        do {
            _ = try await pipeline.image(for: request)
            return nil
        } catch let ImagePipeline.Error.decodingFailed(_, _, error) {
            return error as? ImageDecodingError ?? .corrupt(reason: "not a decoding error: \(error)")
        } catch {
            return .corrupt(reason: "not a decoding error: \(error)")
        }
    }
}

extension HostileImages {
    /// A pipeline with only `plugin` installed, no memory cache and the largest default pixel
    /// limit (256 MP, a 1 GiB budget) whatever the machine's memory, then `configure` applied:
    /// the set-up of the bomb tests, so their expected budgets do not depend on the machine.
    public static func pipeline(
        installing plugin: some NukePlugin,
        configure: (inout ImagePipeline.Configuration) -> Void = { _ in }
    ) -> ImagePipeline {
        var registry = PluginRegistry()
        registry.install(plugin)
        return ImagePipeline {
            $0.registry = registry
            $0.imageCache = nil
            $0.maximumDecodedPixelCount = 1 << 28
            configure(&$0)
        }
    }
}
