// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

public import NukeCore
internal import NukeImaging

/// Registers NukeJPEG's decoder, encoder and metadata editor for `AssetType.jpeg`.
///
/// ```swift
/// var registry = PluginRegistry()
/// registry.install(JPEGPlugin())
/// ```
public struct JPEGPlugin: NukePlugin {
    /// Options for every decoder the plugin makes.
    public var decoderOptions: JPEGDecoder.Options
    /// The encoder registered for JPEG.
    public var encoder: JPEGEncoder

    /// Creates the plugin.
    public init(decoderOptions: JPEGDecoder.Options = .init(), encoder: JPEGEncoder = JPEGEncoder()) {
        self.decoderOptions = decoderOptions
        self.encoder = encoder
    }

    /// `nuke.jpeg`.
    public var id: PluginID { "nuke.jpeg" }

    /// Registers the decoder factory, the encoder and the metadata editor.
    public func register(in registry: inout PluginRegistry) {
        let options = decoderOptions
        registry.register(Capabilities.Decoding.self, id: "nuke.jpeg.decoder", for: [.jpeg]) { context in
            JPEGDecoder(context: context, options: options)
        }
        registry.register(Capabilities.Encoding.self, id: "nuke.jpeg.encoder", for: [.jpeg], encoder)
        registry.register(
            Capabilities.MetadataEditing.self,
            id: "nuke.jpeg.metadata",
            for: [.jpeg],
            JPEGMetadataEditor()
        )
    }
}
