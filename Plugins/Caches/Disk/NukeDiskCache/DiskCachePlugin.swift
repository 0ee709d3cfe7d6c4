// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

public import NukeCore

/// Registers a disk cache under a name, so that a configuration picks it by
/// `ImagePipeline.Configuration.dataCacheName`, as NukeRedis' plugin registers a shared one.
///
/// ```swift
/// var registry = PluginRegistry.defaultPlugins
/// registry.install(DiskCachePlugin(name: "photos", cache: try DataCache(name: "photos")))
/// let pipeline = ImagePipeline { $0.registry = registry; $0.dataCacheName = "photos" }
/// ```
public struct DiskCachePlugin: NukePlugin {
    /// The name the cache is registered under.
    public let name: String
    /// The cache registered.
    public let cache: DataCache

    /// A plugin that registers `cache` under `name`.
    public init(name: String, cache: DataCache) {
        self.name = name
        self.cache = cache
    }

    /// `nuke.disk-cache.<name>`: one registration per name, so caches under two names coexist.
    public var id: PluginID { PluginID(rawValue: "nuke.disk-cache.\(name)") }

    /// Registers ``cache`` under `Capabilities.DiskCaching` for ``name``.
    public func register(in registry: inout PluginRegistry) {
        registry.register(Capabilities.DiskCaching.self, id: id, for: [name], cache)
    }
}
