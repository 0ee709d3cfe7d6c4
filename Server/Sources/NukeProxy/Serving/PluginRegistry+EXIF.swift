// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

public import Nuke

extension PluginRegistry {
    /// Installs NukeJPEG, NukePNG, NukeWebP, NukeHEIF and NukeAVIF with their decoders'
    /// `keepsEXIF` on (their other options and encoders at their defaults), so that a proxy over
    /// a pipeline of this registry can keep a source's EXIF in results (``KeptMetadata``,
    /// imgproxy's `sm` and `kcr`); without it results keep none.
    public mutating func installDecodersKeepingEXIF() {
        var jpeg = JPEGDecoder.Options()
        jpeg.keepsEXIF = true
        install(JPEGPlugin(decoderOptions: jpeg))
        var png = PNGDecoder.Options()
        png.keepsEXIF = true
        install(PNGPlugin(decoderOptions: png))
        var webP = WebPDecoder.Options()
        webP.keepsEXIF = true
        install(WebPPlugin(decoderOptions: webP))
        var heif = HEIFDecoder.Options()
        heif.keepsEXIF = true
        install(HEIFPlugin(decoderOptions: heif))
        var avif = AVIFDecoder.Options()
        avif.keepsEXIF = true
        install(AVIFPlugin(decoderOptions: avif))
    }
}
