// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

#if canImport(Glibc)
    internal import Glibc
#elseif canImport(Musl)
    internal import Musl
#endif

/// An IPv4 or IPv6 address, as its network-order bytes.
public struct IPAddress: Hashable, Sendable, CustomStringConvertible {
    /// The 4 bytes of an IPv4 address or the 16 of an IPv6 one, most significant first.
    public let bytes: [UInt8]

    /// An address from its bytes; `nil` unless there are 4 or 16.
    public init?(bytes: [UInt8]) {
        guard bytes.count == 4 || bytes.count == 16 else { return nil }
        self.bytes = bytes
    }

    /// Parses dotted IPv4 (`192.0.2.1`) or IPv6 (`2001:db8::1`, also in brackets as in URLs);
    /// `nil` for anything else, host names included.
    public init?(_ string: some StringProtocol) {
        var text = String(string)
        if text.hasPrefix("["), text.hasSuffix("]") { text = String(text.dropFirst().dropLast()) }
        var v4 = [UInt8](repeating: 0, count: 4)
        var v6 = [UInt8](repeating: 0, count: 16)
        if inet_pton(AF_INET, text, &v4) == 1 {
            bytes = v4
        } else if inet_pton(AF_INET6, text, &v6) == 1 {
            bytes = v6
        } else {
            return nil
        }
    }

    /// Whether this is an IPv4 address.
    public var isIPv4: Bool { bytes.count == 4 }

    /// The IPv4 address an IPv6 one carries to the same host: IPv4-mapped (`::ffff:a.b.c.d`)
    /// or the NAT64 well-known prefix (`64:ff9b::a.b.c.d`); `nil` otherwise.
    public var embeddedIPv4: IPAddress? {
        guard bytes.count == 16 else { return nil }
        let prefix = bytes[0..<12]
        let mapped: [UInt8] = [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xFF, 0xFF]
        let nat64: [UInt8] = [0, 0x64, 0xFF, 0x9B, 0, 0, 0, 0, 0, 0, 0, 0]
        guard prefix.elementsEqual(mapped) || prefix.elementsEqual(nat64) else { return nil }
        return IPAddress(bytes: Array(bytes[12..<16]))
    }

    /// The usual text form (`inet_ntop`).
    public var description: String {
        var text = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN))
        let family = isIPv4 ? AF_INET : AF_INET6
        guard inet_ntop(family, bytes, &text, socklen_t(text.count)) != nil else { return "?" }
        return String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}

/// A block of addresses in CIDR notation, such as `10.0.0.0/8` or `fc00::/7`.
public struct IPNetwork: Hashable, Sendable, CustomStringConvertible {
    /// The first address of the block.
    public let address: IPAddress
    /// How many leading bits every address of the block shares with ``address``.
    public let prefixLength: Int

    /// A block from an address and a prefix length (at most 32 for IPv4, 128 for IPv6); the
    /// bits after the prefix are cleared.
    public init?(address: IPAddress, prefixLength: Int) {
        guard (0...address.bytes.count * 8).contains(prefixLength) else { return nil }
        var bytes = address.bytes
        for index in bytes.indices {
            let kept = min(8, max(0, prefixLength - index * 8))
            bytes[index] &= kept == 0 ? 0 : ~UInt8(0) << (8 - kept)
        }
        self.address = IPAddress(bytes: bytes)!
        self.prefixLength = prefixLength
    }

    /// Parses `address/prefix`; an address alone is a block of one.
    public init?(_ cidr: some StringProtocol) {
        let parts = cidr.split(separator: "/", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count), let address = IPAddress(parts[0]) else { return nil }
        let length = parts.count == 2 ? Int(parts[1]) : address.bytes.count * 8
        guard let length, parts.count == 1 || parts[1].allSatisfy(\.isNumber) else { return nil }
        self.init(address: address, prefixLength: length)
    }

    /// Whether `address` is in the block (never across families).
    public func contains(_ address: IPAddress) -> Bool {
        guard address.bytes.count == self.address.bytes.count else { return false }
        for index in address.bytes.indices {
            let kept = min(8, max(0, prefixLength - index * 8))
            guard kept > 0 else { return true }
            let mask = ~UInt8(0) << (8 - kept)
            guard address.bytes[index] & mask == self.address.bytes[index] else { return false }
        }
        return true
    }

    /// `address/prefix`.
    public var description: String { "\(address)/\(prefixLength)" }
}
