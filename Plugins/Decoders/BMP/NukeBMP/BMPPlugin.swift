// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

public import NukeCore

/// Registers NukeBMP's decoders for `AssetType.bmp` and `AssetType.ico` (built-in formats: every
/// registry recognises `BM` files, icons and cursors, their MIME types and extensions). Its own
/// Swift: no C library.
///
/// Icons holding PNG images decode them with the PNG decoder of the registry as it is when this
/// plugin is installed: install a PNG plugin first (the `Nuke` umbrella's default plugins do).
public struct BMPPlugin: NukePlugin {
    /// Creates the plugin.
    public init() {}

    /// `nuke.bmp`.
    public var id: PluginID { "nuke.bmp" }

    /// Registers the BMP and ICO decoder factories.
    public func register(in registry: inout PluginRegistry) {
        registry.register(Capabilities.Decoding.self, id: "nuke.bmp.decoder", for: [.bmp]) { context in
            BMPDecoder(context: context)
        }
        let pngDecoders = registry
        registry.register(Capabilities.Decoding.self, id: "nuke.ico.decoder", for: [.ico]) { context in
            ICODecoder(context: context, pngDecoders: pngDecoders)
        }
    }
}
