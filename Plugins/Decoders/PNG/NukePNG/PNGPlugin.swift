// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

public import NukeCore
internal import NukeImaging

/// Registers NukePNG's decoder and encoder for `AssetType.png`.
///
/// ```swift
/// var registry = PluginRegistry()
/// registry.install(PNGPlugin())
/// ```
public struct PNGPlugin: NukePlugin {
    /// The encoder registered for PNG.
    public var encoder: PNGEncoder
    /// What the registered decoders keep besides the pixels.
    public var decoderOptions: PNGDecoder.Options

    /// Creates the plugin.
    public init(encoder: PNGEncoder = PNGEncoder(), decoderOptions: PNGDecoder.Options = PNGDecoder.Options()) {
        self.encoder = encoder
        self.decoderOptions = decoderOptions
    }

    /// `nuke.png`.
    public var id: PluginID { "nuke.png" }

    /// Registers the decoder factory, the encoder and the metadata editor.
    public func register(in registry: inout PluginRegistry) {
        let options = decoderOptions
        registry.register(Capabilities.Decoding.self, id: "nuke.png.decoder", for: [.png]) { context in
            PNGDecoder(context: context, options: options)
        }
        registry.register(Capabilities.Encoding.self, id: "nuke.png.encoder", for: [.png], encoder)
        registry.register(Capabilities.MetadataEditing.self, id: "nuke.png.metadata", for: [.png], PNGMetadataEditor())
    }
}
