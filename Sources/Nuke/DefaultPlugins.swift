// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

extension PluginRegistry {
    /// Every default plugin: the JPEG, PNG, GIF, WebP, AVIF and JPEG XL decoders and encoders, the
    /// HEIF, TIFF, BMP, ICO, SVG and JPEG 2000 decoders, the Little CMS colour manager (decoded
    /// images arrive in sRGB), the processors and filters, and the libcurl loader for `http` and
    /// `https`.
    ///
    /// One registry for the process, so every pipeline made from it shares
    /// ``NukeCurl/CurlDataLoader/shared`` (one connection pool, one loader thread).
    public static let defaultPlugins: PluginRegistry = {
        var registry = PluginRegistry()
        registry.install(JPEGPlugin())
        registry.install(PNGPlugin())
        registry.install(GIFPlugin())
        registry.install(WebPPlugin())
        registry.install(AVIFPlugin())
        registry.install(HEIFPlugin())
        registry.install(JXLPlugin())
        registry.install(TIFFPlugin())
        registry.install(BMPPlugin())
        registry.install(SVGPlugin())
        registry.install(JPEG2000Plugin())
        registry.install(LCMSPlugin())
        registry.install(ProcessorsPlugin())
        registry.install(FiltersPlugin())
        registry.install(CurlPlugin(loader: .shared))
        return registry
    }()
}

extension CurlDataLoader {
    /// The loader of ``PluginRegistry/defaultPlugins``, shared by every default pipeline; use it
    /// for your own pipelines too rather than starting another loader thread.
    public static let shared = CurlDataLoader()
}
