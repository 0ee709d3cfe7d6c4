// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

#if canImport(FoundationEssentials)
    public import FoundationEssentials
#else
    public import Foundation
#endif

/// An object in a store: a bucket and a key, as `s3://bucket/key` names it.
public struct ObjectLocation: Hashable, Sendable, CustomStringConvertible {
    /// The bucket: 3 to 63 lowercase letters, digits, `.`, `-` and `_`, starting and ending with
    /// a letter or digit.
    public let bucket: String
    /// The key: 1 to 1,024 bytes of UTF-8, with no `.` or `..` segment (which URL normalisation
    /// would resolve into another key, or another bucket).
    public let key: String

    /// The object `key` in `bucket`, or `nil` when either breaks the rules above.
    public init?(bucket: String, key: String) {
        let allowed = Set("abcdefghijklmnopqrstuvwxyz0123456789.-_")
        guard (3...63).contains(bucket.count), bucket.allSatisfy(allowed.contains),
            let first = bucket.first, let last = bucket.last,
            first.isLetter || first.isNumber, last.isLetter || last.isNumber,
            (1...1024).contains(key.utf8.count), !key.contains(where: { $0.isNewline || $0 == "\0" }),
            !key.split(separator: "/", omittingEmptySubsequences: false).contains(where: { $0 == "." || $0 == ".." })
        else { return nil }
        self.bucket = bucket
        self.key = key
    }

    /// The object an `s3://bucket/key` URL names (its key percent-decoded, without the leading
    /// `/`), or `nil` for another scheme, no key, a user or port, a query, or a bad bucket or key.
    public init?(url: URL) {
        guard let components = URLComponents(url: url, resolvingAgainstBaseURL: false),
            Self.schemes.contains(components.scheme?.lowercased() ?? ""),
            let bucket = components.host, components.user == nil, components.port == nil,
            components.query == nil, components.fragment == nil
        else { return nil }
        self.init(bucket: bucket, key: String(components.path.drop { $0 == "/" }))
    }

    /// The schemes object URLs use: `s3` (and `gs`, for Google Cloud Storage through its
    /// S3-interoperable API).
    public static let schemes: Set<String> = ["s3", "gs"]

    /// `s3://bucket/key`.
    public var description: String { "s3://\(bucket)/\(key)" }

    /// Whether `bucket` can be a host name label (virtual-hosted addressing).
    static func isHostLabel(_ bucket: String) -> Bool { !bucket.contains("_") }

    /// `text` encoded as AWS Signature V4 encodes a path (or, without `keepingSlashes`, a query
    /// value): every byte but letters, digits, `-._~` (and `/`) as `%XX` (upper-case hex), so the
    /// URL sent is the one signed.
    static func uriEncoded(_ text: String, keepingSlashes: Bool = true) -> String {
        var encoded = ""
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
                UInt8(ascii: "~"):
                encoded.unicodeScalars.append(Unicode.Scalar(byte))
            case UInt8(ascii: "/") where keepingSlashes:
                encoded.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                let hex = Array("0123456789ABCDEF".unicodeScalars)
                encoded.unicodeScalars.append("%")
                encoded.unicodeScalars.append(hex[Int(byte >> 4)])
                encoded.unicodeScalars.append(hex[Int(byte & 0x0F)])
            }
        }
        return encoded
    }
}
