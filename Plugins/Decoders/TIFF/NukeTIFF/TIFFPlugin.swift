// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

internal import CNukeLibTIFF
public import NukeCore

/// Registers NukeTIFF's decoder and encoder for `AssetType.tiff` (a built-in format: every
/// registry recognises TIFF's two byte orders and BigTIFF, `image/tiff` and `.tif`/`.tiff`).
public struct TIFFPlugin: NukePlugin {
    /// The encoder registered for TIFF.
    public var encoder: TIFFEncoder

    /// Creates the plugin.
    public init(encoder: TIFFEncoder = TIFFEncoder()) {
        self.encoder = encoder
    }

    /// `nuke.tiff`.
    public var id: PluginID { "nuke.tiff" }

    /// Registers the decoder factory and the encoder.
    public func register(in registry: inout PluginRegistry) {
        registry.register(Capabilities.Decoding.self, id: "nuke.tiff.decoder", for: [.tiff]) { context in
            TIFFDecoder(context: context)
        }
        registry.register(Capabilities.Encoding.self, id: "nuke.tiff.encoder", for: [.tiff], encoder)
    }

    /// The version of the libtiff loaded at run time, such as `"4.5.0"`.
    public static var libraryVersion: String {
        // "LIBTIFF, Version 4.5.0\nCopyright …": the number after "Version ".
        let text = String(cString: TIFFGetVersion())
        let afterVersion = text.split(separator: "Version ").dropFirst().first ?? ""
        return String(afterVersion.prefix { $0.isNumber || $0 == "." })
    }
}
