// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

#if canImport(FoundationEssentials)
    public import FoundationEssentials
#else
    public import Foundation
#endif

extension AssetType {
    /// Recognises one of the built-in formats (``ImageFormat/builtIn``) from its leading bytes.
    ///
    /// Returns `nil` for data too short to tell and for other formats; a registry also knows the
    /// formats its plugins registered (``PluginRegistry/assetType(sniffing:)``). GIF needs the full
    /// `GIF87a`/`GIF89a` signature; ISO-BMFF files (HEIC, AVIF, MP4…) are told apart by their
    /// `ftyp` brands.
    ///
    /// - Parameter data: The first bytes of the file (16 are enough for most formats, ISO-BMFF
    ///   files may need their whole `ftyp` box).
    public init?(_ data: Data) {
        guard let format = ImageFormat.builtIn.first(where: { $0.matches(data) }) else { return nil }
        self = format.type
    }

    /// Maps a MIME type such as `image/jpeg` (parameters and case ignored) to a built-in format,
    /// or returns `nil`.
    ///
    /// Used as a fallback when the magic bytes are not recognised.
    public init?(mimeType: String) {
        guard let format = ImageFormat.builtIn.first(named: mimeType, by: \.mimeTypes) else { return nil }
        self = format.type
    }
}

extension Sequence<ImageFormat> {
    /// The first format listing `name` (a MIME type or a file extension, compared case-insensitively,
    /// MIME parameters ignored) in the names at `names`.
    func first(named name: String, by names: KeyPath<ImageFormat, [String]>) -> ImageFormat? {
        let essence = (name.split(separator: ";").first.map(String.init) ?? "").trimmingWhitespace().lowercased()
        guard !essence.isEmpty else { return nil }
        return first { $0[keyPath: names].contains(essence) }
    }
}
