extension PluginRegistry {
    /// Every default plugin: the JPEG, PNG, GIF and WebP decoders and encoders, the processors
    /// and filters, and the libcurl loader for `http` and `https`.
    ///
    /// One registry for the process, so every pipeline made from it shares one
    /// `CurlDataLoader` (one connection pool, one loader thread).
    public static let defaultPlugins: PluginRegistry = {
        var registry = PluginRegistry()
        registry.install(JPEGPlugin())
        registry.install(PNGPlugin())
        registry.install(GIFPlugin())
        registry.install(WebPPlugin())
        registry.install(ProcessorsPlugin())
        registry.install(FiltersPlugin())
        registry.install(CurlPlugin())
        return registry
    }()
}
