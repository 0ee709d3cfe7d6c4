// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

public import NukeCore

/// Registers a ``URLSessionDataLoader`` for `http` and `https` URLs.
///
/// ```swift
/// var registry = PluginRegistry()
/// registry.install(URLSessionPlugin())
/// ```
public struct URLSessionPlugin: NukePlugin {
    /// The loader registered; shared by every pipeline using the registry.
    public let loader: URLSessionDataLoader

    /// Creates the plugin with a new loader.
    public init(configuration: URLSessionDataLoader.Configuration = URLSessionDataLoader.Configuration()) {
        self.loader = URLSessionDataLoader(configuration: configuration)
    }

    /// Creates the plugin with an existing loader.
    public init(loader: URLSessionDataLoader) {
        self.loader = loader
    }

    /// `nuke.urlsession`.
    public var id: PluginID { "nuke.urlsession" }

    /// Registers the loader for `http` and `https`.
    public func register(in registry: inout PluginRegistry) {
        registry.register(Capabilities.Loading.self, id: "nuke.urlsession.loader", for: ["http", "https"], loader)
    }
}
