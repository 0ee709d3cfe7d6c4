// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

import Foundation

/// A result's `Content-Disposition` (imgproxy's `fn:` and `att:`): inline or attachment, with a
/// file name that cannot break out of the header.
///
/// The name is the one asked for, else the source's last path component, without its
/// extension, followed by the result format's. It is sent twice, as RFC 6266 advises: as
/// `filename` in printable ASCII (anything else becomes `_`, quotes and backslashes escaped)
/// and as `filename*`, UTF-8 percent-encoded.
struct ContentDisposition: Hashable, Sendable {
    /// The name asked for with `fn:`, without extension; `nil` to take the source's.
    var filename: String?
    /// `attachment` (`att:1`: browsers download) rather than `inline`.
    var isAttachment: Bool

    /// The longest name kept, in characters (longer ones are cut).
    static let maximumNameLength = 200

    /// The header's value for a result of `format` made from `source`.
    func headerValue(source: URL, format: OutputFormat) -> String {
        let stem = filename ?? Self.stem(of: source)
        let name = String((stem.isEmpty ? "image" : stem).prefix(Self.maximumNameLength)) + "." + format.fileExtension
        let kind = isAttachment ? "attachment" : "inline"
        return "\(kind); filename=\"\(Self.asciiFallback(name))\"; filename*=UTF-8''\(Self.percentEncoded(name))"
    }

    /// The source's last path component without its extension (empty for none).
    private static func stem(of source: URL) -> String {
        let last = source.lastPathComponent
        guard last != "/" else { return "" }
        guard let dot = last.lastIndex(of: "."), dot != last.startIndex else { return last }
        return String(last[..<dot])
    }

    /// Printable ASCII only, for the quoted `filename`: other characters become `_`; `"` and `\`
    /// are escaped.
    private static func asciiFallback(_ name: String) -> String {
        var result = ""
        for scalar in name.unicodeScalars {
            switch scalar.value {
            case 0x22, 0x5C: result += "\\" + String(scalar)
            case 0x20...0x7E: result.unicodeScalars.append(scalar)
            default: result += "_"
            }
        }
        return result
    }

    /// RFC 5987's `attr-char` kept, every other byte of the UTF-8 as `%XX`.
    private static func percentEncoded(_ name: String) -> String {
        var result = ""
        for byte in name.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"):
                result.unicodeScalars.append(Unicode.Scalar(byte))
            case _ where "!#$&+-.^_`|~".utf8.contains(byte):
                result.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                result += String(format: "%%%02X", byte)
            }
        }
        return result
    }
}
