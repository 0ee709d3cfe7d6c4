// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

public import NukeCore

/// Registers NukeGIF's decoder for `AssetType.gif`.
///
/// There is no GIF encoder: `ImageEncoders.Default` keeps an animation's original GIF
/// data, so the disk cache stores it unchanged.
public struct GIFPlugin: NukePlugin {
    /// Creates the plugin.
    public init() {}

    /// `nuke.gif`.
    public var id: PluginID { "nuke.gif" }

    /// Registers the decoder factory.
    public func register(in registry: inout PluginRegistry) {
        registry.register(Capabilities.Decoding.self, id: "nuke.gif.decoder", for: [.gif]) { context in
            GIFDecoder(context: context)
        }
    }
}
