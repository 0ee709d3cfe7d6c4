// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

public import NukeCore

extension ImagePipeline.Configuration {
    /// The default configuration with a ``DataCache`` named `nuke.data-cache` in this
    /// program's folder under the user's cache directory, and no HTTP cache: data is stored
    /// and served without validation, whatever the server's caching headers say.
    public static var withDataCache: ImagePipeline.Configuration { withDataCache() }

    /// The default configuration with a ``DataCache`` in this program's folder under the
    /// user's cache directory (``DataCache/applicationCachesDirectory``), and `httpCache` off.
    ///
    /// If the directory cannot be created, the configuration has no disk cache.
    ///
    /// - Parameters:
    ///   - name: the cache's directory name.
    ///   - sizeLimit: its size limit in bytes; `nil` for the default (150 MiB).
    public static func withDataCache(name: String = "nuke.data-cache", sizeLimit: Int? = nil) -> Self {
        var configuration = ImagePipeline.Configuration(registry: PluginRegistry())
        configuration.useDataCache(name: name, sizeLimit: sizeLimit)
        return configuration
    }

    /// Stores data in a ``DataCache`` in this program's folder under the user's cache directory
    /// (``DataCache/applicationCachesDirectory``) and turns `httpCache` off, as
    /// `withDataCache(name:sizeLimit:)` does.
    ///
    /// If the directory cannot be created, the configuration has no disk cache.
    public mutating func useDataCache(name: String = "nuke.data-cache", sizeLimit: Int? = nil) {
        dataCache = try? DataCache(name: name, sizeLimit: sizeLimit ?? DataCache.defaultSizeLimit)
        httpCache = nil
    }
}
