// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

internal import CNukeLibTIFF
public import NukeCore

/// Registers NukeTIFF's decoder for `AssetType.tiff` (a built-in format: every registry
/// recognises TIFF's two byte orders and BigTIFF, `image/tiff` and `.tif`/`.tiff`).
public struct TIFFPlugin: NukePlugin {
    /// Creates the plugin.
    public init() {}

    /// `nuke.tiff`.
    public var id: PluginID { "nuke.tiff" }

    /// Registers the decoder factory.
    public func register(in registry: inout PluginRegistry) {
        registry.register(Capabilities.Decoding.self, id: "nuke.tiff.decoder", for: [.tiff]) { context in
            TIFFDecoder(context: context)
        }
    }

    /// The version of the libtiff loaded at run time, such as `"4.5.0"`.
    public static var libraryVersion: String {
        // "LIBTIFF, Version 4.5.0\nCopyright …": the number after "Version ".
        let text = String(cString: TIFFGetVersion())
        let afterVersion = text.split(separator: "Version ").dropFirst().first ?? ""
        return String(afterVersion.prefix { $0.isNumber || $0 == "." })
    }
}
