// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

internal import CNukeLibHEIF
public import NukeCore

/// Registers NukeHEIF's decoder for `AssetType.heic` (a built-in format: every registry
/// recognises HEIF files by their `ftyp` brands, `image/heic`, `image/heif`, `.heic` and `.heif`).
public struct HEIFPlugin: NukePlugin {
    /// What the registered decoders keep besides the pixels.
    public var decoderOptions: HEIFDecoder.Options

    /// Creates the plugin.
    public init(decoderOptions: HEIFDecoder.Options = HEIFDecoder.Options()) {
        self.decoderOptions = decoderOptions
    }

    /// `nuke.heif`.
    public var id: PluginID { "nuke.heif" }

    /// Registers the decoder factory.
    public func register(in registry: inout PluginRegistry) {
        let options = decoderOptions
        registry.register(Capabilities.Decoding.self, id: "nuke.heif.decoder", for: [.heic]) { context in
            HEIFDecoder(context: context, options: options)
        }
    }

    /// The version of the libheif loaded at run time, such as `"1.15.1"`.
    public static var libraryVersion: String {
        String(cString: heif_get_version())
    }
}
