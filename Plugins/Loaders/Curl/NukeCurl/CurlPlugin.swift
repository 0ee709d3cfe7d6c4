// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

public import NukeCore

/// Registers a ``CurlDataLoader`` for `http` and `https` URLs.
///
/// ```swift
/// var registry = PluginRegistry()
/// registry.install(CurlPlugin())
/// ```
public struct CurlPlugin: NukePlugin {
    /// The loader registered; shared by every pipeline using the registry.
    public let loader: CurlDataLoader

    /// Creates the plugin with a new loader.
    public init(configuration: CurlDataLoader.Configuration = CurlDataLoader.Configuration()) {
        self.loader = CurlDataLoader(configuration: configuration)
    }

    /// Creates the plugin with an existing loader.
    public init(loader: CurlDataLoader) {
        self.loader = loader
    }

    /// `nuke.curl`.
    public var id: PluginID { "nuke.curl" }

    /// Registers the loader for `http` and `https`.
    public func register(in registry: inout PluginRegistry) {
        registry.register(Capabilities.Loading.self, id: "nuke.curl.loader", for: ["http", "https"], loader)
    }
}
