// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

public import NukeCore

/// Registers an ``ObjectStorageDataLoader`` for `s3` and `gs` URLs.
///
/// ```swift
/// var registry = PluginRegistry()
/// registry.install(CurlPlugin())
/// registry.install(
///     ObjectStoragePlugin(loader: ObjectStorageDataLoader(endpoint: .aws(region: "us-east-1"), credentials: nil))
/// )
/// ```
public struct ObjectStoragePlugin: NukePlugin {
    /// The loader registered.
    public let loader: ObjectStorageDataLoader

    /// Creates the plugin with `loader`.
    public init(loader: ObjectStorageDataLoader) {
        self.loader = loader
    }

    /// `nuke.object-storage`.
    public var id: PluginID { "nuke.object-storage" }

    /// Registers the loader for `s3` and `gs`.
    public func register(in registry: inout PluginRegistry) {
        registry.register(
            Capabilities.Loading.self,
            id: "nuke.object-storage.loader",
            for: ObjectLocation.schemes,
            loader
        )
    }
}
