// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

public import NukeCore

/// Registers a ``RedisDataCache`` as the disk cache named `redis`.
///
/// ```swift
/// var registry = PluginRegistry()
/// registry.install(RedisPlugin(cache: RedisDataCache(configuration: try .init(url: "redis://127.0.0.1"))))
/// let shared = registry.dataCache(named: "redis")
/// ```
public struct RedisPlugin: NukePlugin {
    /// The cache registered.
    public let cache: RedisDataCache

    /// Creates the plugin with a cache.
    public init(cache: RedisDataCache) {
        self.cache = cache
    }

    /// `nuke.redis`.
    public var id: PluginID { "nuke.redis" }

    /// Registers the cache under the disk-caching capability as `redis`.
    public func register(in registry: inout PluginRegistry) {
        registry.register(Capabilities.DiskCaching.self, id: "nuke.redis.cache", for: ["redis"], cache)
    }
}
