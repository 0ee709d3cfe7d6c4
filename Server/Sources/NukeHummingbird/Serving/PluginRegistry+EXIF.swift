// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

public import Nuke

extension PluginRegistry {
    /// Installs NukeJPEG with `JPEGDecoder.Options.keepsEXIF` on (its other options and encoder
    /// at their defaults), so that a proxy over a pipeline of this registry can keep a source's
    /// EXIF in results (``KeptMetadata``, imgproxy's `sm` and `kcr`); without it results keep
    /// none.
    public mutating func installJPEGKeepingEXIF() {
        var options = JPEGDecoder.Options()
        options.keepsEXIF = true
        install(JPEGPlugin(decoderOptions: options))
    }
}
