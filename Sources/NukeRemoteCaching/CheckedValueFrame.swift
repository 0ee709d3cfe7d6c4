// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

#if canImport(FoundationEssentials)
    public import FoundationEssentials
#else
    public import Foundation
#endif

/// How a value is stored in a cache on another machine (Redis, an object store), so that it
/// checks itself on the way back: a 24-byte header
/// (magic `NUKR`, version, three zero bytes, the key's length, the payload's length and the
/// XXH64 of the payload, little-endian), then the key, then the payload.
///
/// A value that is truncated, corrupted, written by another program, or stored under another
/// key reads as ``Verdict/invalid``, never as another key's bytes.
public enum CheckedValueFrame {
    public static let magic: [UInt8] = Array("NUKR".utf8)
    public static let version: UInt8 = 1
    public static let headerSize = 24

    /// What a stored value turned out to be.
    public enum Verdict: Equatable, Sendable {
        /// A value of ours for this key; its payload starts at this offset.
        case valid(payloadOffset: Int)
        /// Not a value of ours for this key (the reason, for statistics and logs).
        case invalid(String)
    }

    /// `payload` framed for `key`.
    public static func frame(_ payload: Data, key: [UInt8]) -> [UInt8] {
        var frame = [UInt8]()
        frame.reserveCapacity(headerSize + key.count + payload.count)
        frame += magic
        frame += [version, 0, 0, 0]
        append(UInt32(key.count), to: &frame)
        append(UInt32(payload.count), to: &frame)
        append(payload.withUnsafeBytes { XXH64.hash($0) }, to: &frame)
        frame += key
        frame += payload
        return frame
    }

    /// Where the payload of `stored` starts, if it is a value framed for `key`.
    public static func unframe(_ stored: UnsafeRawBufferPointer, key: [UInt8]) -> Verdict {
        guard stored.count >= headerSize else { return .invalid("shorter than a header") }
        guard stored.prefix(4).elementsEqual(magic) else { return .invalid("not a value of ours") }
        guard stored[4] == version else { return .invalid("version \(stored[4])") }
        guard stored[5] == 0, stored[6] == 0, stored[7] == 0 else { return .invalid("reserved bytes set") }
        let keyLength = Int(UInt32(littleEndian: stored.loadUnaligned(fromByteOffset: 8, as: UInt32.self)))
        let payloadLength = Int(UInt32(littleEndian: stored.loadUnaligned(fromByteOffset: 12, as: UInt32.self)))
        let checksum = UInt64(littleEndian: stored.loadUnaligned(fromByteOffset: 16, as: UInt64.self))
        guard stored.count == headerSize + keyLength + payloadLength else {
            return .invalid("\(stored.count) bytes, the header says \(headerSize + keyLength + payloadLength)")
        }
        let storedKey = UnsafeRawBufferPointer(rebasing: stored[headerSize..<(headerSize + keyLength)])
        guard storedKey.elementsEqual(key) else { return .invalid("stored for another key") }
        let payload = UnsafeRawBufferPointer(rebasing: stored[(headerSize + keyLength)...])
        guard XXH64.hash(payload) == checksum else { return .invalid("checksum mismatch") }
        return .valid(payloadOffset: headerSize + keyLength)
    }

    private static func append<T: FixedWidthInteger>(_ value: T, to frame: inout [UInt8]) {
        withUnsafeBytes(of: value.littleEndian) { frame += $0 }
    }
}
