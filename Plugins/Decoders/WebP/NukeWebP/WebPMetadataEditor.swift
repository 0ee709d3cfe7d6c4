// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

internal import CNukeLibWebP
public import NukeImaging

#if canImport(FoundationEssentials)
    public import FoundationEssentials
#else
    public import Foundation
#endif

/// Edits a WebP's metadata chunks — `EXIF`, `XMP ` and `ICCP` — through libwebpmux, which also
/// keeps the `VP8X` header and its flags right: a simple (`VP8 `/`VP8L`) file given metadata
/// becomes an extended one. Frames, alpha and animation parameters are kept; WebP has no other
/// kind of metadata.
public struct WebPMetadataEditor: ImageMetadataEditing {
    /// Creates the editor.
    public init() {}

    private static let chunks: [(fourCC: String, kind: MetadataKinds)] = [
        ("ICCP", .iccProfile), ("EXIF", .exif), ("XMP ", .xmp),
    ]

    /// The file without the chunks of `kinds`.
    public func removing(_ kinds: MetadataKinds, from data: Data) throws(MetadataEditingError) -> Data {
        try Self.remux(data, removing: kinds, setting: nil)
    }

    /// The file with one `EXIF` chunk holding `exif`.
    public func settingEXIF(_ exif: Data, in data: Data) throws(MetadataEditingError) -> Data {
        try Self.remux(data, removing: .exif, setting: exif.isEmpty ? nil : ("EXIF", exif))
    }

    /// The file with one `ICCP` chunk holding `profile`.
    public func settingICCProfile(_ profile: Data, in data: Data) throws(MetadataEditingError) -> Data {
        try Self.remux(data, removing: .iccProfile, setting: profile.isEmpty ? nil : ("ICCP", profile))
    }

    /// `data` reassembled without the chunks of `kinds`, and with `chunk` when given.
    private static func remux(_ data: Data, removing kinds: MetadataKinds, setting chunk: (String, Data)?)
        throws(MetadataEditingError) -> Data
    {
        var assembled = WebPData()
        defer { WebPDataClear(&assembled) }
        let status = data.withUnsafeBytes { image -> WebPMuxError in
            var bitstream = WebPData(bytes: image.baseAddress?.assumingMemoryBound(to: UInt8.self), size: image.count)
            guard let mux = WebPMuxCreate(&bitstream, 0) else { return WEBP_MUX_BAD_DATA }
            defer { WebPMuxDelete(mux) }
            for (fourCC, kind) in chunks where kinds.contains(kind) {
                let deleted = WebPMuxDeleteChunk(mux, fourCC)
                guard deleted == WEBP_MUX_OK || deleted == WEBP_MUX_NOT_FOUND else { return deleted }
            }
            if let (fourCC, payload) = chunk {
                let set = payload.withUnsafeBytes { payload in
                    var chunk = WebPData(
                        bytes: payload.baseAddress?.assumingMemoryBound(to: UInt8.self),
                        size: payload.count
                    )
                    return WebPMuxSetChunk(mux, fourCC, &chunk, 1)
                }
                guard set == WEBP_MUX_OK else { return set }
            }
            return WebPMuxAssemble(mux, &assembled)
        }
        guard status == WEBP_MUX_OK, let bytes = assembled.bytes else {
            let detail =
                status == WEBP_MUX_BAD_DATA ? "libwebpmux cannot read it" : "libwebpmux status \(status.rawValue)"
            throw MetadataEditingError(format: "WebP", reason: .malformed(detail))
        }
        return Data(bytes: bytes, count: assembled.size)
    }
}
