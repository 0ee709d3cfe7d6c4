// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

public import NukeCore

/// Registers an ``ObjectStorageDataLoader`` for `s3` URLs (or other schemes: `gs` for a loader
/// of Google Cloud Storage's XML API).
///
/// ```swift
/// var registry = PluginRegistry()
/// registry.install(CurlPlugin())
/// registry.install(
///     ObjectStoragePlugin(loader: ObjectStorageDataLoader(endpoint: .aws(region: "us-east-1"), credentials: nil))
/// )
/// let gcs = ObjectStorageDataLoader(
///     endpoint: .googleCloudStorage,
///     credentials: AWSCredentials(accessKeyID: "GOOG1E…", secretAccessKey: "…")
/// )
/// registry.install(ObjectStoragePlugin(loader: gcs, schemes: ["gs"]))
/// ```
public struct ObjectStoragePlugin: NukePlugin {
    /// The loader registered.
    public let loader: ObjectStorageDataLoader
    /// The URL schemes it is registered for.
    public let schemes: Set<String>

    /// Creates the plugin with `loader`, for `schemes` (`s3` by default; each one of
    /// ``ObjectLocation/schemes``).
    public init(loader: ObjectStorageDataLoader, schemes: Set<String> = ["s3"]) {
        self.loader = loader
        self.schemes = schemes.intersection(ObjectLocation.schemes)
    }

    /// `nuke.object-storage`, and the schemes when not only `s3`, so that one registry can hold
    /// a plugin per store.
    public var id: PluginID {
        let suffix = schemes == ["s3"] ? "" : "." + schemes.sorted().joined(separator: "+")
        return PluginID(rawValue: "nuke.object-storage" + suffix)
    }

    /// Registers the loader for its schemes.
    public func register(in registry: inout PluginRegistry) {
        registry.register(
            Capabilities.Loading.self,
            id: PluginID(rawValue: id.rawValue + ".loader"),
            for: schemes,
            loader
        )
    }
}
