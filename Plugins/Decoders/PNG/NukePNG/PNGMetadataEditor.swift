// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

internal import CNukePNG
internal import NukeCore
public import NukeImaging

#if canImport(FoundationEssentials)
    public import FoundationEssentials
#else
    public import Foundation
#endif

/// Edits a PNG's metadata chunks: `eXIf` (EXIF), `iTXt` with the `XML:com.adobe.xmp` keyword
/// (XMP), `iCCP` (the ICC profile), and as `MetadataKinds.other` the remaining text chunks
/// (`tEXt`, `zTXt`, `iTXt`) and `tIME`. Every other chunk, APNG's included, is kept; new chunks go
/// right after `IHDR`, before the image data.
public struct PNGMetadataEditor: ImageMetadataEditing {
    /// Creates the editor.
    public init() {}

    /// The file without the chunks of `kinds`.
    public func removing(_ kinds: MetadataKinds, from data: Data) throws(MetadataEditingError) -> Data {
        Data(try PNGChunks([UInt8](data)).rebuilt(removing: kinds, inserting: []))
    }

    /// The file with one `eXIf` chunk holding `exif`.
    public func settingEXIF(_ exif: Data, in data: Data) throws(MetadataEditingError) -> Data {
        let chunk = exif.isEmpty ? [] : try PNGChunks.chunk("eXIf", [UInt8](exif))
        return Data(try PNGChunks([UInt8](data)).rebuilt(removing: .exif, inserting: chunk))
    }

    /// The file with one `iCCP` chunk holding `profile`, compressed; an `sRGB` chunk, which must
    /// not stand beside it, is dropped.
    public func settingICCProfile(_ profile: Data, in data: Data) throws(MetadataEditingError) -> Data {
        let file = try PNGChunks([UInt8](data))
        guard !profile.isEmpty else { return Data(file.rebuilt(removing: .iccProfile, inserting: [])) }
        let compressed = [UInt8](profile).withUnsafeBufferPointer { bytes -> [UInt8]? in
            var output: UnsafeMutablePointer<UInt8>?
            var size = 0
            guard nuke_png_compress(bytes.baseAddress, bytes.count, &output, &size) == NUKE_PNG_OK, let output else {
                return nil
            }
            defer { nuke_png_free(output) }
            return Array(UnsafeBufferPointer(start: output, count: size))
        }
        guard let compressed else {
            throw MetadataEditingError(format: "PNG", reason: .tooLarge(size: profile.count, limit: Int(UInt32.max)))
        }
        let chunk = try PNGChunks.chunk("iCCP", Array("ICC profile\0\0".utf8) + compressed)
        return Data(file.rebuilt(removing: .iccProfile, dropping: ["sRGB"], inserting: chunk))
    }
}

/// A PNG's chunks up to `IEND`, each with the kind of metadata it holds.
struct PNGChunks {
    private static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    /// The largest chunk payload the format allows.
    private static let maximumLength = Int(Int32.max)

    private let bytes: [UInt8]
    /// Each chunk's type and its bytes from length to CRC.
    private var chunks: [(type: String, range: Range<Int>)] = []

    init(_ bytes: [UInt8]) throws(MetadataEditingError) {
        self.bytes = bytes
        guard bytes.starts(with: Self.signature) else { throw Self.malformed("no PNG signature") }
        var offset = Self.signature.count
        while offset + 12 <= bytes.count {
            let length = bytes.bigEndianInteger(at: offset, size: 4)
            guard length <= Self.maximumLength, offset + 12 + length <= bytes.count else {
                throw Self.malformed("chunk past the end")
            }
            let type = String(decoding: bytes[(offset + 4)..<(offset + 8)], as: UTF8.self)
            guard !chunks.isEmpty || type == "IHDR" else { throw Self.malformed("no IHDR chunk first") }
            chunks.append((type, offset..<(offset + 12 + length)))
            offset += 12 + length
            if type == "IEND" { return }
        }
        throw Self.malformed("no IEND chunk")
    }

    /// A chunk of `type` holding `payload`, with its CRC.
    static func chunk(_ type: String, _ payload: [UInt8]) throws(MetadataEditingError) -> [UInt8] {
        guard payload.count <= maximumLength else {
            throw MetadataEditingError(format: "PNG", reason: .tooLarge(size: payload.count, limit: maximumLength))
        }
        let typeAndPayload = Array(type.utf8) + payload
        let crc = typeAndPayload.withUnsafeBufferPointer { nuke_png_crc32($0.baseAddress, $0.count) }
        return .bigEndian(payload.count, size: 4) + typeAndPayload + .bigEndian(Int(crc), size: 4)
    }

    /// The file without the chunks of `kinds` or of the types in `dropped`, with `insertion`
    /// right after `IHDR`.
    func rebuilt(removing kinds: MetadataKinds, dropping dropped: Set<String> = [], inserting insertion: [UInt8])
        -> [UInt8]
    {
        var output = Self.signature
        for (index, chunk) in chunks.enumerated()
        where kinds.isDisjoint(with: kind(of: chunk)) && !dropped.contains(chunk.type) {
            output += bytes[chunk.range]
            if index == 0 { output += insertion }
        }
        return output
    }

    private func kind(of chunk: (type: String, range: Range<Int>)) -> MetadataKinds {
        switch chunk.type {
        case "eXIf": .exif
        case "iCCP": .iccProfile
        case "iTXt" where bytes[(chunk.range.lowerBound + 8)...].starts(with: "XML:com.adobe.xmp\0".utf8): .xmp
        case "tEXt", "zTXt", "iTXt", "tIME": .other
        default: []
        }
    }

    private static func malformed(_ detail: String) -> MetadataEditingError {
        MetadataEditingError(format: "PNG", reason: .malformed(detail))
    }
}
