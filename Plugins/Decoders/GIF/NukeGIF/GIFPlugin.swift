// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

public import NukeCore
internal import NukeImaging

/// Registers NukeGIF's decoder, encoder and metadata editor for `AssetType.gif`.
///
/// `ImageEncoders.Default` keeps an unprocessed animation's original GIF data, so the disk cache
/// stores it unchanged; ``GIFEncoder`` writes processed animations and stills.
public struct GIFPlugin: NukePlugin {
    /// The encoder registered for `.gif`.
    public var encoder: GIFEncoder

    /// Creates the plugin with `encoder` (default: no dithering).
    public init(encoder: GIFEncoder = GIFEncoder()) {
        self.encoder = encoder
    }

    /// `nuke.gif`.
    public var id: PluginID { "nuke.gif" }

    /// Registers the decoder factory, the encoder and the metadata editor.
    public func register(in registry: inout PluginRegistry) {
        registry.register(Capabilities.Decoding.self, id: "nuke.gif.decoder", for: [.gif]) { context in
            GIFDecoder(context: context)
        }
        registry.register(Capabilities.Encoding.self, id: "nuke.gif.encoder", for: [.gif], encoder)
        registry.register(Capabilities.MetadataEditing.self, id: "nuke.gif.metadata", for: [.gif], GIFMetadataEditor())
    }
}
