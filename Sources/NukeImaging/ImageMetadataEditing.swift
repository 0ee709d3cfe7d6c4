// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

public import NukeCore

#if canImport(FoundationEssentials)
    public import FoundationEssentials
#else
    public import Foundation
#endif

/// Edits the metadata of an encoded image — removes it, or sets its EXIF or ICC profile — by
/// rewriting the file's segments or chunks, without decoding or re-encoding the pixels.
///
/// The codec plugins register one per format under `Capabilities.MetadataEditing`; the `nuke`
/// command's `--strip` and the proxy's kept EXIF use them through
/// `PluginRegistry.metadataEditor(for:)`.
///
/// ```swift
/// import Nuke
///
/// func stripped(_ jpeg: Data) throws -> Data? {
///     try PluginRegistry.defaultPlugins.metadataEditor(for: .jpeg)?.removing(.all, from: jpeg)
/// }
/// ```
public protocol ImageMetadataEditing: Sendable {
    /// `data` without the metadata of `kinds`; the pixels, frames and whatever decoding needs are
    /// kept byte for byte.
    ///
    /// - Throws: ``MetadataEditingError`` when `data` is not a whole, well-formed file of the
    ///   editor's format; nothing is half-copied.
    func removing(_ kinds: MetadataKinds, from data: Data) throws(MetadataEditingError) -> Data

    /// `data` with `exif` (a TIFF structure, as under `UserInfoKey.exifKey`) as its EXIF,
    /// replacing any it had; an empty `exif` removes it.
    ///
    /// - Throws: ``MetadataEditingError`` for a malformed file, a block the format cannot hold, or
    ///   a format that has no place for EXIF.
    func settingEXIF(_ exif: Data, in data: Data) throws(MetadataEditingError) -> Data

    /// `data` with `profile` as its ICC profile, replacing any it had; an empty `profile` removes
    /// it.
    ///
    /// - Throws: ``MetadataEditingError`` for a malformed file, a profile the format cannot hold,
    ///   or a format that has no place for one.
    func settingICCProfile(_ profile: Data, in data: Data) throws(MetadataEditingError) -> Data
}

/// The kinds of metadata an encoded image carries beside its pixels.
public struct MetadataKinds: OptionSet, Hashable, Sendable {
    /// The kinds' bits.
    public let rawValue: Int

    /// Creates a set from its bits.
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// EXIF: camera, time, place, orientation and the embedded thumbnail.
    public static let exif = MetadataKinds(rawValue: 1 << 0)
    /// XMP packets.
    public static let xmp = MetadataKinds(rawValue: 1 << 1)
    /// The ICC colour profile (removing it makes the pixels read as sRGB).
    public static let iccProfile = MetadataKinds(rawValue: 1 << 2)
    /// Everything else that does not change how pixels decode: comments, text chunks,
    /// modification times, IPTC and other applications' segments.
    public static let other = MetadataKinds(rawValue: 1 << 3)
    /// Every kind: what `nuke fetch --strip` removes.
    public static let all: MetadataKinds = [.exif, .xmp, .iccProfile, .other]
}

/// Why an encoded image's metadata could not be edited.
public struct MetadataEditingError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What went wrong.
    public enum Reason: Equatable, Sendable {
        /// The data is not a whole, well-formed file: what is wrong and where.
        case malformed(String)
        /// The metadata is larger than the format can hold.
        case tooLarge(size: Int, limit: Int)
        /// The format has no place for this kind of metadata.
        case unsupported(MetadataKinds)
    }

    /// The format's name as people write it, such as `JPEG`.
    public var format: String
    /// What went wrong.
    public var reason: Reason

    /// Creates an error.
    public init(format: String, reason: Reason) {
        self.format = format
        self.reason = reason
    }

    /// One line, such as `malformed JPEG: no SOI marker`.
    public var description: String {
        switch reason {
        case .malformed(let detail): "malformed \(format): \(detail)"
        case .tooLarge(let size, let limit): "\(format) holds at most \(limit) bytes of this metadata, not \(size)"
        case .unsupported(let kinds): "\(format) has no place for \(kinds.names)"
        }
    }
}

extension MetadataKinds {
    /// The kinds' names, for messages.
    var names: String {
        let named: [(MetadataKinds, String)] = [
            (.exif, "EXIF"), (.xmp, "XMP"), (.iccProfile, "an ICC profile"), (.other, "other metadata"),
        ]
        return named.filter { contains($0.0) }.map(\.1).joined(separator: ", ")
    }
}

extension Capabilities {
    /// Metadata editors, looked up by the `AssetType` they edit.
    public enum MetadataEditing: Capability {
        /// The format an editor rewrites.
        public typealias Key = AssetType
        /// The editor.
        public typealias Provider = any ImageMetadataEditing
    }
}

extension PluginRegistry {
    /// The newest metadata editor registered for `type`.
    public func metadataEditor(for type: AssetType) -> (any ImageMetadataEditing)? {
        providers(Capabilities.MetadataEditing.self, for: type).first
    }
}
