// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

#if canImport(FoundationEssentials)
    public import FoundationEssentials
#else
    public import Foundation
#endif

extension PluginRegistry {
    /// Asks the decoder factories for the context's asset type, newest first, then the wildcard
    /// ones; returns the first decoder offered.
    public func decoder(for context: ImageDecodingContext) -> (any ImageDecoding)? {
        let factories =
            context.assetType.map { providers(Capabilities.Decoding.self, for: $0) }
            ?? wildcardProviders(Capabilities.Decoding.self)
        for factory in factories {
            if let decoder = factory(context) { return decoder }
        }
        return nil
    }

    /// The newest encoder registered for `type`.
    public func encoder(for type: AssetType) -> (any ImageEncoding)? {
        registrations(Capabilities.Encoding.self).first { $0.keys.contains(type) }?.provider
    }

    /// The newest loader registered for the URL's scheme (compared lower-cased), then the newest
    /// wildcard loader.
    public func dataLoader(for url: URL) -> (any DataLoading)? {
        guard let scheme = url.scheme?.lowercased() else { return nil }
        return providers(Capabilities.Loading.self, for: scheme).first
    }

    /// The newest colour manager registered, if any.
    public var colorManager: (any ColorManaging)? {
        registrations(Capabilities.ColorManagement.self).first?.provider
    }

    /// The newest resampling kernel registered, if any.
    public var resamplingKernel: (any ResamplingKernel)? {
        registrations(Capabilities.Resampling.self).first?.provider
    }

    /// The memory cache registered under `name`.
    public func imageCache(named name: String) -> (any ImageCaching)? {
        providers(Capabilities.MemoryCaching.self, for: name).first
    }

    /// The disk cache registered under `name`.
    public func dataCache(named name: String) -> (any DataCaching)? {
        providers(Capabilities.DiskCaching.self, for: name).first
    }

    /// Builds the processor registered under `name` from its parameters.
    ///
    /// - Throws: ``ProcessorSpecError`` if no processor has that name (the error lists the
    ///   registered names), or whatever the processor's factory throws for bad parameters.
    public func processor(named name: String, parameters: ProcessorParameters = ProcessorParameters()) throws
        -> any ImageProcessing
    {
        guard let factory = providers(Capabilities.Processing.self, for: name).first else {
            throw ProcessorSpecError(
                spec: name,
                offset: 0,
                reason: .unknownProcessor(name: name, available: keys(Capabilities.Processing.self).sorted())
            )
        }
        return try factory(parameters)
    }
}
