// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

public import NukeCore

#if canImport(FoundationEssentials)
    public import FoundationEssentials
#else
    public import Foundation
#endif

/// Runs one input through every way the pipeline uses a decoder: a full decode, a thumbnail
/// decode, a preview of the first half as partial data, and the first frames of an animation.
public enum DecoderFuzzing {
    /// Small enough for AddressSanitizer's memory limit, large enough for real images.
    static let maximumPixelCount = 1 << 22

    /// Exercises the decoders `registry` offers for `data`, handing them `colorConversion` (for
    /// the conversions decoders run themselves). Errors are expected; crashes, leaks and hangs
    /// are what the fuzzer looks for.
    public static func exercise(_ data: Data, registry: PluginRegistry, colorConversion: ColorConversion? = nil) {
        var thumbnail = ImageRequest(url: nil)
        thumbnail.thumbnail = ThumbnailOptions(maxPixelSize: 64)
        for request in [ImageRequest(url: nil), thumbnail] {
            let context = makeContext(request, data: data, isCompleted: true, colorConversion: colorConversion)
            guard let decoder = registry.decoder(for: context),
                let container = try? decoder.decode(data)
            else { continue }
            if let animation = container.animation {
                for index in 0..<min(animation.frameCount, 4) { _ = try? animation.frame(at: index) }
            }
        }
        let partial = data.prefix(data.count / 2)
        let context = makeContext(
            ImageRequest(url: nil),
            data: partial,
            isCompleted: false,
            colorConversion: colorConversion
        )
        _ = registry.decoder(for: context)?.decodePartiallyDownloadedData(partial)
    }

    private static func makeContext(
        _ request: ImageRequest,
        data: Data,
        isCompleted: Bool,
        colorConversion: ColorConversion?
    ) -> ImageDecodingContext {
        var context = ImageDecodingContext(
            request: request,
            data: data,
            isCompleted: isCompleted,
            maximumPixelCount: maximumPixelCount,
            maximumFrameCount: 1_000
        )
        context.colorConversion = colorConversion
        return context
    }

    /// A registry with only `plugin` installed.
    public static func registry(installing plugin: some NukePlugin) -> PluginRegistry {
        var registry = PluginRegistry()
        registry.install(plugin)
        return registry
    }
}
