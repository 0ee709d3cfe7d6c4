// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

public import NukeCore
internal import NukeImaging

/// Registers NukeWebP's decoder, encoder and metadata editor for `AssetType.webp`, so processed
/// images can be stored as WebP in the disk cache (with `ImageEncoders.Default(registry:type: .webp)`).
public struct WebPPlugin: NukePlugin {
    /// The encoder registered for WebP.
    public var encoder: WebPEncoder
    /// What the registered decoders keep besides the pixels.
    public var decoderOptions: WebPDecoder.Options

    /// Creates the plugin.
    public init(encoder: WebPEncoder = WebPEncoder(), decoderOptions: WebPDecoder.Options = WebPDecoder.Options()) {
        self.encoder = encoder
        self.decoderOptions = decoderOptions
    }

    /// `nuke.webp`.
    public var id: PluginID { "nuke.webp" }

    /// Registers the decoder factory, the encoder and the metadata editor.
    public func register(in registry: inout PluginRegistry) {
        let options = decoderOptions
        registry.register(Capabilities.Decoding.self, id: "nuke.webp.decoder", for: [.webp]) { context in
            WebPDecoder(context: context, options: options)
        }
        registry.register(Capabilities.Encoding.self, id: "nuke.webp.encoder", for: [.webp], encoder)
        registry.register(
            Capabilities.MetadataEditing.self,
            id: "nuke.webp.metadata",
            for: [.webp],
            WebPMetadataEditor()
        )
    }
}
