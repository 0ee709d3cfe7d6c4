// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

internal import CNukeLibAVIF
public import NukeCore

/// Registers NukeAVIF's decoder and encoder for `AssetType.avif` (a built-in format: every
/// registry recognises the `ftyp` brands `avif` and `avis`, `image/avif` and `.avif`).
public struct AVIFPlugin: NukePlugin {
    /// The encoder registered for AVIF.
    public var encoder: AVIFEncoder
    /// What the registered decoders keep besides the pixels.
    public var decoderOptions: AVIFDecoder.Options

    /// Creates the plugin.
    public init(encoder: AVIFEncoder = AVIFEncoder(), decoderOptions: AVIFDecoder.Options = AVIFDecoder.Options()) {
        self.encoder = encoder
        self.decoderOptions = decoderOptions
    }

    /// `nuke.avif`.
    public var id: PluginID { "nuke.avif" }

    /// Registers the decoder factory and the encoder.
    public func register(in registry: inout PluginRegistry) {
        let options = decoderOptions
        registry.register(Capabilities.Decoding.self, id: "nuke.avif.decoder", for: [.avif]) { context in
            AVIFDecoder(context: context, options: options)
        }
        registry.register(Capabilities.Encoding.self, id: "nuke.avif.encoder", for: [.avif], encoder)
    }

    /// The version of the libavif loaded at run time, with its codecs, such as
    /// `"0.11.1 (dav1d [dec]:1.0.0, aom [enc/dec]:v3.6.0)"`.
    public static var libraryVersion: String {
        var codecs = [CChar](repeating: 0, count: 256)
        avifCodecVersions(&codecs)
        let names = String(decoding: codecs.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return String(cString: avifVersion()) + (names.isEmpty ? "" : " (\(names))")
    }
}
