// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

internal import CNukeLibOpenJPEG
public import NukeCore

/// Registers NukeJPEG2000's decoder for `AssetType.jpeg2000` (a built-in format: every registry
/// recognises JP2 files and bare codestreams, `image/jp2` and `.jp2`/`.j2k`).
public struct JPEG2000Plugin: NukePlugin {
    /// Creates the plugin.
    public init() {}

    /// `nuke.jpeg2000`.
    public var id: PluginID { "nuke.jpeg2000" }

    /// Registers the decoder factory.
    public func register(in registry: inout PluginRegistry) {
        registry.register(Capabilities.Decoding.self, id: "nuke.jpeg2000.decoder", for: [.jpeg2000]) { context in
            JPEG2000Decoder(context: context)
        }
    }

    /// The version of the OpenJPEG loaded at run time, such as `"2.5.0"`.
    public static var libraryVersion: String { String(cString: opj_version()) }
}
