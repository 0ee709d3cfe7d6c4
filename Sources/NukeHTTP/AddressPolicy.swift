// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

/// Which addresses a loader may connect to: an image proxy's first defence against server-side
/// request forgery (a URL that makes the server fetch from itself, its network or the cloud
/// metadata service at 169.254.169.254).
///
/// A loader checks the address it actually connects to, so a host name that resolves to a
/// denied address (DNS rebinding included) is refused like the address itself. An IPv6 address
/// carrying an IPv4 one (`::ffff:127.0.0.1`, `64:ff9b::a.b.c.d`) is judged by the IPv4 address.
/// The default, ``allowAll``, denies nothing; servers fetching URLs from strangers want
/// ``publicInternetOnly``.
public struct AddressPolicy: Hashable, Sendable {
    /// Kinds of addresses that are not on the public internet.
    public struct Ranges: OptionSet, Hashable, Sendable {
        public let rawValue: Int

        /// Creates a set from its raw value.
        public init(rawValue: Int) {
            self.rawValue = rawValue
        }

        /// `127.0.0.0/8` and `::1`: the machine itself.
        public static let loopback = Ranges(rawValue: 1 << 0)
        /// `169.254.0.0/16` (the cloud metadata address among them) and `fe80::/10`.
        public static let linkLocal = Ranges(rawValue: 1 << 1)
        /// `10.0.0.0/8`, `172.16.0.0/12`, `192.168.0.0/16` and unique local `fc00::/7`.
        public static let privateNetworks = Ranges(rawValue: 1 << 2)
        /// `100.64.0.0/10`, carrier-grade NAT's shared address space.
        public static let sharedAddressSpace = Ranges(rawValue: 1 << 3)
        /// `0.0.0.0/8` and `::`, which reach the machine itself on Linux.
        public static let unspecified = Ranges(rawValue: 1 << 4)
        /// `224.0.0.0/4` and `ff00::/8`.
        public static let multicast = Ranges(rawValue: 1 << 5)
        /// `240.0.0.0/4` (the broadcast address among them) and site-local `fec0::/10`.
        public static let reserved = Ranges(rawValue: 1 << 6)

        /// Every range above: all that is not public internet.
        public static let nonPublic: Ranges = [
            .loopback, .linkLocal, .privateNetworks, .sharedAddressSpace, .unspecified, .multicast, .reserved,
        ]

        /// The blocks of each range.
        static let networks: [(Ranges, [IPNetwork])] = [
            (.loopback, ["127.0.0.0/8", "::1/128"]),
            (.linkLocal, ["169.254.0.0/16", "fe80::/10"]),
            (.privateNetworks, ["10.0.0.0/8", "172.16.0.0/12", "192.168.0.0/16", "fc00::/7"]),
            (.sharedAddressSpace, ["100.64.0.0/10"]),
            (.unspecified, ["0.0.0.0/8", "::/128"]),
            (.multicast, ["224.0.0.0/4", "ff00::/8"]),
            (.reserved, ["240.0.0.0/4", "fec0::/10"]),
        ].map { range, blocks in (range, blocks.map { IPNetwork($0)! }) }
    }

    /// The kinds of addresses refused.
    public var deniedRanges: Ranges
    /// More blocks refused, such as an internal network on public addresses.
    public var deniedNetworks: [IPNetwork]
    /// Blocks allowed whatever the rest says, such as one internal origin.
    public var allowedNetworks: [IPNetwork]

    /// Creates a policy.
    public init(denying ranges: Ranges = [], deniedNetworks: [IPNetwork] = [], allowedNetworks: [IPNetwork] = []) {
        self.deniedRanges = ranges
        self.deniedNetworks = deniedNetworks
        self.allowedNetworks = allowedNetworks
    }

    /// Denies nothing: the library's default.
    public static let allowAll = AddressPolicy()

    /// Denies every address that is not on the public internet (``Ranges/nonPublic``).
    public static let publicInternetOnly = AddressPolicy(denying: .nonPublic)

    /// Whether the policy can refuse anything (a loader skips the check if not).
    public var deniesAnything: Bool {
        !deniedRanges.isEmpty || !deniedNetworks.isEmpty
    }

    /// Whether a connection to `address` is allowed.
    public func allows(_ address: IPAddress) -> Bool {
        let address = address.embeddedIPv4 ?? address
        if allowedNetworks.contains(where: { $0.contains(address) }) { return true }
        if deniedNetworks.contains(where: { $0.contains(address) }) { return false }
        return !Ranges.networks.contains { range, blocks in
            deniedRanges.contains(range) && blocks.contains { $0.contains(address) }
        }
    }

    /// Whether a URL's host may be connected to, as far as the name alone tells: `false` for a
    /// denied address literal, or for `localhost` (which always means loopback) when loopback
    /// is denied; `true` for other names, whose addresses only resolving can tell.
    public func allows(host: String) -> Bool {
        if let address = IPAddress(host) { return allows(address) }
        let name = host.lowercased().trimmingSuffix(".")
        if name == "localhost" || name.hasSuffix(".localhost") {
            return allows(IPAddress(bytes: [127, 0, 0, 1])!)
        }
        return true
    }
}

extension String {
    fileprivate func trimmingSuffix(_ suffix: String) -> String {
        hasSuffix(suffix) ? String(dropLast(suffix.count)) : self
    }
}
