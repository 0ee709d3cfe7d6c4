// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

#if canImport(FoundationEssentials)
    package import FoundationEssentials
#else
    package import Foundation
#endif

/// Little-endian integers, as GIF and RIFF (WebP) store them.
extension Data {
    /// Appends the low 16 bits of `value`, least significant byte first.
    package mutating func appendLittleEndian16(_ value: Int) {
        append(contentsOf: [UInt8(value & 0xFF), UInt8((value >> 8) & 0xFF)])
    }

    /// Appends the low 24 bits of `value`, least significant byte first.
    package mutating func appendLittleEndian24(_ value: Int) {
        append(contentsOf: [UInt8(value & 0xFF), UInt8((value >> 8) & 0xFF), UInt8((value >> 16) & 0xFF)])
    }

    /// Appends the low 32 bits of `value`, least significant byte first.
    package mutating func appendLittleEndian32(_ value: Int) {
        appendLittleEndian24(value)
        append(UInt8((value >> 24) & 0xFF))
    }
}
