// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

#if canImport(FoundationEssentials)
    public import FoundationEssentials
#else
    public import Foundation
#endif

/// What the registry knows of an image format: how to recognise its bytes, and the MIME types and
/// file extensions that name it.
///
/// Register one with ``PluginRegistry/register(_:id:)`` (or as the
/// ``Capabilities/FormatDetection`` capability) so that the pipeline recognises the format and
/// asks the decoders registered for its ``AssetType``. The built-in formats are ``builtIn``.
///
/// ```swift
/// let ppm = ImageFormat("ppm", mimeTypes: ["image/x-portable-pixmap"], fileExtensions: ["ppm"], sniffer: .magic("P6"))
/// ```
public struct ImageFormat: Sendable, CustomStringConvertible {
    /// The format's asset type; decoders and encoders are registered for it.
    public var type: AssetType
    /// The MIME types naming the format, lower-cased; the first is the one to send.
    public var mimeTypes: [String]
    /// The file extensions naming the format, lower-cased, without the dot; the first is the one
    /// to write.
    public var fileExtensions: [String]
    /// Recognises the format's bytes; `nil` for formats known only by MIME type or extension.
    public var sniffer: Sniffer?

    /// Creates a format description.
    ///
    /// - Parameters:
    ///   - type: The asset type.
    ///   - mimeTypes: MIME types, preferred first (compared case-insensitively).
    ///   - fileExtensions: File extensions without the dot, preferred first (compared
    ///     case-insensitively).
    ///   - sniffer: How to recognise the bytes, or `nil`.
    public init(_ type: AssetType, mimeTypes: [String] = [], fileExtensions: [String] = [], sniffer: Sniffer?) {
        self.type = type
        self.mimeTypes = mimeTypes.map { $0.lowercased() }
        self.fileExtensions = fileExtensions.map { $0.lowercased() }
        self.sniffer = sniffer
    }

    /// The preferred MIME type, if any.
    public var mimeType: String? { mimeTypes.first }

    /// The preferred file extension, if any.
    public var fileExtension: String? { fileExtensions.first }

    /// `true` if the sniffer recognises `data`.
    public func matches(_ data: Data) -> Bool {
        sniffer?.matches(data) ?? false
    }

    /// The asset type's name.
    public var description: String { type.rawValue }
}
