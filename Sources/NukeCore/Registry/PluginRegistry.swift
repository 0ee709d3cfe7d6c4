// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

/// The table of everything plugins provide: formats, decoders, encoders, loaders, processors and
/// caches.
///
/// A value type. Build one, install plugins into it, and hand it to a pipeline through
/// ``ImagePipeline/Configuration/registry``; the pipeline keeps its own copy, so later changes to
/// your copy do not affect it, and no lookup ever takes a lock.
///
/// Each registration has a capability, a ``PluginID`` and the keys it answers for. Lookups ask
/// the newest registration first; registrations with no keys are wildcards, asked after every
/// registration for the specific key.
///
/// ```swift
/// var registry = PluginRegistry()
/// registry.install(JPEGPlugin())
/// registry.install(CurlPlugin())
/// let pipeline = ImagePipeline { $0.registry = registry }
/// ```
public struct PluginRegistry: Sendable {
    /// One registration of a capability.
    public struct Registration<C: Capability>: Sendable {
        /// The registration's identity.
        public let id: PluginID
        /// The keys it answers for; empty means every key.
        public let keys: Set<C.Key>
        /// What was registered.
        public let provider: C.Provider
    }

    private var tables: [ObjectIdentifier: any Sendable] = [:]
    private var pluginIDs: [PluginID] = []

    /// Creates a registry that knows the built-in formats (``ImageFormat/builtIn``) and nothing
    /// else: no decoders, encoders, loaders, processors or caches.
    public init() {
        registerBuiltInFormats()
    }

    /// Registers a provider of a capability.
    ///
    /// - Parameters:
    ///   - capability: The capability, such as `Capabilities.Decoding.self`.
    ///   - id: The registration's identity; an earlier registration with the same ID is replaced.
    ///   - keys: The keys it answers for; pass an empty set to answer for every key.
    ///   - provider: What to register.
    public mutating func register<C: Capability>(
        _ capability: C.Type,
        id: PluginID,
        for keys: Set<C.Key>,
        _ provider: C.Provider
    ) {
        var table = registrations(capability)
        table.removeAll { $0.id == id }
        table.insert(Registration(id: id, keys: keys, provider: provider), at: 0)
        tables[ObjectIdentifier(capability)] = table
    }

    /// Removes the registration with `id`, if any.
    public mutating func unregister<C: Capability>(_ capability: C.Type, id: PluginID) {
        var table = registrations(capability)
        table.removeAll { $0.id == id }
        tables[ObjectIdentifier(capability)] = table
    }

    /// Every registration of a capability, newest first.
    public func registrations<C: Capability>(_ capability: C.Type) -> [Registration<C>] {
        (tables[ObjectIdentifier(capability)] as? [Registration<C>]) ?? []
    }

    /// The providers answering for `key`, in the order they should be asked: registrations for
    /// the key newest first, then wildcard registrations newest first.
    public func providers<C: Capability>(_ capability: C.Type, for key: C.Key) -> [C.Provider] {
        let table = registrations(capability)
        return table.filter { $0.keys.contains(key) }.map(\.provider)
            + table.filter { $0.keys.isEmpty }.map(\.provider)
    }

    /// The wildcard providers, newest first.
    public func wildcardProviders<C: Capability>(_ capability: C.Type) -> [C.Provider] {
        registrations(capability).filter { $0.keys.isEmpty }.map(\.provider)
    }

    /// Every key registered for a capability (wildcards excluded), in no particular order.
    public func keys<C: Capability>(_ capability: C.Type) -> Set<C.Key> {
        registrations(capability).reduce(into: Set<C.Key>()) { $0.formUnion($1.keys) }
    }

    /// Installs everything a plugin provides.
    public mutating func install(_ plugin: some NukePlugin) {
        plugin.register(in: &self)
        pluginIDs.removeAll { $0 == plugin.id }
        pluginIDs.append(plugin.id)
    }

    /// The IDs of the installed plugins, in installation order.
    public var installedPlugins: [PluginID] { pluginIDs }
}

/// What every plugin module exports: a value that registers everything the module provides.
///
/// ```swift
/// public struct JPEGPlugin: NukePlugin {
///     public var id: PluginID { "nuke.jpeg" }
///     public func register(in registry: inout PluginRegistry) {
///         registry.register(Capabilities.Decoding.self, id: "nuke.decoder.jpeg", for: [.jpeg]) { ... }
///     }
/// }
/// ```
public protocol NukePlugin: Sendable {
    /// The plugin's identity.
    var id: PluginID { get }

    /// Registers the plugin's providers.
    func register(in registry: inout PluginRegistry)
}
