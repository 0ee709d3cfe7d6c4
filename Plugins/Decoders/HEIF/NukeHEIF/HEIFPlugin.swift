// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

internal import CNukeLibHEIF
public import NukeCore

/// Registers NukeHEIF's decoder for `AssetType.heic` (a built-in format: every registry
/// recognises HEIF files by their `ftyp` brands, `image/heic`, `image/heif`, `.heic` and `.heif`),
/// and its encoder when libheif has an HEVC encoder (``HEICEncoder/isAvailable``).
public struct HEIFPlugin: NukePlugin {
    /// What the registered decoders keep besides the pixels.
    public var decoderOptions: HEIFDecoder.Options
    /// The encoder registered for HEIC.
    public var encoder: HEICEncoder

    /// Creates the plugin.
    public init(decoderOptions: HEIFDecoder.Options = HEIFDecoder.Options(), encoder: HEICEncoder = HEICEncoder()) {
        self.decoderOptions = decoderOptions
        self.encoder = encoder
    }

    /// `nuke.heif`.
    public var id: PluginID { "nuke.heif" }

    /// Registers the decoder factory, and the encoder when there is an HEVC encoder.
    public func register(in registry: inout PluginRegistry) {
        let options = decoderOptions
        registry.register(Capabilities.Decoding.self, id: "nuke.heif.decoder", for: [.heic]) { context in
            HEIFDecoder(context: context, options: options)
        }
        if HEICEncoder.isAvailable {
            registry.register(Capabilities.Encoding.self, id: "nuke.heif.encoder", for: [.heic], encoder)
        }
    }

    /// The version of the libheif loaded at run time, such as `"1.15.1"`.
    public static var libraryVersion: String {
        String(cString: heif_get_version())
    }
}
