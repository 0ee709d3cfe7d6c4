// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

// With `import Nuke`, every default configuration starts with the default plugins.
//
// Swift has no module initialisers, so the umbrella cannot change NukeCore's defaults when it is
// loaded. Instead it declares the entry points again: a declaration in a module that imports
// another module shadows one with the same signature there, so code that imports `Nuke` calls
// these. Each does what NukeCore's does, starting from ``PluginRegistry/defaultPlugins``.
// See Docs/Decisions/0012-umbrella-and-command-line.md.

extension ImagePipeline.Configuration {
    /// The default configuration: every default plugin, the shared memory cache
    /// (`ImageCache.shared`) and the shared HTTP cache (`HTTPCache.shared`).
    public init() {
        self.init(registry: .defaultPlugins)
        httpCache = HTTPCache.shared
    }

    /// The default configuration with a `DataCache` named `nuke.data-cache` in this program's
    /// folder under the user's cache directory and no HTTP cache.
    public static var withDataCache: ImagePipeline.Configuration { withDataCache() }

    /// The default configuration with a `DataCache` in this program's folder under the user's
    /// cache directory (`DataCache.applicationCachesDirectory`) and no HTTP cache.
    ///
    /// - Parameters:
    ///   - name: the cache's directory name.
    ///   - sizeLimit: its size limit in bytes; `nil` for the default (150 MiB).
    public static func withDataCache(name: String = "nuke.data-cache", sizeLimit: Int? = nil) -> Self {
        var configuration = ImagePipeline.Configuration()
        configuration.useDataCache(name: name, sizeLimit: sizeLimit)
        return configuration
    }
}

extension ImagePipeline {
    /// The pipeline used when none is given, configured with every default plugin until you set
    /// another.
    public nonisolated static var shared: ImagePipeline {
        get { shared(default: ImagePipeline(configuration: Configuration())) }
        set { setShared(newValue) }
    }

    /// Creates a pipeline with the default configuration (every default plugin).
    public nonisolated convenience init(delegate: (any Delegate)? = nil) {
        self.init(configuration: Configuration(), delegate: delegate)
    }

    /// Creates a pipeline from the default configuration (every default plugin) changed by
    /// `configure`.
    public nonisolated convenience init(delegate: (any Delegate)? = nil, _ configure: (inout Configuration) -> Void) {
        var configuration = Configuration()
        configure(&configuration)
        self.init(configuration: configuration, delegate: delegate)
    }
}

extension ImagePrefetcher {
    /// Creates a prefetcher that loads through ``ImagePipeline/shared``.
    ///
    /// - Parameters:
    ///   - destination: the memory cache (decode and process) or the disk cache (download only).
    ///   - maxConcurrentRequestCount: the most prefetches running at once (default 2).
    public convenience init(destination: Destination = .memoryCache, maxConcurrentRequestCount: Int = 2) {
        self.init(
            pipeline: ImagePipeline.shared,
            destination: destination,
            maxConcurrentRequestCount: maxConcurrentRequestCount
        )
    }
}
