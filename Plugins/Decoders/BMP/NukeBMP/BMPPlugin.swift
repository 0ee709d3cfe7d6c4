// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

public import NukeCore

/// Registers NukeBMP's decoders and encoders for `AssetType.bmp` and `AssetType.ico` (built-in
/// formats: every registry recognises `BM` files, icons and cursors, their MIME types and
/// extensions). Its own Swift: no C library.
///
/// Icons hold PNG images: they are decoded and encoded with the PNG decoder and encoder of the
/// registry as it is when this plugin is installed: install a PNG plugin first (the `Nuke`
/// umbrella's default plugins do); without a PNG encoder, no ICO encoder is registered.
public struct BMPPlugin: NukePlugin {
    /// Creates the plugin.
    public init() {}

    /// `nuke.bmp`.
    public var id: PluginID { "nuke.bmp" }

    /// Registers the BMP and ICO decoder factories and encoders.
    public func register(in registry: inout PluginRegistry) {
        registry.register(Capabilities.Encoding.self, id: "nuke.bmp.encoder", for: [.bmp], BMPEncoder())
        if let png = registry.encoder(for: .png) {
            registry.register(Capabilities.Encoding.self, id: "nuke.ico.encoder", for: [.ico], ICOEncoder(png: png))
        }
        registry.register(Capabilities.Decoding.self, id: "nuke.bmp.decoder", for: [.bmp]) { context in
            BMPDecoder(context: context)
        }
        let pngDecoders = registry
        registry.register(Capabilities.Decoding.self, id: "nuke.ico.decoder", for: [.ico]) { context in
            ICODecoder(context: context, pngDecoders: pngDecoders)
        }
    }
}
