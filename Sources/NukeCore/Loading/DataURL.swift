// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

#if canImport(FoundationEssentials)
    internal import FoundationEssentials
#else
    internal import Foundation
#endif

/// A parsed `data:` URL (RFC 2397): `data:[<mediatype>][;base64],<data>`.
struct DataURL {
    /// The media type without parameters; `text/plain` when omitted, as the RFC says.
    let mimeType: String
    /// The decoded bytes.
    let data: Data

    /// Parses a `data:` URL string.
    ///
    /// - Throws: ``DataLoadingError/malformedDataURL(reason:)`` saying what is wrong.
    init(_ string: String) throws(DataLoadingError) {
        guard string.count >= 5, string.prefix(5).lowercased() == "data:" else {
            throw .malformedDataURL(reason: "does not start with 'data:'")
        }
        let rest = string.dropFirst(5)
        guard let comma = rest.firstIndex(of: ",") else {
            throw .malformedDataURL(reason: "missing ',' before the data")
        }
        let header = rest[..<comma]
        let payload = rest[rest.index(after: comma)...]
        var parameters = header.split(separator: ";", omittingEmptySubsequences: false).map(String.init)
        let isBase64 = parameters.last?.lowercased() == "base64"
        if isBase64 { parameters.removeLast() }
        let mediaType = parameters.first ?? ""
        self.mimeType = mediaType.isEmpty ? "text/plain" : mediaType.lowercased()
        guard let bytes = DataURL.percentDecode(payload) else {
            throw .malformedDataURL(reason: "invalid percent-encoding in the data")
        }
        if isBase64 {
            let text = String(decoding: bytes, as: UTF8.self).filter { !$0.isWhitespace }
            let padded = text + String(repeating: "=", count: (4 - text.count % 4) % 4)
            guard let decoded = Data(base64Encoded: padded) else {
                throw .malformedDataURL(reason: "invalid base64 data")
            }
            self.data = decoded
        } else {
            self.data = Data(bytes)
        }
    }

    private static func percentDecode(_ text: Substring) -> [UInt8]? {
        var output: [UInt8] = []
        output.reserveCapacity(text.utf8.count)
        var iterator = text.utf8.makeIterator()
        while let byte = iterator.next() {
            guard byte == UInt8(ascii: "%") else {
                output.append(byte)
                continue
            }
            guard let high = iterator.next().flatMap(hexValue), let low = iterator.next().flatMap(hexValue) else {
                return nil
            }
            output.append(high << 4 | low)
        }
        return output
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
