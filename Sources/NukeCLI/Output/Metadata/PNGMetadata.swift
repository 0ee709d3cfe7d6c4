// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

/// PNG: drops text (`tEXt`, `zTXt`, `iTXt`), EXIF (`eXIf`), the ICC profile (`iCCP`) and the
/// modification time (`tIME`); keeps every other chunk, APNG's included.
enum PNGMetadata {
    private static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    private static let metadataChunks: Set<String> = ["tEXt", "zTXt", "iTXt", "eXIf", "iCCP", "tIME"]

    static func strip(_ bytes: [UInt8]) throws(MetadataStripper.Failure) -> [UInt8] {
        guard bytes.starts(with: signature) else { throw failure("no PNG signature") }
        var output = signature
        var offset = signature.count
        while offset + 12 <= bytes.count {
            let length = bytes[offset..<(offset + 4)].reduce(0) { $0 << 8 | Int($1) }
            guard length <= Int(Int32.max), offset + 12 + length <= bytes.count else {
                throw failure("chunk past the end")
            }
            let type = String(decoding: bytes[(offset + 4)..<(offset + 8)], as: UTF8.self)
            if !metadataChunks.contains(type) { output += bytes[offset..<(offset + 12 + length)] }
            offset += 12 + length
            if type == "IEND" { return output }
        }
        throw failure("no IEND chunk")
    }

    private static func failure(_ reason: String) -> MetadataStripper.Failure {
        MetadataStripper.Failure(description: "malformed PNG: \(reason)")
    }
}
