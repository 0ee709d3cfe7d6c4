// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

internal import CNukeLibJXL
public import NukeCore

/// Registers NukeJXL's decoder and encoder for `AssetType.jxl` (a built-in format: every registry
/// recognises JPEG XL codestreams and containers, `image/jxl` and `.jxl`).
public struct JXLPlugin: NukePlugin {
    /// The encoder registered for JPEG XL.
    public var encoder: JXLEncoder

    /// Creates the plugin.
    public init(encoder: JXLEncoder = JXLEncoder()) {
        self.encoder = encoder
    }

    /// `nuke.jxl`.
    public var id: PluginID { "nuke.jxl" }

    /// Registers the decoder factory and the encoder.
    public func register(in registry: inout PluginRegistry) {
        registry.register(Capabilities.Decoding.self, id: "nuke.jxl.decoder", for: [.jxl]) { context in
            JXLDecoder(context: context)
        }
        registry.register(Capabilities.Encoding.self, id: "nuke.jxl.encoder", for: [.jxl], encoder)
    }

    /// The version of the libjxl loaded at run time, such as `"0.7.0"`.
    public static var libraryVersion: String {
        let version = JxlDecoderVersion()
        return "\(version / 1_000_000).\(version / 1000 % 1000).\(version % 1000)"
    }
}
