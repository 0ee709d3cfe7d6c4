// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

#if canImport(FoundationEssentials)
    public import FoundationEssentials
#else
    public import Foundation
#endif

extension PluginRegistry {
    /// Registers a format, so that its bytes, MIME types and file extensions are recognised as its
    /// type; replaces any earlier registration with the same ID.
    ///
    /// - Parameters:
    ///   - format: The format.
    ///   - id: The registration's identity; defaults to `nuke.format.<type>`, the ID the built-in
    ///     formats use, so registering a built-in type replaces the built-in description.
    public mutating func register(_ format: ImageFormat, id: PluginID? = nil) {
        register(
            Capabilities.FormatDetection.self,
            id: id ?? PluginRegistry.formatID(format.type),
            for: [format.type],
            format
        )
    }

    /// The registered formats, in the order they are asked: newest first, built-in ones last.
    public var formats: [ImageFormat] {
        registrations(Capabilities.FormatDetection.self).map(\.provider)
    }

    /// The newest format registered for `type`.
    public func format(_ type: AssetType) -> ImageFormat? {
        providers(Capabilities.FormatDetection.self, for: type).first
    }

    /// The type of the first registered format (newest first) whose sniffer recognises `data`.
    public func assetType(sniffing data: Data) -> AssetType? {
        formats.first { $0.matches(data) }?.type
    }

    /// The type of the newest format listing `mimeType` (parameters and case ignored).
    public func assetType(mimeType: String) -> AssetType? {
        formats.first(named: mimeType, by: \.mimeTypes)?.type
    }

    /// The type of the newest format listing `fileExtension` (without the dot, case ignored).
    public func assetType(fileExtension: String) -> AssetType? {
        formats.first(named: fileExtension, by: \.fileExtensions)?.type
    }

    /// The format of some data: recognised from its bytes, else from the response's MIME type,
    /// else from the extension of the URL's path.
    ///
    /// - Parameters:
    ///   - data: The data, or its first bytes.
    ///   - mimeType: The MIME type the server sent, if any.
    ///   - url: The address the data came from, if any.
    public func assetType(of data: Data, mimeType: String? = nil, url: URL? = nil) -> AssetType? {
        if let type = assetType(sniffing: data) { return type }
        if let mimeType, let type = assetType(mimeType: mimeType) { return type }
        if let pathExtension = url?.pathExtension, !pathExtension.isEmpty {
            return assetType(fileExtension: pathExtension)
        }
        return nil
    }

    /// Registers ``ImageFormat/builtIn``, the first asked last.
    mutating func registerBuiltInFormats() {
        for format in ImageFormat.builtIn.reversed() {
            register(format)
        }
    }

    /// A registry with the built-in formats only, built once.
    static let builtInFormats = PluginRegistry()

    static func formatID(_ type: AssetType) -> PluginID {
        PluginID(rawValue: "nuke.format.\(type.rawValue)")
    }
}
