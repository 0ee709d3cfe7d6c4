// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

import Crypto
import Foundation

/// imgproxy's URL signatures: HMAC-SHA256 over the salt followed by the path (everything after
/// the signature, from its `/`), in URL-safe base64 without padding, optionally truncated.
///
/// Several key and salt pairs may be configured so keys can be rotated: a signature made with
/// any of them is accepted, and ``sign(_:)`` uses the first.
public struct URLSignature: Sendable {
    /// One key and the salt used with it.
    public struct Key: Sendable {
        /// The HMAC key.
        public var key: [UInt8]
        /// Bytes hashed before the path.
        public var salt: [UInt8]

        /// A key and salt from their bytes.
        public init(key: [UInt8], salt: [UInt8]) {
            self.key = key
            self.salt = salt
        }

        /// A key and salt written in hexadecimal, as imgproxy's `IMGPROXY_KEY` and
        /// `IMGPROXY_SALT` are.
        ///
        /// - Throws: ``URLSignatureError/invalidHex`` for text that is not an even number of hex
        ///   digits, or an empty key.
        public init(hexKey: String, hexSalt: String) throws(URLSignatureError) {
            guard let key = Self.bytes(hex: hexKey), !key.isEmpty, let salt = Self.bytes(hex: hexSalt) else {
                throw .invalidHex
            }
            self.init(key: key, salt: salt)
        }

        private static func bytes(hex: String) -> [UInt8]? {
            let digits = Array(hex.utf8)
            guard digits.count.isMultiple(of: 2) else { return nil }
            var bytes: [UInt8] = []
            bytes.reserveCapacity(digits.count / 2)
            for index in stride(from: 0, to: digits.count, by: 2) {
                guard let high = value(of: digits[index]), let low = value(of: digits[index + 1]) else { return nil }
                bytes.append(high << 4 | low)
            }
            return bytes
        }

        private static func value(of digit: UInt8) -> UInt8? {
            switch digit {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit - UInt8(ascii: "A") + 10
            default: nil
            }
        }
    }

    /// The accepted keys; the first signs.
    public var keys: [Key]
    /// How many bytes of the MAC a signature carries (imgproxy's `IMGPROXY_SIGNATURE_SIZE`;
    /// 32, the whole MAC, by default).
    public var size: Int

    /// Signatures with `keys`, truncated to `size` bytes (1–32).
    public init(keys: [Key], size: Int = 32) {
        self.keys = keys
        self.size = min(32, max(1, size))
    }

    /// The signature of `path` (which starts with `/`) made with `key`.
    public func signature(of path: String, key: Key) -> String {
        Self.base64URL(mac(of: path, key: key))
    }

    /// `/<signature><path>`, signed with the first key; `path` starts with `/`.
    public func sign(_ path: String) -> String {
        guard let key = keys.first else { return "/insecure" + path }
        return "/" + signature(of: path, key: key) + path
    }

    /// Whether `signature` is the signature of `path` under any of the keys. Each comparison
    /// takes the same time wherever the bytes differ.
    public func isValid(_ signature: String, for path: String) -> Bool {
        guard let presented = Self.bytes(base64URL: signature), presented.count == size else { return false }
        var isValid = false
        for key in keys {
            let expected = mac(of: path, key: key)
            var difference: UInt8 = 0
            for index in 0..<size { difference |= expected[index] ^ presented[index] }
            isValid = isValid || difference == 0
        }
        return isValid
    }

    private func mac(of path: String, key: Key) -> [UInt8] {
        var message = key.salt
        message.append(contentsOf: path.utf8)
        let code = HMAC<SHA256>.authenticationCode(for: message, using: SymmetricKey(data: key.key))
        return Array(Array(code).prefix(size))
    }

    /// URL-safe base64 without padding.
    static func base64URL(_ bytes: [UInt8]) -> String {
        Data(bytes).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-")
            .replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    /// The bytes of URL-safe base64 text, with or without padding; `nil` if it is not base64.
    static func bytes(base64URL text: String) -> [UInt8]? {
        var standard = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        guard !standard.contains("=") || standard.hasSuffix("=") else { return nil }
        standard = standard.replacingOccurrences(of: "=", with: "")
        standard += String(repeating: "=", count: (4 - standard.count % 4) % 4)
        return Data(base64Encoded: standard).map(Array.init)
    }
}

/// Why a signing key could not be read.
public enum URLSignatureError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The key or salt is not an even number of hexadecimal digits, or the key is empty.
    case invalidHex

    /// A sentence for the operator.
    public var description: String {
        "a signing key or salt is not hexadecimal (an even number of 0-9a-f digits; the key not empty)"
    }
}
